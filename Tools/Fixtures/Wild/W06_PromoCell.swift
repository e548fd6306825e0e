// swift-format-ignore-file
// A cell whose superclass comes from a dependency the tool is not given: its isolation cannot be known.
import ShimmerKit

extension Notification.Name {
    static let promoDidExpire = Notification.Name("PromoDidExpire")
}

// outcome: left (isolation-unknown)
final class PromoCell: ShimmerCollectionCell {
    private(set) var expired = false

    override func awakeFromNib() {
        super.awakeFromNib()
        NotificationCenter.default.addObserver(self, selector: #selector(promoDidExpire(_:)), name: .promoDidExpire, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func promoDidExpire(_ notification: Notification) {
        expired = true
    }
}
