// swift-format-ignore-file
// deinit removes a name the type never registered (the add was renamed, the removal was not).
import UIKit

extension Notification.Name {
    static let ordersDidLoad = Notification.Name("OrdersDidLoad")
    static let orderHistoryDidLoad = Notification.Name("OrderHistoryDidLoad")
}

final class OrderHistoryViewController: UIViewController {
    private var rows: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(ordersDidLoad(_:)), name: .orderHistoryDidLoad, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self, name: .ordersDidLoad, object: nil) // expect: mismatched-removal
    }

    @objc func ordersDidLoad(_ notification: Notification) {
        rows = notification.userInfo?["rows"] as? [String] ?? []
    }
}
