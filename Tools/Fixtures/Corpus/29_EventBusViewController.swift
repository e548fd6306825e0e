// swift-format-ignore-file
// Quiet by design: `eventBus` is the app's own bus, not a NotificationCenter; its removeObserver(self) is its own.
import UIKit

final class EventBusViewController: UIViewController {
    let eventBus = EventBus()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        eventBus.addObserver(self)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        eventBus.removeObserver(self)
    }
}

final class EventBus {
    private var observers: [ObjectIdentifier] = []
    func addObserver(_ observer: AnyObject) { observers.append(ObjectIdentifier(observer)) }
    func removeObserver(_ observer: AnyObject) { observers.removeAll { $0 == ObjectIdentifier(observer) } }
}
