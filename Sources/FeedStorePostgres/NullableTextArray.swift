import PostgresNIO

/// A `text[]` parameter whose elements may be NULL (postgres-nio encodes arrays of non-optional
/// elements only): one column of rows that `unnest` turns back into rows.
struct NullableTextArray: PostgresNonThrowingEncodable, PostgresDynamicTypeEncodable {
    var values: [String?]

    init(_ values: [String?]) {
        self.values = values
    }

    static var psqlType: PostgresDataType { .textArray }
    static var psqlFormat: PostgresFormat { .binary }

    /// PostgreSQL's binary array format: dimensions, whether any element is NULL, the element
    /// type, then the one dimension's length and lower bound, then each element as its length
    /// (-1 for NULL) and bytes.
    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer,
                                                  context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(values.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(values.contains(nil) ? 1 : 0, as: Int32.self)
        buffer.writeInteger(PostgresDataType.text.rawValue)
        guard !values.isEmpty else { return }
        buffer.writeInteger(Int32(values.count))
        buffer.writeInteger(1, as: Int32.self)
        for value in values {
            guard let value else {
                buffer.writeInteger(-1, as: Int32.self)
                continue
            }
            buffer.writeInteger(Int32(value.utf8.count))
            buffer.writeString(value)
        }
    }
}
