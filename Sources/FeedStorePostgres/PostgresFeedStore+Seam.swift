import FeedModel

extension PostgresFeedStore: MigratingFeedStore {}
