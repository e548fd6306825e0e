// swift-format-ignore-file
// A main-actor presenter with no superclass that listens between show() and dismiss().
import NotificationLifecycle
import UIKit

// outcome: migrated
@MainActor
final class ToastPresenter: NSObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var isShowing = false

    override init() {
        super.init()
        addNotificationInfo(
            forName: UIApplication.willResignActiveNotification,
            lifespan: .custom("show")
        ) { owner, note in
            owner.appWillResignActive(note)
        }
    }

    func show(_ message: String) {
        isShowing = true
        notificationEngine.start(.custom("show"))
    }

    func dismiss() {
        isShowing = false
        notificationEngine.stop(.custom("show"))
    }

    @objc private func appWillResignActive(_ notification: Notification) {
        dismiss()
    }
}
