@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The placemark fields reverse geocoding fills from GeoNames: the locality (the municipality),
/// the sub-locality (a district GeoNames names), the administrative areas (admin1 and admin2
/// names, from `cities.tsv`) and the country; a geocode writes them to the location.
@Suite(.blockingWork) struct PlacemarkFieldsTests {
    @Test(arguments: [
        ("Zürich (Kreis 11) / Oerlikon", "Zürich", "Oerlikon"),
        ("Zürich (Kreis 12)", "Zürich", "Kreis 12"),
        ("Paris 04 Hôtel-de-Ville", "Paris", "Hôtel-de-Ville"),
        ("Paris 17 Batignolles-Monceau", "Paris", "Batignolles-Monceau"),
        ("Lyon 03", "Lyon", "3e arrondissement"),
        ("Marseille 01", "Marseille", "1er arrondissement"),
        ("Halle (Saale)", "Halle (Saale)", nil),
        ("Sector 3", "Sector 3", nil),
        ("Kyoto", "Kyoto", nil),
    ] as [(String, String, String?)])
    func aDistrictNameGivesItsMunicipalityAndDistrict(name: String, municipality: String, district: String?) {
        #expect(Placemark.municipality(ofCityNamed: name) == municipality)
        #expect(Placemark.district(ofCityNamed: name) == district)
    }

    @Test func theCuratedCitiesCarryTheirAdministrativeAreas() throws {
        let store = GeocodingTests.worldStore
        let geocoder = ReverseGeocoder()
        let oerlikon = try geocoder.placemark(latitude: 47.40823, longitude: 8.54258, in: store)
        #expect(oerlikon == Placemark(locality: "Zürich", region: "ZH", country: "Switzerland", subLocality: "Oerlikon",
                                      administrativeArea: "Zurich", subAdministrativeArea: "Bezirk Zuerich"))
        let marais = try geocoder.placemark(latitude: 48.86010, longitude: 2.35070, in: store)
        #expect(marais == Placemark(locality: "Paris", region: "11", country: "France", subLocality: "Hôtel-de-Ville",
                                    administrativeArea: "Ile-de-France", subAdministrativeArea: "Paris"))
        let berlin = try geocoder.placemark(latitude: 52.52437, longitude: 13.41053, in: store)
        #expect(berlin == Placemark(locality: "Berlin", region: "16", country: "Germany", administrativeArea: "Berlin"))
        // Most cities have an admin1 name, about half an admin2 name.
        let counts = try store.writer.read { db in
            try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COUNT(administrative_area), COUNT(sub_administrative_area) FROM city
                """)!
        }
        let (all, areas, subAreas) = (counts[0] as Int, counts[1] as Int, counts[2] as Int)
        #expect(all > 30_000 && Double(areas) > 0.8 * Double(all) && Double(subAreas) > 0.4 * Double(all))
    }

    /// A seed directory whose cities file has the two administrative-area columns.
    static func directoryWithAdministrativeAreas() throws -> URL {
        let directory = try SmallSeed.directory()
        try SmallSeed.write([
            "id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation\tadministrative_area"
                + "\tsub_administrative_area",
            "2950159\tBerlin\t16\tDE\tGermany\t52.52437\t13.41053\t3426354\tBerlin\t",
            "2659310\tZürich (Kreis 11) / Oerlikon\tZH\tCH\tSwitzerland\t47.40823\t8.54258\t17922\tZurich\tBezirk Zuerich",
        ], to: directory.appendingPathComponent("cities.tsv"))
        return directory
    }

    @Test func theCitiesFileMayCarryTheAdministrativeAreas() throws {
        let directory = try Self.directoryWithAdministrativeAreas()
        let cities = try SeedFileReader.cities(directory.appendingPathComponent("cities.tsv"))
        #expect(cities.map(\.administrativeArea) == ["Berlin", "Zurich"])
        #expect(cities.map(\.subAdministrativeArea) == [nil, "Bezirk Zuerich"])
        let old = try SeedFileReader.cities(SmallSeed.directory().appendingPathComponent("cities.tsv"))
        #expect(old.count == 3 && old.allSatisfy { $0.administrativeArea == nil && $0.subAdministrativeArea == nil })
        // A line with fewer fields than its header names is refused.
        let broken = directory.appendingPathComponent("cities.tsv")
        try SmallSeed.write([
            "id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation\tadministrative_area"
                + "\tsub_administrative_area",
            "2950159\tBerlin\t16\tDE\tGermany\t52.52437\t13.41053\t3426354",
        ], to: broken)
        #expect(throws: SeedError.self) { try SeedFileReader.cities(broken) }
    }

    @Test(arguments: StoreKind.allCases)
    func aGeocodeWritesEveryPlacemarkFieldAndNamesThemInItsChange(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: Self.directoryWithAdministrativeAreas())
        // Location 1 is photo 1's (52.52, 13.1); move it to Oerlikon.
        try store.writer.write { db in
            try db.execute(sql: "UPDATE location SET latitude = 47.409, longitude = 8.543 WHERE id = 1")
        }
        let rowID = try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM sync_job WHERE kind = 'geocode' AND target_id = 1")!
        }
        let job = ScheduledJob(rowID: rowID, key: JobKey(kind: .geocode, targetID: 1), attemptsDone: 0,
                               coordinate: ScheduledJob.Coordinate(latitude: 47.409, longitude: 8.543))
        var batch = SyncBatch()
        batch.append(.start(rowID: rowID))
        batch.append(.succeed(job, attempt: 1))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        let edit = ContentChange.Edit.location(placeName: "Zürich", country: "Switzerland", state: .resolved,
                                               subLocality: "Oerlikon", administrativeArea: "Zurich",
                                               subAdministrativeArea: "Bezirk Zuerich")
        #expect(result.changes == [ContentChange(photoID: 1, contentVersion: 2, edit: edit)])
        let location = try #require(try store.feedItems(photoIDs: [1])[1]?.location)
        #expect(location == Location(id: 1, latitude: 47.409, longitude: 8.543, placeName: "Zürich", region: "ZH",
                                     country: "Switzerland", geocodeState: .resolved, subLocality: "Oerlikon",
                                     administrativeArea: "Zurich", subAdministrativeArea: "Bezirk Zuerich"))
    }
}
