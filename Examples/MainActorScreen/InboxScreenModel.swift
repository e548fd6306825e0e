import Foundation
import NotificationLifecycle

/// The state behind an inbox screen, isolated to the main actor. Its handlers change that state directly: no
/// `await`, no `Task`, no `DispatchQueue.main.async`.
@MainActor
final class InboxScreenModel: ControllerBase {
    private(set) var title = "Inbox"
    private(set) var unreadCount = 0
    private(set) var banner = ""

    // Excerpt of InboxScreenModel in Examples/MainActorScreen: a member
    // The table is read from any thread, so it is nonisolated; its entries
    // run on the main actor.
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "accountDidChange:",
                onMainActor: { (model: InboxScreenModel, note) in
                    model.accountDidChange(note)
                }
            )
    }

    // Main-actor like the method it overrides; ControllerBase.init calls it.
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .accountDidChange, selector: "accountDidChange:")
        addVisibleNotificationInfo(
            forName: .messagesDidArrive
        ) { model, note in
            model.unreadCount += note.userInfo?["count"] as? Int ?? 0
        }
        addVisibleNotificationInfo(forName: .connectivityDidChange) { model, note in
            model.banner = note.userInfo?["online"] as? Bool == false ? "Offline: showing saved messages" : ""
        }
    }

    func accountDidChange(_ notification: Notification) {
        title = "Inbox — \(notification.userInfo?["name"] as? String ?? "?")"
        unreadCount = 0
    }
}

extension InboxScreenModel {
    /// One line describing the screen's state.
    var summary: String {
        "title \"\(title)\", unread \(unreadCount), banner \"\(banner)\""
    }
}
