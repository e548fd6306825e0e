// swift-format-ignore-file
// Three registrations the migrator understands and one under a condition: it must move all or none. All are
// lifetime listeners, declared where they were registered, so the condition guards the declaration as it did the call.
import UIKit

extension Notification.Name {
    static let mediaDidLoad = Notification.Name("MediaDidLoad")
    static let mediaDidBuffer = Notification.Name("MediaDidBuffer")
    static let mediaDidFail = Notification.Name("MediaDidFail")
    static let mediaRouteDidChange = Notification.Name("MediaRouteDidChange")
}

// outcome: migrated
final class MediaSessionViewController: UIViewController {
    var supportsRoutes = false
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(mediaDidLoad(_:)), name: .mediaDidLoad, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(mediaDidBuffer(_:)), name: .mediaDidBuffer, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(mediaDidFail(_:)), name: .mediaDidFail, object: nil)
        if supportsRoutes {
            NotificationCenter.default.addObserver(self, selector: #selector(routeDidChange(_:)), name: .mediaRouteDidChange, object: nil)
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func mediaDidLoad(_ notification: Notification) { log.append("load") }
    @objc private func mediaDidBuffer(_ notification: Notification) { log.append("buffer") }
    @objc private func mediaDidFail(_ notification: Notification) { log.append("fail") }
    @objc private func routeDidChange(_ notification: Notification) { log.append("route") }
}
