import ArgumentParser
import PhotoFeedCLI

// Parse and dispatch by hand: in top-level code `await PhotoFeedCommand.main()` resolves to
// ParsableCommand's synchronous `main()`, which refuses an async root command at run time.
do {
    var command = try PhotoFeedCommand.parseAsRoot()
    if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
    } else {
        try command.run()
    }
} catch {
    PhotoFeedCommand.exit(withError: error)
}
