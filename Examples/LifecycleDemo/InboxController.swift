import Foundation
import NotificationLifecycle

/// An inbox that declares all its listeners in one place: two lifetime ones, two visible ones and one that listens
/// only while the user writes a reply. Selector-named and closure handlers side by side.
final class InboxController: ControllerBase {
    private let log: HandlerLog
    let draftEditor: DraftEditor

    init(log: HandlerLog, draftEditor: DraftEditor) {
        self.log = log
        self.draftEditor = draftEditor
        super.init()
    }

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("settingsDidChange:", InboxController.settingsDidChange)
            .adding("applyTheme", InboxController.applyTheme)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .memoryWarning) { inbox, _ in
            inbox.log.ran("trimCaches          (lifetime, closure)")
        }
        addLifetimeNotificationInfo(forName: .settingsDidChange, selector: "settingsDidChange:")
        addVisibleNotificationInfo(forName: .messagesDidArrive) { inbox, _ in
            inbox.log.ran("reloadMessages      (visible, closure)")
        }
        addVisibleNotificationInfo(forName: .themeDidChange, selector: "applyTheme")
        addNotificationInfo(forName: .draftDidAutosave, object: draftEditor, lifespan: .composing) { inbox, _ in
            inbox.log.ran("showDraftSaved      (custom(\"composing\"), closure)")
        }
    }

    /// The user starts a reply: the composing listeners start.
    func startComposing() {
        notificationEngine.start(.composing)
    }

    /// The user sends or discards the reply: the composing listeners stop.
    func stopComposing() {
        notificationEngine.stop(.composing)
    }

    func settingsDidChange(_ notification: Notification) {
        log.ran("settingsDidChange:  (lifetime, selector)")
    }

    func applyTheme() {
        log.ran("applyTheme          (visible, selector)")
    }
}
