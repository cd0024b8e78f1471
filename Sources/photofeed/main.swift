import Foundation
import PhotoFeedCLI

exit(await PhotoFeedCommand.execute(Array(CommandLine.arguments.dropFirst())))
