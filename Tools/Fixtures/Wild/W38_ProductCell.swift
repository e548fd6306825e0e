// swift-format-ignore-file
// A reusable cell that registers for its current item in configure(with:) and unregisters everything in
// prepareForReuse(): the sender changes with each configuration.
import UIKit

extension Notification.Name {
    static let productPriceDidChange = Notification.Name("ProductPriceDidChange")
}

final class Product: NSObject, @unchecked Sendable {
    let title: String

    init(title: String) {
        self.title = title
    }
}

// outcome: left (registration-object)
final class ProductCell: UICollectionViewCell {
    private(set) var priceUpdates = 0

    func configure(with product: Product) {
        NotificationCenter.default.addObserver(self, selector: #selector(priceDidChange(_:)), name: .productPriceDidChange, object: product)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc private func priceDidChange(_ notification: Notification) {
        priceUpdates += 1
    }
}
