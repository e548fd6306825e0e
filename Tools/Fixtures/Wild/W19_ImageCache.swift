// swift-format-ignore-file
// A public Sendable cache: its init uses self (configure()) after super.init() and before it registers.
import Foundation

extension Notification.Name {
    static let imageMemoryPressure = Notification.Name("ImageMemoryPressure")
}

// outcome: migrated
public final class ImageCache: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var images: [String: Data] = [:]

    public init(limit: Int) {
        self.limit = limit
        super.init()
        configure()
        NotificationCenter.default.addObserver(self, selector: #selector(clear), name: .imageMemoryPressure, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    private func configure() {
        lock.withLock { images.reserveCapacity(limit) }
    }

    @objc private func clear() {
        lock.withLock { images.removeAll() }
    }
}
