// Compiled unchanged in each module setting by .ci/consumer-settings.sh; .ci/check-readme-snippets.sh --owners
// checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle

// "Duplicates".
extension Notification.Name {
    nonisolated static let feedDidRefresh =
        Notification.Name("FeedDidRefresh")
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

@MainActor
func addInALoop(to feed: FeedController) {
    for _ in 0..<2 {
        feed.addVisibleNotificationInfo(forName: .feedDidRefresh) { feed, _ in
            feed.heard.append("loop")
        }
    }
}

@MainActor
func addTwice(to feed: FeedController) {
    let center = feed.notificationEngine.center
    let info = NotificationInfo(name: .feedDidRefresh, center: center) { _ in }
    feed.notificationEngine.add(info)  // true
    feed.notificationEngine.add(info)  // false: refused and reported
}
