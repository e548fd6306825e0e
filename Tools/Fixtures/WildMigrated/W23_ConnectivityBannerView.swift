// swift-format-ignore-file
// A view whose two initialisers share commonInit(), which registers: a helper called from every init is init.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let connectivityDidChange = Notification.Name("ConnectivityDidChange")
}

// outcome: migrated
final class ConnectivityBannerView: UIView, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var isOffline = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        addLifetimeNotificationInfo(forName: .connectivityDidChange) { owner, note in
            owner.connectivityDidChange(note)
        }
    }

    @objc private func connectivityDidChange(_ notification: Notification) {
        isOffline.toggle()
    }
}
