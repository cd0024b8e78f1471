import Foundation

/// Reads the seed files, turning every problem into a `SeedError` that names file, line and
/// JSON path. Nothing here touches the database.
///
/// Lines end with LF or CRLF. An id may appear once per file: a second line with the same id
/// (a changed record or an exact copy) is refused, naming both lines, rather than replacing the
/// first one. A curated id lies below ``SyntheticFeedGenerator/idBase``, where the generated rows
/// start, so that the curated set never overwrites a generated row (or the other way round).
package enum SeedFileReader {
    package static func jsonLines<Record: SeedRecord>(_ url: URL, as _: Record.Type) throws -> [SeedLine<Record>] {
        let text = try contents(of: url)
        let decoder = JSONDecoder()
        var records: [SeedLine<Record>] = []
        var idLines = UniqueIDs(file: url.path)
        for (index, line) in lines(of: text).enumerated() {
            // Blank lines are skipped; JSON itself allows whitespace around a value.
            if line.allSatisfy(\.isWhitespace) { continue }
            let record: Record
            do {
                record = try decoder.decode(Record.self, from: Data(line.utf8))
            } catch let error as DecodingError {
                throw seedError(error, file: url.path, line: index + 1)
            }
            guard record.id < SyntheticFeedGenerator.idBase else {
                throw SeedError(file: url.path, line: index + 1, path: "$.id",
                                message: "id \(record.id) is in the generated rows' range "
                                    + "(\(SyntheticFeedGenerator.idBase) and above); curated ids lie below it")
            }
            try idLines.insert(record.id, line: index + 1, path: "$.id")
            records.append(SeedLine(line: index + 1, record: record))
        }
        return records
    }

    /// The lines of `text`, split at LF or CRLF. Swift treats CRLF as one `Character`, so
    /// splitting at `"\n"` alone would leave a CRLF file one long line.
    package static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// Milliseconds since 1970 from an ISO 8601 UTC time (`2024-03-29T10:07:00Z`).
    package static func milliseconds(_ text: String, file: String, line: Int, path: String) throws -> Int64 {
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw SeedError(file: file, line: line, path: path,
                            message: "expected an ISO 8601 time like 2024-03-29T10:07:00Z, got \"\(text)\"")
        }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The columns of `cities.tsv`, as its header names them; the last two are optional.
    static let cityColumns = ["id", "name", "region", "country_code", "country", "latitude", "longitude",
                              "population", "administrative_area", "sub_administrative_area"]

    /// `cities.tsv`: a header line, then id, name, region, country code, country, latitude,
    /// longitude, population, and optionally the administrative area and sub-administrative area
    /// names (empty: none). Every line has the header's number of fields, 8 or 10. A first line
    /// that is not that header (a city, say) is refused rather than skipped.
    package static func cities(_ url: URL) throws -> [City] {
        let text = try contents(of: url)
        var cities: [City] = []
        cities.reserveCapacity(40_000)
        var idLines = UniqueIDs(file: url.path)
        var fieldCount = 8
        for (index, line) in lines(of: text).enumerated() {
            if index == 0 {
                let names = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard names == Array(cityColumns.prefix(8)) || names == cityColumns else {
                    let firstField = line.prefix { $0 != "\t" }.prefix(40)
                    throw SeedError(file: url.path, line: 1, message: "expected the header line naming the columns "
                                        + "(\(cityColumns.prefix(8).joined(separator: ", ")), optionally "
                                        + "\(cityColumns.suffix(2).joined(separator: ", ")), tab-separated), "
                                        + "got a line whose first field is \"\(firstField)\"")
                }
                fieldCount = names.count
                continue
            }
            if line.isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            func fail(_ message: String) -> SeedError { SeedError(file: url.path, line: index + 1, message: message) }
            guard fields.count == fieldCount else {
                throw fail("expected \(fieldCount) tab-separated fields, found \(fields.count)")
            }
            guard let id = Int64(fields[0]) else { throw fail("id: expected an integer, got \"\(fields[0])\"") }
            try idLines.insert(id, line: index + 1, path: nil)
            guard let latitude = Double(fields[5]), (-90...90).contains(latitude) else {
                throw fail("latitude: expected a number in -90...90, got \"\(fields[5])\"")
            }
            guard let longitude = Double(fields[6]), (-180...180).contains(longitude) else {
                throw fail("longitude: expected a number in -180...180, got \"\(fields[6])\"")
            }
            guard let population = Int(fields[7]) else {
                throw fail("population: expected an integer, got \"\(fields[7])\"")
            }
            func optional(_ index: Int) -> String? {
                index < fields.count && !fields[index].isEmpty ? String(fields[index]) : nil
            }
            cities.append(City(id: id, name: String(fields[1]), region: optional(2),
                               countryCode: String(fields[3]), country: String(fields[4]), latitude: latitude,
                               longitude: longitude, population: population, administrativeArea: optional(8),
                               subAdministrativeArea: optional(9)))
        }
        return cities
    }

    /// The text of `url`: a file, or a compiled-in seed-data file (``ResourceLocator``).
    package static func contents(of url: URL) throws -> String {
        if ResourceLocator.isBundled(url) {
            guard let file = ResourceLocator.bundledSeedDataFile(url) else {
                throw SeedError(file: url.absoluteString, message: "not built into this executable")
            }
            return file.text
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SeedError(file: url.path, message: "missing or unreadable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SeedError(file: url.path, message: "not valid UTF-8")
        }
        return text
    }

    package static func seedError(_ error: DecodingError, file: String, line: Int) -> SeedError {
        func path(_ keys: [any CodingKey]) -> String {
            "$" + keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context):
            return SeedError(file: file, line: line, path: path(context.codingPath),
                             message: "expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return SeedError(file: file, line: line, path: path(context.codingPath),
                             message: "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            return SeedError(file: file, line: line, path: path(context.codingPath + [key]),
                             message: "missing field \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return SeedError(file: file, line: line, message: "invalid JSON")
            }
            return SeedError(file: file, line: line, path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return SeedError(file: file, line: line, message: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        default: "a \(type)"
        }
    }
}

/// The line each id of one seed file first appeared on; a second appearance is a `SeedError`
/// at the second line that names the first.
package struct UniqueIDs {
    let file: String
    private var lines: [Int64: Int] = [:]

    package init(file: String) {
        self.file = file
    }

    package mutating func insert(_ id: Int64, line: Int, path: String?) throws {
        if let first = lines.updateValue(line, forKey: id) {
            throw SeedError(file: file, line: line, path: path,
                            message: "duplicate id \(id), first on \(file):\(first)")
        }
    }
}
