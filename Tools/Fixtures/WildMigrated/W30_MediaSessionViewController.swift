// swift-format-ignore-file
// Three registrations the migrator understands and one under a condition: it must move all or none. All are
// lifetime listeners, declared where they were registered, so the condition guards the declaration as it did the call.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let mediaDidLoad = Notification.Name("MediaDidLoad")
    static let mediaDidBuffer = Notification.Name("MediaDidBuffer")
    static let mediaDidFail = Notification.Name("MediaDidFail")
    static let mediaRouteDidChange = Notification.Name("MediaRouteDidChange")
}

// outcome: migrated
final class MediaSessionViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    var supportsRoutes = false
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .mediaDidLoad) { owner, note in owner.mediaDidLoad(note) }
        addLifetimeNotificationInfo(forName: .mediaDidBuffer) { owner, note in owner.mediaDidBuffer(note) }
        addLifetimeNotificationInfo(forName: .mediaDidFail) { owner, note in owner.mediaDidFail(note) }
        if supportsRoutes {
            addLifetimeNotificationInfo(forName: .mediaRouteDidChange) { owner, note in owner.routeDidChange(note) }
        }
    }

    @objc private func mediaDidLoad(_ notification: Notification) { log.append("load") }
    @objc private func mediaDidBuffer(_ notification: Notification) { log.append("buffer") }
    @objc private func mediaDidFail(_ notification: Notification) { log.append("fail") }
    @objc private func routeDidChange(_ notification: Notification) { log.append("route") }
}
