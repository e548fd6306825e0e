// README: "Quick start". The README shows this code verbatim; .ci/check-readme-snippets.sh checks that it does,
// and ReadmeSnippetTests runs it. It uses public API only (no @testable import).
import Foundation
import NotificationLifecycle

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

/// README: "Quick start", the selector-name handler.
final class SessionController: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("accountDidSignOut:", SessionController.accountDidSignOut)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(
            forName: .accountDidSignOut,
            selector: "accountDidSignOut:"
        )
    }

    func accountDidSignOut(_ notification: Notification) {}
}
