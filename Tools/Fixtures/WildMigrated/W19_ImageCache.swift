// swift-format-ignore-file
// A public Sendable cache: its init uses self (configure()) after super.init() and before it registers.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let imageMemoryPressure = Notification.Name("ImageMemoryPressure")
}

// outcome: migrated
public final class ImageCache: NSObject, @unchecked Sendable, NotificationEngineOwner {
    /// The engine that holds this object's listeners.
    public let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private let limit: Int
    private var images: [String: Data] = [:]

    public init(limit: Int) {
        self.limit = limit
        super.init()
        configure()
        addLifetimeNotificationInfo(forName: .imageMemoryPressure) { owner, _ in owner.clear() }
    }

    private func configure() {
        lock.withLock { images.reserveCapacity(limit) }
    }

    @objc private func clear() {
        lock.withLock { images.removeAll() }
    }
}
