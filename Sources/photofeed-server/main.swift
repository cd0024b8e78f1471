import ArgumentParser
import Dispatch
import FeedModel
import FeedService
import FeedStorePostgres
import Foundation
import PhotoFeedCLI

/// `photofeed` with every command plus the HTTP service's `serve`, and PostgreSQL URLs for the
/// commands ported to the store seam (bin/photofeed runs this build for the commands that need it).
struct PhotoFeedServerCommand: AsyncParsableCommand {
    static let configuration = PhotoFeedCommand.rootConfiguration(adding: [ServeCommand.self])
}

PhotoFeedCommand.reserveClosedStandardStreams()
StoreBackends.register(.init(schemes: DatabaseKind.postgres.urlSchemes) { url, environment, target in
    try PostgresFeedStore(location: PostgresLocation(url: url, environment: environment), migrationTarget: target)
})
Task { exit(await PhotoFeedCommand.executeProcessArguments(root: PhotoFeedServerCommand.self)) }
dispatchMain()
