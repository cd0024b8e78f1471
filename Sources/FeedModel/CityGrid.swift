/// The cities held in memory, bucketed in a grid of half-degree cells, for the sync daemon's
/// reverse geocoding: ``NearestCity``'s search with each box answered from memory instead of by
/// a query of the database.
///
/// Each city is put in the cell of its coordinates (the `city` table's, the ones every search
/// measures to), and a box visits the cells it meets and keeps the cities whose coordinates lie
/// in it. So every lookup gives the answer of the store's own search, and of a scan of every
/// city. The names of the winner are still read from `city`.
///
/// ```swift
/// let grid = try CityGrid(db)  // FeedStore reads the cities (CityGrid+SQLite.swift)
/// let id = try grid.nearestCityID(latitude: 46.95, longitude: 7.45, maxKilometres: 75)
/// ```
package struct CityGrid: Sendable {
    /// Cells per degree, on both axes.
    static let cellsPerDegree = 2.0
    static let rows = Int(180 * cellsPerDegree)
    static let columns = Int(360 * cellsPerDegree)

    /// One city and its coordinates.
    package struct Entry: Sendable {
        package var id: Int64
        package var latitude: Double
        package var longitude: Double

        package init(id: Int64, latitude: Double, longitude: Double) {
            self.id = id
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The entries of cell `c` are `entries[cellStart[c] ..< cellStart[c + 1]]` (cells row-major,
    /// from latitude −90 and longitude −180).
    private let cellStart: [Int32]
    private let entries: [Entry]

    package init(_ cities: [Entry]) {
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for city in cities { counts[Self.cell(of: city)] += 1 }
        var start: Int32 = 0
        for cell in counts.indices {
            let count = counts[cell]
            counts[cell] = start
            start += count
        }
        var next = counts
        var placed = [Entry](repeating: Entry(id: 0, latitude: 0, longitude: 0), count: Int(start))
        for city in cities {
            let cell = Self.cell(of: city)
            placed[Int(next[cell])] = city
            next[cell] += 1
        }
        cellStart = counts
        entries = placed
    }

    /// How many cities the grid holds.
    package var entryCount: Int { entries.count }

    /// The id of the nearest city within `maxKilometres` of a coordinate, or nil: what
    /// `NearestCitySearch.nearestCityID(latitude:longitude:maxKilometres:)` answers.
    package func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double) -> Int64? {
        // The box query cannot fail: no database is read.
        try? NearestCity.nearestCityID(latitude: latitude, longitude: longitude,
                                       maxKilometres: maxKilometres, boxes: visit)
    }

    /// Visits every city whose coordinates lie in `box`.
    private func visit(_ box: NearestCity.Box, _ body: (Int64, Double, Double) -> Void) {
        // NaN bounds select nothing.
        guard !box.minLatitude.isNaN, !box.maxLatitude.isNaN, !box.minLongitude.isNaN, !box.maxLongitude.isNaN
        else { return }
        for row in Self.row(box.minLatitude) ... Self.row(box.maxLatitude) {
            for column in Self.column(box.minLongitude) ... Self.column(box.maxLongitude) {
                let cell = row * Self.columns + column
                for index in Int(cellStart[cell]) ..< Int(cellStart[cell + 1]) {
                    let city = entries[index]
                    guard city.latitude >= box.minLatitude, city.latitude <= box.maxLatitude,
                          city.longitude >= box.minLongitude, city.longitude <= box.maxLongitude else { continue }
                    body(city.id, city.latitude, city.longitude)
                }
            }
        }
    }

    /// The cell of a city's coordinates.
    private static func cell(of city: Entry) -> Int {
        row(city.latitude) * columns + column(city.longitude)
    }

    /// The grid row of a latitude, clamped to the grid (a box may reach past ±90).
    private static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) * cellsPerDegree).rounded(.down))))
    }

    /// The grid column of a longitude, clamped to the grid.
    private static func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int(((longitude + 180) * cellsPerDegree).rounded(.down))))
    }
}
