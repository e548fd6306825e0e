// swift-format-ignore-file
// A view whose two initialisers share commonInit(), which registers: a helper called from every init is init.
import UIKit

extension Notification.Name {
    static let connectivityDidChange = Notification.Name("ConnectivityDidChange")
}

// outcome: migrated
final class ConnectivityBannerView: UIView {
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
        NotificationCenter.default.addObserver(self, selector: #selector(connectivityDidChange(_:)), name: .connectivityDidChange, object: nil)
    }

    @objc private func connectivityDidChange(_ notification: Notification) {
        isOffline.toggle()
    }
}
