import ArgumentParser
import Dispatch
import FeedService
import Foundation
import PhotoFeedCLI

/// `photofeed` with every command plus the HTTP service's `serve` (bin/photofeed runs this build
/// for the commands that need it).
struct PhotoFeedServerCommand: AsyncParsableCommand {
    static let configuration = PhotoFeedCommand.rootConfiguration(adding: [ServeCommand.self])
}

PhotoFeedCommand.reserveClosedStandardStreams()
Task { exit(await PhotoFeedCommand.executeProcessArguments(root: PhotoFeedServerCommand.self)) }
dispatchMain()
