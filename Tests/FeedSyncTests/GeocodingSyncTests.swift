import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import LayoutTestSupport
import Testing

@Suite(.blockingWork) struct GeocodingSyncTests {
    /// The curated cities (GeoNames, population ≥ 15,000) and no photos, loaded once.
    static let worldStore: FeedStore = {
        let store = try! SyncFixture.store()
        let directory = try! SyncFixture.seedDirectory(users: 1, photos: [])
        try! FileManager.default.removeItem(at: directory.appendingPathComponent("cities.tsv"))
        try! FileManager.default.copyItem(at: SyncFixture.seedDataDirectory.appendingPathComponent("cities.tsv"),
                                          to: directory.appendingPathComponent("cities.tsv"))
        try! store.seedCurated(from: directory)
        return store
    }()

    @Test(arguments: [
        (47.3769, 8.5417, "Zürich, Switzerland"),      // Zürich main station, among the Kreis districts
        (47.4080, 8.5430, "Zürich, Switzerland"),      // Oerlikon: GeoNames' "Zürich (Kreis 11) / Oerlikon"
        (35.0116, 135.7681, "Kyoto, Japan"),
        (48.8566, 2.3522, "Paris, France"),
        (51.4820, 11.9700, "Halle (Saale), Germany"),  // an official name in parentheses stays whole
    ])
    func knownCoordinatesResolveToTheirCity(latitude: Double, longitude: Double, expected: String) throws {
        let place = try ReverseGeocoder().placemark(latitude: latitude, longitude: longitude, in: Self.worldStore)
        #expect(place?.formatted == expected)
    }

    @Test(arguments: [(0.0, -140.0), (-50.0, -130.0), (30.0, -40.0)])
    func theOpenSeaHasNoPlace(latitude: Double, longitude: Double) throws {
        #expect(try ReverseGeocoder().placemark(latitude: latitude, longitude: longitude, in: Self.worldStore) == nil)
    }

