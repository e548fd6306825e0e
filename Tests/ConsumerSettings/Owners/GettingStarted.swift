// Compiled unchanged in each module setting by .ci/consumer-settings.sh; .ci/check-readme-snippets.sh --owners
// checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle

// "Getting started" (its names are the README's).
final class InboxController: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "accountDidSignOut:",
                onMainActor: { (inbox: InboxController, note) in
                    inbox.accountDidSignOut(note)
                }
            )
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(
            forName: .accountDidSignOut,
            selector: "accountDidSignOut:"
        )
        addVisibleNotificationInfo(forName: .messagesDidArrive) { inbox, _ in
            inbox.reload()
        }
    }

    private(set) var reloads = 0
    private(set) var isSignedOut = false

    func accountDidSignOut(_ notification: Notification) {
        isSignedOut = true
    }

    func reload() {
        reloads += 1
    }
}

@MainActor
func driveInbox(center: NotificationCenter) -> Int {
    let inbox = InboxController(notificationCenter: center)
    inbox.appear()
    center.post(name: .messagesDidArrive, object: nil)
    inbox.disappear()
    center.post(name: .messagesDidArrive, object: nil)
    return inbox.reloads
}
