import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A test that runs the built executable fails when it is not there: a missing build is a
/// failure to see, never a pass with nothing checked.
@Suite(.blockingWork) struct PhotoFeedProcessTests {
    @Test func aMissingExecutableIsAnError() throws {
        // Given a path where no executable is: a missing file, and a file that cannot be run
        let directory = try FeedTestStore.temporaryDirectory()
        let missing = directory.appendingPathComponent("photofeed")
        let plain = directory.appendingPathComponent("plain")
        try Data("not a program".utf8).write(to: plain)

        // Then asking for it throws, naming the path
        let error = #expect(throws: PhotoFeedProcess.NotBuilt.self) { try PhotoFeedProcess.built(missing) }
        #expect(error?.description.contains(missing.path) == true)
        #expect(throws: PhotoFeedProcess.NotBuilt.self) { try PhotoFeedProcess.built(plain) }
    }

    @Test func aTestWhoseExecutableIsMissingFails() {
        // A test that asks for a missing executable records an issue (here an expected one).
        withKnownIssue("no executable at the path") {
            _ = try PhotoFeedProcess.built(URL(fileURLWithPath: "/nonexistent/photofeed"))
        }
    }

    @Test func theBuiltExecutableIsTheOneBesideTheTests() throws {
        #expect(try PhotoFeedProcess.built() == PhotoFeedProcess.executableURL)
    }
}
