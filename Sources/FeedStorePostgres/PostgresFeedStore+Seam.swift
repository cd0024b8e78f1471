import FeedStore

extension PostgresFeedStore: MigratingFeedStore {}
