/// The `city_rtree` R*Tree's city bounds held in memory, bucketed in a grid of half-degree
/// cells, for the sync daemon's reverse geocoding: ``NearestCity``'s search with each box
/// answered from memory instead of by an R*Tree query.
///
/// Each city is put in every cell its bounds meet (one, or a few at a cell border), and a box
/// visits the cells it meets and keeps the cities whose bounds meet it by the R*Tree's own
/// comparisons, on the same bounds (its 32-bit floats, read back as doubles). So a box holds
/// exactly the cities the R*Tree returns for it (a city on two cells is visited twice, which
/// changes no least-by-distance-then-id answer), and every lookup gives the R*Tree search's
/// answer. The names of the winner are still read from `city`.
///
/// ```swift
/// let grid = try CityGrid(db)  // FeedStore reads the R*Tree (CityGrid+SQLite.swift)
/// let id = try grid.nearestCityID(latitude: 46.95, longitude: 7.45, maxKilometres: 75)
/// ```
package struct CityGrid: Sendable {
    /// Cells per degree, on both axes.
    static let cellsPerDegree = 2.0
    static let rows = Int(180 * cellsPerDegree)
    static let columns = Int(360 * cellsPerDegree)

    /// One city as the R*Tree holds it.
    package struct Entry: Sendable {
        package var id: Int64
        package var minLatitude: Double
        package var maxLatitude: Double
        package var minLongitude: Double
        package var maxLongitude: Double

        package init(id: Int64, minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
            self.id = id
            self.minLatitude = minLatitude
            self.maxLatitude = maxLatitude
            self.minLongitude = minLongitude
            self.maxLongitude = maxLongitude
        }
    }

    /// The entries of cell `c` are `entries[cellStart[c] ..< cellStart[c + 1]]` (cells row-major,
    /// from latitude −90 and longitude −180).
    private let cellStart: [Int32]
    private let entries: [Entry]

    package init(_ cities: [Entry]) {
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        for city in cities { Self.forEachCell(of: city) { counts[$0] += 1 } }
        var start: Int32 = 0
        for cell in counts.indices {
            let count = counts[cell]
            counts[cell] = start
            start += count
        }
        var next = counts
        var placed = [Entry](repeating: Entry(id: 0, minLatitude: 0, maxLatitude: 0, minLongitude: 0, maxLongitude: 0),
                             count: Int(start))
        for city in cities {
            Self.forEachCell(of: city) { cell in
                placed[Int(next[cell])] = city
                next[cell] += 1
            }
        }
        cellStart = counts
        entries = placed
    }

    /// How many cities the grid holds entries for (a city on a cell border counts once per cell).
    package var entryCount: Int { entries.count }

    /// The id of the nearest city within `maxKilometres` of a coordinate, or nil: what
    /// `NearestCitySearch.nearestCityID(latitude:longitude:maxKilometres:)` answers.
    package func nearestCityID(latitude: Double, longitude: Double, maxKilometres: Double) -> Int64? {
        // The box query cannot fail: no database is read.
        try? NearestCity.nearestCityID(latitude: latitude, longitude: longitude,
                                       maxKilometres: maxKilometres, boxes: visit)
    }

    /// Visits every city whose bounds meet `box`, as the R*Tree selects them.
    private func visit(_ box: NearestCity.Box, _ body: (Int64, Double, Double, Double, Double) -> Void) {
        // NaN bounds select nothing in the R*Tree either.
        guard !box.minLatitude.isNaN, !box.maxLatitude.isNaN, !box.minLongitude.isNaN, !box.maxLongitude.isNaN
        else { return }
        let rows = Self.row(box.minLatitude) ... Self.row(box.maxLatitude)
        let columns = Self.column(box.minLongitude) ... Self.column(box.maxLongitude)
        for row in rows {
            for column in columns {
                let cell = row * Self.columns + column
                for index in Int(cellStart[cell]) ..< Int(cellStart[cell + 1]) {
                    let city = entries[index]
                    guard city.maxLatitude >= box.minLatitude, city.minLatitude <= box.maxLatitude,
                          city.maxLongitude >= box.minLongitude, city.minLongitude <= box.maxLongitude else { continue }
                    body(city.id, city.minLatitude, city.maxLatitude, city.minLongitude, city.maxLongitude)
                }
            }
        }
    }

    /// Calls `body` with every cell the city's bounds meet.
    private static func forEachCell(of city: Entry, _ body: (Int) -> Void) {
        for row in row(city.minLatitude) ... row(city.maxLatitude) {
            for column in column(city.minLongitude) ... column(city.maxLongitude) {
                body(row * columns + column)
            }
        }
    }

    /// The grid row of a latitude, clamped to the grid (bounds beyond ±90 fall in the edge rows).
    private static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) * cellsPerDegree).rounded(.down))))
    }

    /// The grid column of a longitude, clamped to the grid (a box may reach past ±180, and the
    /// R*Tree does not wrap it around either).
    private static func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int(((longitude + 180) * cellsPerDegree).rounded(.down))))
    }
}
