import Dispatch
import Foundation
import PhotoFeedCLI

// Synchronous until here on purpose: a closed stdout must be reserved before the async runtime
// opens its own descriptors, which would otherwise take its number.
PhotoFeedCommand.reserveClosedStandardStreams()
Task { exit(await PhotoFeedCommand.executeProcessArguments()) }
dispatchMain()
