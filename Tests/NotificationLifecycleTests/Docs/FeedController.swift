// DocC: "Duplicates". The article shows this controller and the snippets of DuplicatesArticleTests verbatim.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let feedDidRefresh = Notification.Name("DocC.FeedDidRefresh")
}

final class FeedController: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "feedDidRefresh:",
                onMainActor: { (feed: FeedController, note) in
                    feed.feedDidRefresh(note)
                }
            )
    }

    static let refusedLine = #line + 15
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        // Two closures at two places: two listeners, both run.
        addNotificationInfo(forName: .feedDidRefresh) { feed, _ in
            feed.heard.append("first closure")
        }
        addNotificationInfo(forName: .feedDidRefresh) { feed, _ in
            feed.heard.append("second closure")
        }
        // The same selector twice: the second is refused and reported.
        addNotificationInfo(
            forName: .feedDidRefresh,
            selector: "feedDidRefresh:"
        )
        addNotificationInfo(
            forName: .feedDidRefresh,
            selector: "feedDidRefresh:"
        )
    }

    var heard: [String] = []

    func feedDidRefresh(_ notification: Notification) {
        heard.append("selector")
    }
}
