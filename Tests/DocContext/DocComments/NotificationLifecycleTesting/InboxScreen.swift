// The screen the testing module's doc-comment examples test, as their prose describes it: `InboxScreen` listens
// to `.storeDidChange` for its lifetime (selector "storeDidChange:"), to `.themeDidChange` while visible (a
// closure), and to `.draftDidChange` while editing (`beginEditing()`). Each page's context file names this file on
// its `// doc-blocks: also` line, and declares the names its prose gives (`center`, `screen`, `recorder`, `store`).
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let storeDidChange = Notification.Name("StoreDidChange")
    nonisolated static let themeDidChange = Notification.Name("ThemeDidChange")
    nonisolated static let draftDidChange = Notification.Name("DraftDidChange")
    nonisolated static let storeDidSave = Notification.Name("StoreDidSave")
}

extension Lifespan {
    nonisolated static let editing = Lifespan.custom("editing")
}

@MainActor final class InboxScreen: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding(
            "storeDidChange:",
            onMainActor: { (screen: InboxScreen, note) in screen.storeDidChange(note) }
        )
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .storeDidChange, selector: "storeDidChange:")
        addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in screen.applyTheme() }
        addNotificationInfo(forName: .draftDidChange, lifespan: .editing) { _, _ in }
    }

    func beginEditing() { notificationEngine.start(.editing) }
    func storeDidChange(_ notification: Notification) {}
    func applyTheme() {}
}

/// A store of yours: each save posts `.storeDidSave` on its center.
nonisolated final class Store: Sendable {
    let center: NotificationCenter

    init(center: NotificationCenter) { self.center = center }

    func save() throws {
        center.post(name: .storeDidSave, object: self)
    }
}
