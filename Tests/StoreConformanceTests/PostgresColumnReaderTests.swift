import FeedModel
@testable import FeedStorePostgres
import LayoutTestSupport
import Testing

/// PostgreSQL rows are read in order with each column checked by name: a reader out of step with
/// its select list fails on the first row, naming the column, instead of decoding another
/// column's value.
@Suite("PostgreSQL columns by name", .blockingWork, .timeLimit(minutes: 10))
struct PostgresColumnReaderTests {
    @Test func aColumnOutOfPlaceIsNamed() throws {
        // Given a row whose second column is not the one the reader expects next
        let row = try #require(try TestCluster.rows("SELECT 7::bigint AS id, 'x'::text AS title").first)
        var reader = PostgresColumnReader(row)

        // When it reads, Then the first column decodes and the second is refused by name
        #expect(try reader.int64(Photo.CodingKeys.id) == 7)
        #expect(throws: PostgresColumnReader.Mismatch.self) { try reader.text(Photo.CodingKeys.url) }
        let error = try #require(throws: PostgresColumnReader.Mismatch.self) { try reader.text("owner_id") }
        #expect("\(error)" == "column 2 is title, expected owner_id")
    }
}
