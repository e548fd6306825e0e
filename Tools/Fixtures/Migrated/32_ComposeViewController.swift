// swift-format-ignore-file
// A lifetime listener from init and a visible one from viewWillAppear, then the nuclear unregister in
// viewWillDisappear: the lifetime listener is gone after the first disappearance.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let draftSyncDidFinish = Notification.Name("DraftSyncDidFinish")
    static let contactsDidChange = Notification.Name("ContactsDidChange")
}

final class ComposeViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var syncs = 0
    private(set) var contactReloads = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        addLifetimeNotificationInfo(forName: .draftSyncDidFinish) { owner, _ in owner.draftSyncDidFinish() }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .contactsDidChange) { owner, note in owner.contactsDidChange(note) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc func draftSyncDidFinish() {
        syncs += 1
    }

    @objc func contactsDidChange(_ notification: Notification) {
        contactReloads += 1
    }
}
