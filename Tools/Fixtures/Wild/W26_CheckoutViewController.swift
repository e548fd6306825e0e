// swift-format-ignore-file
// A checkout screen: listens for the cart from viewDidLoad, and for the payment only between beginPayment() and
// paymentFinished().
import UIKit

extension Notification.Name {
    static let cartDidChange = Notification.Name("CartDidChange")
    static let paymentDidComplete = Notification.Name("PaymentDidComplete")
}

// outcome: migrated
final class CheckoutViewController: UIViewController {
    private var paymentToken: NSObjectProtocol?
    private(set) var cartChanges = 0
    private(set) var paid = false

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(cartDidChange(_:)), name: .cartDidChange, object: nil)
    }

    func beginPayment() {
        paymentToken = NotificationCenter.default.addObserver(forName: .paymentDidComplete, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.paymentFinished()
            }
        }
    }

    func paymentFinished() {
        paid = true
        if let paymentToken {
            NotificationCenter.default.removeObserver(paymentToken)
        }
        paymentToken = nil
    }

    @objc private func cartDidChange(_ notification: Notification) {
        cartChanges += 1
    }
}