    @Test func theRTreeSearchFindsTheTrueNearestCity() throws {
        let cities = try Self.worldStore.writer.read { db in try City.fetchAll(db) }
        var random = SeededRandom(seed: 99)
        let geocoder = ReverseGeocoder()
        for _ in 0 ..< 120 {
            // Near a random city (up to about 80 km off), so that hits and misses both occur.
            let anchor = cities[random.int(in: 0 ... cities.count - 1)]
            let latitude = min(89.9, max(-89.9, anchor.latitude + random.double(in: -0.7 ... 0.7, step: 0.001)))
            let longitude = min(179.9, max(-179.9, anchor.longitude + random.double(in: -0.7 ... 0.7, step: 0.001)))
            var bruteForce: (city: City, distance: Double)?
            for city in cities {
                let distance: Double = Self.kilometres(latitude, longitude, city.latitude, city.longitude)
                guard distance <= 75 else { continue }
                if let best = bruteForce, best.distance < distance || (best.distance == distance && best.city.id < city.id) {
                    continue
                }
                bruteForce = (city, distance)
            }
            let found = try geocoder.placemark(latitude: latitude, longitude: longitude, in: Self.worldStore)
            #expect(found == bruteForce.map { Placemark(city: $0.city) }, "at \(latitude), \(longitude)")
        }
    }

    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let a = pow(sin((lat2 - lat1) * radians / 2), 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * pow(sin((lon2 - lon1) * radians / 2), 2)
        return 6371.0 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    @Test func aDistrictNameGivesItsMunicipality() {
        #expect(Placemark.municipality(ofCityNamed: "Zürich (Kreis 11) / Oerlikon") == "Zürich")
        #expect(Placemark.municipality(ofCityNamed: "Stadt Winterthur (Kreis 1)") == "Stadt Winterthur")
        #expect(Placemark.municipality(ofCityNamed: "Frankfurt (Oder)") == "Frankfurt (Oder)")
        #expect(Placemark.municipality(ofCityNamed: "Biel/Bienne") == "Biel/Bienne")
        #expect(Placemark.municipality(ofCityNamed: "Paris 04 Hôtel-de-Ville") == "Paris")
        #expect(Placemark.municipality(ofCityNamed: "Lyon 03") == "Lyon")
        #expect(Placemark.municipality(ofCityNamed: "Sector 3") == "Sector 3")
        #expect(Placemark.municipality(ofCityNamed: "Al Qusais 1") == "Al Qusais 1")
    }

    @Test func geocodeJobsWriteTheNamesOrResolveToNoPlace() async throws {
        let store = try SyncFixture.seededStore(photos: 4)
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: SyncFixture.fixedSimulation()))
        _ = try await worker.run(until: .idle)
        let rows = try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, l.place_name, l.region, l.country, l.geocode_state, j.result
                FROM photo p JOIN location l ON l.id = p.location_id
                JOIN sync_job j ON j.kind = 'geocode' AND j.target_id = l.id ORDER BY p.id
                """)
        }
        // Photo 1 in Zürich, 2 in Berlin, 3 in the mid-Pacific, 4 has no location.
        #expect(rows.map { $0[0] as Int64 } == [1, 2, 3])
        #expect(rows[0][1] == "Zürich")
        #expect(rows[0][2] == "ZH")
        #expect(rows[0][3] == "Switzerland")
        #expect(rows[0][5] == "Zürich, Switzerland")
        #expect(rows[1][5] == "Berlin, Germany")
        let seaName: String? = rows[2][1], seaCountry: String? = rows[2][3]
        #expect(seaName == nil)
        #expect(seaCountry == nil)
        #expect(rows[2][4] == "resolved")
        #expect(rows[2][5] == "no place within 75 km")
    }
}

@Suite(.blockingWork) struct SyncCancellationTests {
    @Test func aCancelledJobFailsWithoutTouchingItsAsset() async throws {
        let store = try SyncFixture.seededStore(photos: 4)
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: SyncFixture.fixedSimulation()))
        await worker.cancelJob(JobKey(kind: .image, targetID: 2))
        let report = try await worker.run(until: .idle)
        #expect(report.cancelled == 1)
        let jobs = try SyncFixture.jobs(store)
        #expect(jobs[JobKey(kind: .image, targetID: 2)]?.state == "failed")
        #expect(jobs[JobKey(kind: .image, targetID: 2)]?.result == "cancelled")
        #expect(jobs[JobKey(kind: .image, targetID: 1)]?.state == "done")
        let state = try await store.writer.read { db in try String.fetchOne(db, sql: "SELECT image_state FROM photo WHERE id = 2") }
        #expect(state == "pending")
    }

    @Test func aJobDeletedWhileInFlightIsNotApplied() async throws {
        let store = try SyncFixture.seededStore(photos: 8)
        // Every job is claimed in the first batch; right before it commits, photo 8 is deleted
        // with its image and comment-feed jobs, which the worker holds and has run.
        var configuration = SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(concurrency: 1))
        configuration.faultInjection = { point in
            if point == .beforeCommit(batch: 1) { _ = try? store.deletePhoto(id: 8) }
        }
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: configuration)
        let report = try await worker.run(until: .idle)
        #expect(report.cancelled == 2)
        #expect(report.pending == 0)
        #expect(try SyncFixture.jobs(store)[JobKey(kind: .image, targetID: 8)] == nil)
        #expect(try SyncFixture.jobs(store)[JobKey(kind: .commentFeed, targetID: 8)] == nil)
    }

    @Test func cancellingTheTaskCommitsWhatWasDecidedAndReleasesTheRest() async throws {
        let uninterrupted = try SyncFixture.seededStore(photos: 20)
        _ = try await SyncDeterminismTests.run(seed: 3, store: uninterrupted)
        let store = try SyncFixture.seededStore(photos: 20)
        // The relayouter cancels the run's task during the third batch's relayout.
        let relayouter = RecordingRelayouter { call in
            if call == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                configuration: .init(simulation: SyncDeterminismTests.simulation, seed: 3,
                                                     batchSize: 5, overlapsRelayout: false))
        let report = try await Task { try await worker.run(until: .idle) }.value
        #expect(report.pending > 0)
        #expect(report.batches >= 3)
        let states = try SyncFixture.jobs(store).values.map(\.state)
        #expect(!states.contains("running"), "attempts in flight went back to pending")
        _ = try await SyncDeterminismTests.run(seed: 3, store: store)
        #expect(try SyncFixture.userVisibleSnapshot(store) == SyncFixture.userVisibleSnapshot(uninterrupted))
    }
}
