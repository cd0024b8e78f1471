import FeedModel
import Testing

/// The one registry of URL schemes: which store a `--db` location names.
@Suite struct DatabaseKindTests {
    @Test(arguments: [
        ("postgres://feed:secret@db.example:5432/photos", DatabaseKind.postgres, "postgres"),
        ("postgresql://me@localhost/feed", .postgres, "postgresql"),
        ("photofeed.sqlite", .sqlite, nil),
        (":memory:", .sqlite, nil),
        ("/tmp/postgres://x", .sqlite, nil),
        ("mysql://me@localhost/feed", .sqlite, nil),
        ("Postgres://me@localhost/feed", .sqlite, nil),
    ] as [(String, DatabaseKind, String?)])
    func aLocationNamesTheStoreOfItsScheme(location: String, kind: DatabaseKind, scheme: String?) {
        // Given a location as `--db` takes it; Then the registry names its store and scheme
        #expect(DatabaseKind(location: location) == kind)
        #expect(DatabaseKind.serverScheme(of: location) == scheme)
    }

    @Test
    func onlyServerStoresHaveSchemes() {
        #expect(DatabaseKind.sqlite.urlSchemes.isEmpty)
        #expect(DatabaseKind.postgres.urlSchemes == ["postgres", "postgresql"])
    }
}
