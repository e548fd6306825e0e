// swift-format-ignore-file
// A checkout screen: listens for the cart from viewDidLoad, and for the payment only between beginPayment() and
// paymentFinished().
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let cartDidChange = Notification.Name("CartDidChange")
    static let paymentDidComplete = Notification.Name("PaymentDidComplete")
}

// outcome: migrated
final class CheckoutViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var cartChanges = 0
    private(set) var paid = false

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .cartDidChange) { owner, note in owner.cartDidChange(note) }
        addNotificationInfo(forName: .paymentDidComplete, lifespan: .custom("beginPayment")) { owner, _ in
            owner.paymentFinished()
        }
    }

    func beginPayment() {
        notificationEngine.start(.custom("beginPayment"))
    }

    func paymentFinished() {
        paid = true
        notificationEngine.stop(.custom("beginPayment"))
    }

    @objc private func cartDidChange(_ notification: Notification) {
        cartChanges += 1
    }
}
