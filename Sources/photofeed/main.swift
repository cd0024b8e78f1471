import PhotoFeedCLI

/// Top-level `await PhotoFeedCommand.main()` resolves to ParsableCommand's synchronous `main()`,
/// which refuses an async root command; inside an async function the async overload is chosen.
func runPhotoFeed() async {
    await PhotoFeedCommand.main()
}

await runPhotoFeed()
