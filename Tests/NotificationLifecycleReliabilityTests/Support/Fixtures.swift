import Foundation
import NotificationLifecycleTesting

@testable import NotificationLifecycle

extension Notification.Name {
    static let ping = Notification.Name("NotificationLifecycleReliabilityTests.ping")
    static let pong = Notification.Name("NotificationLifecycleReliabilityTests.pong")
    /// A name no info listens to.
    static let unheard = Notification.Name("NotificationLifecycleReliabilityTests.unheard")
}

extension Lifespan {
    static let editing = Lifespan.custom("editing")
    static let syncing = Lifespan.custom("syncing")
}

/// A sender object for sender-filter tests.
final class Sender: Sendable {}

/// Every post of the reliability tests carries a unique id, so that a handler can count its calls per post.
enum Post {
    /// The `userInfo` of post `id`: the id itself, and a key naming it (delivery taps see only the keys).
    static func userInfo(_ id: Int) -> [AnyHashable: Any] {
        ["post": id, "post-\(id)": true]
    }

    /// The id of a posted notification.
    static func id(of notification: Notification) -> Int? {
        notification.userInfo?["post"] as? Int
    }

    /// The id of the post a delivery tap saw.
    static func id(of event: DeliveryEvent) -> Int? {
        event.userInfoKeys.lazy.compactMap { key in key.hasPrefix("post-") ? Int(key.dropFirst(5)) : nil }.first
    }
}

/// One handler call, as these tests' delivery taps see it: the keys of its `userInfo`.
struct DeliveryEvent: Sendable {
    /// The keys of the notification's `userInfo`, as strings; empty for a typed message.
    let userInfoKeys: [String]
}

extension DeliveryTap {
    /// A tap that sees each call as a `DeliveryEvent`.
    convenience init(
        handlerWillRun: @escaping @Sendable (DeliveryEvent) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.init(
            handlerWillRun: { _, notification in
                handlerWillRun(DeliveryEvent(userInfoKeys: (notification?.userInfo ?? [:]).keys.map { "\($0)" }))
            },
            handlerReturned: handlerReturned
        )
    }
}

/// Hands out unique, increasing ids from any thread.
final class IDSource: Sendable {
    private let next = LockedValueBox(0)

    func make() -> Int {
        next.withLock { value in
            value += 1
            return value
        }
    }
}

/// Counts handler calls per handler and per post, from any thread.
final class DeliveryLog: Sendable {
    /// A handler and a post.
    struct Call: Hashable, Sendable, CustomStringConvertible {
        let handler: String
        let post: Int
        var description: String { "\(handler)@\(post)" }
    }

    private let counts = LockedValueBox<[Call: Int]>([:])

    func record(_ handler: String, _ notification: Notification) {
        record(handler, post: Post.id(of: notification) ?? -1)
    }

    func record(_ handler: String, post: Int) {
        counts.withLock { $0[Call(handler: handler, post: post), default: 0] += 1 }
    }

    /// Every call counted more than once, with its count.
    var repeated: [Call: Int] {
        counts.withLock { $0.filter { $0.value > 1 } }
    }

    /// How many calls were counted in all.
    var total: Int {
        counts.withLock { $0.values.reduce(0, +) }
    }

    /// The handlers that ran for `post`, with how often.
    func handlers(for post: Int) -> [String: Int] {
        counts.withLock { counts in
            var result: [String: Int] = [:]
            for (call, count) in counts where call.post == post { result[call.handler, default: 0] += count }
            return result
        }
    }

    func removeAll() {
        counts.withLock { $0.removeAll() }
    }
}
