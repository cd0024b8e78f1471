/// A record whose coding keys are its table's columns, in the table's order: the one list of them
/// both stores build their select lists and readers from (`Columns.all` on SQLite, the
/// PostgreSQL store's select lists, each column read checked by this name).
///
/// ```swift
/// Photo.columnNames  // ["id", "owner_id", "location_id", "url", …, "comments_loaded"]
/// ```
package protocol ColumnListing {
    associatedtype CodingKeys: CodingKey & CaseIterable
}

extension ColumnListing {
    /// The table's column names, in the coding keys' order.
    package static var columnNames: [String] { CodingKeys.allCases.map(\.stringValue) }
}

extension Photo: ColumnListing {}
extension User: ColumnListing {}
extension Location: ColumnListing {}
