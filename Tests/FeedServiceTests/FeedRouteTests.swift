import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import LayoutTestSupport
import Testing

/// `GET /v1/feed` and `GET /v1/photos/{id}` in-process: the four-photo feed at 375 points, its
/// layouts (the same frames as the CLI's golden page), the cell's texts, cursors, entity tags.
@Suite struct FeedRouteTests {
    @Test func aFeedPageCarriesContentTextsAndLayouts() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/feed?width=375&limit=3", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(response.headers[.cacheControl] == "no-cache")
                let page = ServiceFixture.object(response)
                let items = page["items"] as? [[String: Any]] ?? []
                #expect(items.map { $0["photoId"] as? Int } == [4, 1, 3])
                try #require(items.count == 3)
                #expect(page["next"] as? String == "djE6MTc0OTY0MzIwMDAwMDoz")
                // How the layouts were found is a header, not part of the body or its tag.
                #expect(items.allSatisfy { $0["cache"] == nil })
                #expect(response.headers[ServiceFixture.serverTiming] == "layout-cache;desc=\"hits=0 misses=3\"")
                let photo1 = items[1]
                let layout = photo1["layout"] as? [String: Any]
                #expect(layout?["size"] as? [Double] == [375, 537.5])
                let nodes = layout?["nodes"] as? [[String: Any]] ?? []
                try #require(nodes.count == 8)
                #expect(nodes.map { $0["id"] as? String } == [
                    "avatar", "userName", "location", "time", "photo", "likes", "description", "comments",
                ])
                #expect(nodes[4]["frame"] as? [Double] == [0, 50, 375, 375])
                #expect(nodes[7]["frame"] as? [Double] == [10, 473, 355, 59.5])
                // The comment labels' frames, nested under the comments node, relative to it
                let labels = nodes[7]["nodes"] as? [[String: Any]] ?? []
                #expect(labels.map { $0["id"] as? String } == ["comment0", "comment1", "comment2"])
                #expect(labels.map { $0["frame"] as? [Double] } == [[0, 0, 355, 16.5], [0, 21.5, 355, 16.5],
                                                                    [0, 43, 355, 16.5]])
                let image = photo1["photo"] as? [String: Any]
                #expect(image?["url"] as? String == "https://p.example/1.jpg")
                #expect(image?["pixelWidth"] as? Int == 1080 && image?["pixelHeight"] as? Int == 1350)
                #expect(image?["uploadedAt"] as? Int == 1_749_988_500_000)
                let user = photo1["user"] as? [String: Any]
                #expect(user?["name"] as? String == "ana" && user?["avatarURL"] as? String == "https://a.example/ana.jpg")
                #expect(photo1["location"] as? String == "Germany")
                // The placemark's fields beside the label (the rule falls to the country: no admin names)
                #expect(photo1["placemark"] as? [String: String] == ["locality": "Berlin", "country": "Germany"])
                #expect(photo1["likes"] as? Int == 3 && photo1["commentCount"] as? Int == 3)
                #expect(photo1["title"] as? String == "Harbour")
                #expect(photo1["description"] as? String == "Fog on the water.")
                #expect(photo1["comments"] as? [String] == ["bo Beautiful!", "chen Where is this?",
                                                           "ana Berlin, by the river."])
                #expect(photo1["texts"] as? [String: String] == [
                    "userName": "ana", "location": "Germany", "time": "5m", "likes": "\u{2665}\u{FE0E} 3 likes",
                    "description": "ana Harbour", "comment0": "bo Beautiful!",
                    "comment1": "chen Where is this?", "comment2": "ana Berlin, by the river.",
                ])
                // Not geocoded: no location label, and a null location.
                #expect(items[2]["location"] is NSNull && items[2]["placemark"] is NSNull)
                #expect((items[2]["texts"] as? [String: String])?["location"] == nil)
            }
            // A page laid out, then read from the layout cache, then answered from memory: one
            // body, one tag; only Server-Timing tells them apart.
            let pages = [
                try await client.execute(uri: "/v1/feed?width=320&limit=2", method: .get),
                try await client.execute(uri: "/v1/feed?width=320&limit=2", method: .get),
                try await client.execute(uri: "/v1/feed?width=320&limit=2", method: .get),
            ]
            #expect(pages.map { $0.headers[ServiceFixture.serverTiming] } == [
                "layout-cache;desc=\"hits=0 misses=2\"", "layout-cache;desc=\"hits=2 misses=0\"",
                "response-cache;desc=\"hit\"",
            ])
            #expect(Set(pages.map(\.body)).count == 1 && Set(pages.map { $0.headers[.eTag] }).count == 1)
            // The next page ends the feed.
            try await client.execute(uri: "/v1/feed?width=375&limit=3&after=djE6MTc0OTY0MzIwMDAwMDoz",
                                     method: .get) { response in
                let page = ServiceFixture.object(response)
                #expect((page["items"] as? [[String: Any]])?.map { $0["photoId"] as? Int } == [2])
                #expect(page["next"] is NSNull)
            }
        }
    }

    @Test func anUnchangedPageAnswers304ToItsTag() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            // The first response computed the layouts ("miss"), so its body differs from the next.
            _ = try await client.execute(uri: "/v1/feed?width=375&scale=3", method: .get)
            let first = try await client.execute(uri: "/v1/feed?width=375&scale=3", method: .get)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
            let again = try await client.execute(uri: "/v1/feed?width=375&scale=3", method: .get,
                                                 headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            let listed = try await client.execute(uri: "/v1/feed?width=375&scale=3", method: .get,
                                                  headers: [.ifNoneMatch: "\"0000000000000000\", W/\(tag)"])
            #expect(listed.status == .notModified)
            // Another width is another body and another tag.
            let other = try await client.execute(uri: "/v1/feed?width=320&scale=3", method: .get,
                                                 headers: [.ifNoneMatch: tag])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != tag)
        }
    }

    @Test func onePhotoAndAnUnknownOne() async throws {
        let app = try ServiceFixture.service().service.application()
        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/photos/1?width=320", method: .get) { response in
                #expect(response.status == .ok)
                let item = ServiceFixture.object(response)
                #expect(item["photoId"] as? Int == 1)
                #expect((item["layout"] as? [String: Any])?["size"] as? [Double] == [320, 482.5])
                #expect(response.headers[.eTag] != nil)
            }
            try await client.execute(uri: "/v1/photos/999?width=320", method: .get) { response in
                let detail = ServiceFixture.expectProblem(response, status: 404)
                #expect(detail == "no photo has the id 999")
            }
            try await client.execute(uri: "/v1/photos/abc?width=320", method: .get) { response in
                ServiceFixture.expectProblem(response, status: 400, parameter: "id")
            }
            try await client.execute(uri: "/v1/photos/1", method: .get) { response in
                ServiceFixture.expectProblem(response, status: 400, parameter: "width")
            }
        }
    }

    /// The CLI's ranges, with the parameter's name: the same values fail.
    @Test func badParametersAre400ProblemsNamingTheParameter() async throws {
        let app = try ServiceFixture.service().service.application()
        let cases: [(query: String, parameter: String, detail: String)] = [
            ("", "width", "width is required: the cell width in points, from 1 to 10000"),
            ("width=0", "width", "width must be from 1 to 10000 points, not 0"),
            ("width=10000.5", "width", "width must be from 1 to 10000 points, not 10000.5"),
            ("width=abc", "width", "width must be a number, not \"abc\""),
            ("width=nan", "width", "width must be a number, not \"nan\""),
            ("width=375%00abc", "width", "width must be a number, not \"375\\0abc\""),
            ("width=375&scale=2%00", "scale", "scale must be a number, not \"2\\0\""),
            ("width=375&limit=20%00", "limit", "limit must be a whole number, not \"20\\0\""),
            ("width=375&scale=0.4", "scale", "scale must be from 0.5 to 10, not 0.4"),
            ("width=375&scale=11", "scale", "scale must be from 0.5 to 10, not 11"),
            ("width=375&limit=0", "limit", "limit must be from 1 to 10000, not 0"),
            ("width=375&limit=10001", "limit", "limit must be from 1 to 10000, not 10001"),
            ("width=375&limit=2.5", "limit", "limit must be a whole number, not \"2.5\""),
        ]
        try await app.test(.router) { client in
            for (query, parameter, detail) in cases {
                let response = try await client.execute(uri: "/v1/feed?\(query)", method: .get)
                #expect(ServiceFixture.expectProblem(response, status: 400, parameter: parameter) == detail,
                        "\(query)")
            }
            let cursor = try await client.execute(uri: "/v1/feed?width=375&after=not-a-cursor", method: .get)
            let detail = ServiceFixture.expectProblem(cursor, status: 400, parameter: "after")
            #expect(detail.contains("not-a-cursor"))
        }
    }
}
