// swift-format-ignore-file
// A view controller that listens while visible and unregisters with removeObserver(self): the nuclear unregister.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let profileDidChange = Notification.Name("ProfileDidChange")
}

final class ProfileViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .profileDidChange) { owner, note in owner.profileDidChange(note) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc func profileDidChange(_ notification: Notification) {
        reloads += 1
    }
}
