// swift-format-ignore-file
// A main-actor coordinator that listens between activate() and deactivate(), and unregisters everything there: with
// no superclass that registers and nothing registered to last, that removes exactly what activate() added (issue 37).
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let loginSessionDidExpire = Notification.Name("LoginSessionDidExpire")
}

// outcome: migrated
@MainActor
final class LoginCoordinator: NSObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var expirations = 0

    override init() {
        super.init()
        addNotificationInfo(forName: .loginSessionDidExpire, lifespan: .custom("activate")) { owner, note in
            owner.sessionDidExpire(note)
        }
    }

    func activate() {
        notificationEngine.start(.custom("activate"))
    }

    func deactivate() {
        notificationEngine.stop(.custom("activate"))
    }

    @objc private func sessionDidExpire(_ notification: Notification) {
        expirations += 1
    }
}
