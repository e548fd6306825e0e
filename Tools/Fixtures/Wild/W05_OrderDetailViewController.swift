// swift-format-ignore-file
// A subclass of the project's own BaseViewController (W04): main-actor through it. Listens while visible with a
// block on the main queue.
import UIKit

extension Notification.Name {
    static let orderDidShip = Notification.Name("OrderDidShip")
}

// outcome: migrated
final class OrderDetailViewController: BaseViewController {
    private var shipObserver: NSObjectProtocol?
    private(set) var shipments = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        shipObserver = NotificationCenter.default.addObserver(forName: .orderDidShip, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.shipments += 1
            }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let shipObserver {
            NotificationCenter.default.removeObserver(shipObserver)
        }
        shipObserver = nil
    }
}
