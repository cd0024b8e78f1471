import FeedRendering
import PhotoFeed
import Testing

@Suite struct LayoutReportFormatterTests {
    @Test func reportMatchesGolden() {
        // Given 10 cells at 375 pt @3x and 2 at 320 pt @2x, one stale, 30 hits and 10 misses
        // When formatted, Then the table reads as follows (p50/p90 by nearest rank: the 5th and
        // 9th of 10 heights; six equal buckets from min to max; bars scaled to the fullest bucket)
        #expect(LayoutReportFormatter().format(ReportSamples.report) == """
            Layout cache (engine version 3)
              entries    12
              stale      1 (8.3%)
              stored     9 layouts (identical cells share one)
              hits       30
              misses     10
              hit ratio  75%

            Size ranges
              min      max        scale  entries
              320 × 0  320 × inf    @2x        2
              375 × 0  375 × inf    @3x       10

            Heights (pt) per width
              width  scale  cells    min    p50  p90    max
                320    @2x      2  421.5  421.5  433    433
                375    @3x     10  456.7    480  530  612.3

              320 pt @2x
                421.5  –  423.4  ##############################      1
                423.4  –  425.3                                      0
                425.3  –  427.3                                      0
                427.3  –  429.2                                      0
                429.2  –  431.1                                      0
                431.1  –    433  ##############################      1

              375 pt @3x
                456.7  –  482.6  ##############################      5
                482.6  –  508.6  ############                        2
                508.6  –  534.5  ############                        2
                534.5  –  560.4                                      0
                560.4  –  586.4                                      0
                586.4  –  612.3  ######                              1

            Tallest cells
              photo  width  scale  height
                  5    375    @3x   612.3
                 10    375    @3x     530
                  4    375    @3x     520

            Shortest cells
              photo  width  scale  height
                  1    320    @2x   421.5
                  2    320    @2x     433  stale
                  3    375    @3x   456.7

            """)
    }

    @Test func emptyCacheSaysSo() {
        #expect(LayoutReportFormatter().format(ReportSamples.empty) == """
            Layout cache (engine version 1)
              entries    0
              stale      0
              stored     0 layouts (identical cells share one)
              hits       0
              misses     0
              hit ratio  n/a (no lookups yet)

            Size ranges: none cached

            Heights: no cached cells

            Tallest and shortest cells: none cached

            """)
    }

    @Test func orderDoesNotChangeTheTable() {
        // Given the same data with rows shuffled deterministically
        var shuffled = ReportSamples.report
        shuffled.sizeRanges.reverse()
        shuffled.cellHeights = shuffled.cellHeights.enumerated().sorted { ($0.offset * 7) % 12 < ($1.offset * 7) % 12 }
            .map(\.element)
        #expect(shuffled.cellHeights != ReportSamples.report.cellHeights)
        #expect(LayoutReportFormatter().format(shuffled) == LayoutReportFormatter().format(ReportSamples.report))
    }

    @Test func extremesHonourTheRequestedCount() {
        let text = LayoutReportFormatter(extremeCount: 1).format(ReportSamples.report)
        #expect(text.hasSuffix("""
            Tallest cells
              photo  width  scale  height
                  5    375    @3x   612.3

            Shortest cells
              photo  width  scale  height
                  1    320    @2x   421.5

            """))
    }
}

@Suite struct HeightDistributionTests {
    @Test func percentilesUseNearestRank() throws {
        let distribution = try #require(HeightDistribution((1...20).map(Double.init).reversed()))
        #expect(distribution.count == 20)
        #expect(distribution.min == 1 && distribution.max == 20)
        #expect(distribution.p50 == 10)
        #expect(distribution.p90 == 18)
    }

    @Test func bucketsCoverMinToMaxAndCountEveryHeight() throws {
        let distribution = try #require(HeightDistribution([0, 1, 2, 3, 4, 5, 6, 12], bucketCount: 4))
        #expect(distribution.buckets.map(\.lower) == [0, 3, 6, 9])
        #expect(distribution.buckets.map(\.upper) == [3, 6, 9, 12])
        #expect(distribution.buckets.map(\.count) == [3, 3, 1, 1])
    }

    @Test func equalHeightsMakeOneBucketAndNoHeightsNoDistribution() throws {
        let single = try #require(HeightDistribution([42, 42, 42]))
        #expect(single.buckets == [HeightDistribution.Bucket(lower: 42, upper: 42, count: 3)])
        #expect(single.p50 == 42 && single.p90 == 42)
        #expect(HeightDistribution([]) == nil)
        #expect(HeightDistribution([.nan, .infinity]) == nil)
    }

    @Test func hitRatio() {
        #expect(ReportSamples.report.hitRatio == 0.75)
        #expect(ReportSamples.empty.hitRatio == nil)
    }
}
