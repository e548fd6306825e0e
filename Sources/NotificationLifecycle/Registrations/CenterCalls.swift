import Foundation

/// Where the package registers notification names with Foundation's center and removes its registrations: every
/// `removeObserver` call of the package is made here, and every registration's token is a ``CenterToken`` made for
/// its block (typed messages register in ``MessageSubject``'s builders, where the message type is known).
///
/// ## Apple's tokens, on any platform (a test double)
/// On Apple platforms the token that `addObserver(forName:object:queue:using:)` returns is the observer the center
/// keeps, and it holds the block until the registration is removed (swift-foundation's `FOUNDATION_FRAMEWORK` code).
/// Linux's token holds no block. So on Apple whatever keeps a token keeps its block, and everything the block
/// captures: a registration that keeps its token and is captured by its block is a cycle there and not here.
///
/// For tests only, the environment variable `NOTIFICATION_LIFECYCLE_TEST_APPLE_SEMANTICS=1` makes every token hold its
/// block, which the center holds too, as Apple's does.
/// It is read once, at the first registration of the process; `.ci/run` runs the test suites a second time with it.
/// The double does not reproduce Apple's order of calls among a post's observers (registration order), Apple not
/// calling an observer removed earlier in the same post, typed messages posted as notifications, or bridged senders:
/// the package does not depend on the first two (a shared registration keeps its own order and checks each listener
/// again), and the others are tested under `#if canImport(Darwin)`.
enum CenterCalls {
    /// Whether posting a typed message on a center that has a `name: nil` observer crashes the process.
    ///
    /// On Linux, Foundation hands the message itself to every observer of the center's `nil` name, whose block
    /// expects a `Notification`. On Apple platforms a typed message is posted as a notification (the message type's
    /// `name`, the subject as its object, the message in its `userInfo`), which a `name: nil` observer hears like any
    /// other (swift-foundation's `FOUNDATION_FRAMEWORK` branches). So the `every-notification` rule, which exists to
    /// prevent that crash, is reported only where it happens.
    static let messagePostsCrashNameNilObservers: Bool = {
        #if canImport(Darwin)
        return false
        #else
        return true
        #endif
    }()

    /// Whether tokens hold their blocks, as Apple's do; see "Apple's tokens, on any platform". Test-only.
    static let tokensHoldTheirBlocks =
        ProcessInfo.processInfo.environment["NOTIFICATION_LIFECYCLE_TEST_APPLE_SEMANTICS"] == "1"

    /// Registers `block` for `name` (every notification for `nil`) from `object` (any sender for `nil`).
    static func addObserver(
        to center: NotificationCenter,
        forName name: Notification.Name?,
        object: AnyObject?,
        queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> CenterToken {
        CenterToken(
            .observer(center.addObserver(forName: name, object: object, queue: queue, using: block)),
            for: block
        )
    }

    /// Removes the registration of `token` from `center`; never any other.
    static func removeObserver(_ token: CenterToken, from center: NotificationCenter) {
        switch token.foundation {
        case .observer(let observer):
            center.removeObserver(observer)
        case .message(let message):
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *),
                let message = message as? NotificationCenter.ObservationToken
            {
                center.removeObserver(message)
            }
        }
    }
}

/// Foundation's token for one registration made through ``CenterCalls``.
///
/// Not `Sendable` (Foundation's observer token is not): a token stays in the registry's objects, under its lock, and
/// is handed back only to the center's `removeObserver(_:)`.
struct CenterToken {
    enum Foundation {
        case observer(any NSObjectProtocol)
        /// A message's `ObservationToken`, kept as `any Sendable` because not every supported platform version has
        /// the type.
        case message(any Sendable)
    }

    let foundation: Foundation
    /// The block, held as Apple's token holds it (the center holds it too), under
    /// ``CenterCalls/tokensHoldTheirBlocks``; `nil` otherwise. Never read.
    private let held: Any?

    /// The token of Foundation's registration of `block`, made by the caller's `addObserver` call.
    ///
    /// The block is made an `Any` only when it is held: made and destroyed for nothing, it cost a registration more
    /// than a hundred instructions.
    init(_ foundation: Foundation, for block: @autoclosure () -> Any) {
        self.foundation = foundation
        held = CenterCalls.tokensHoldTheirBlocks ? block() : nil
    }

    func remove(from center: NotificationCenter) {
        CenterCalls.removeObserver(self, from: center)
    }
}
