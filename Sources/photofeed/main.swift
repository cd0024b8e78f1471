import PhotoFeedCLI

await PhotoFeedCommand.main()
