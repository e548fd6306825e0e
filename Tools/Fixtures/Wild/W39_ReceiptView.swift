// swift-format-ignore-file
// A view loaded from a nib whose init?(coder:) and awakeFromNib() both call listen(): it registers twice.
import UIKit

extension Notification.Name {
    static let receiptDidUpdate = Notification.Name("ReceiptDidUpdate")
}

// outcome: left (several-entries)
final class ReceiptView: UIView {
    private(set) var updates = 0

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        listen()
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        listen()
    }

    private func listen() {
        NotificationCenter.default.addObserver(self, selector: #selector(receiptDidUpdate(_:)), name: .receiptDidUpdate, object: nil)
    }

    @objc private func receiptDidUpdate(_ notification: Notification) {
        updates += 1
    }
}
