public import Foundation
public import NotificationLifecycle

/// One registration as a value: topic, sender, lifespan, handler, and whether it listens.
///
/// Use it to state a controller's registrations exactly, in declaration order:
///
/// ```swift
/// @Test @MainActor func registrationsOfTheScreen() {
///     expectRegistrations(of: screen, [
///         .listening(
///             to: .name(.storeDidChange),
///             handler: .selector("storeDidChange:")
///         ),
///         .notListening(to: .name(.themeDidChange), lifespan: .visible),
///     ])
/// }
/// ```
///
/// The defaults are those of `NotificationInfo` and the shorthands: any sender, the lifetime lifespan, a closure
/// handler.
///
/// ## Reading registrations
///
/// A test can also read registrations and decide for itself, in a helper of its own. ``all(on:)`` gives one value
/// per info that listens on a center (not one per Foundation registration: infos of one name share one), and
/// ``init(_:)`` the value of one info; an owner's are
/// `owner.notificationEngine.infos.map(NotificationRegistration.init)`. A registration read from an info also has
/// its ``center``, its ``observer``, its ``queue`` and the place that declared it (``declaredAt``); every value has
/// its ``sender`` filter.
///
/// ```swift
/// func registrations(
///     of controller: AnyObject,
///     on center: NotificationCenter
/// ) -> [NotificationRegistration] {
///     NotificationRegistration.all(on: center).filter {
///         $0.observer === controller
///     }
/// }
/// ```
///
/// It holds the center and the observer weakly and the sender by identity: keeping it never keeps any of them
/// alive.
///
/// Two registrations are equal when their topic, sender filter, lifespan, handler and state are equal: `==` compares
/// what is registered, as ``expectRegistrations(of:_:fileID:filePath:line:column:)`` does, so that a registration
/// read from an info equals the one a test writes. Its observer, queue and declaration are not compared; compare
/// those properties yourself.
public struct NotificationRegistration: Equatable, Sendable {
    /// The topic, or `nil` for an info that receives every notification.
    let topic: NotificationTopic?
    /// The sender filter: ``SenderFilter/anySender``, or one sender, kept by identity.
    public let sender: SenderFilter
    let lifespan: Lifespan
    let handler: NotificationHandler
    let isListening: Bool
    var origin = Origin()

    /// Where a registration read from an info comes from; all `nil` for one a test wrote.
    ///
    /// Always equal to another origin, so that the synthesized `==` compares what is registered and nothing else.
    struct Origin: Equatable, Sendable {
        var queue: OperationQueue?
        var center = WeakReference<NotificationCenter>(nil)
        var observer = WeakReference<AnyObject>(nil)
        var declaredAt: String?

        static func == (_: Origin, _: Origin) -> Bool { true }
    }

    /// The registrations of NotificationLifecycle on `center` now: one per info that listens, ordered by the place
    /// that declared it.
    ///
    /// Infos of one name share one Foundation registration; each has its own value here. A controller's infos,
    /// standalone infos and the info behind a sequence of `notifications(named:…)` or `messages(for:…)` while it
    /// listens are listed; an info that is alive but stopped is not (read it with ``init(_:)``).
    ///
    /// ```swift
    /// @Test @MainActor func screenStillListens() {
    ///     let left = NotificationRegistration.all(on: center)
    ///     #expect(left.contains { $0.observer === screen })
    /// }
    /// ```
    ///
    /// Reading whether an info listens drops a registration whose observer or sender was released, and reports it
    /// once, as `NotificationInfo/isListening` does.
    ///
    /// - Parameter center: The test's center.
    /// - Returns: The registrations, each read once.
    public static func all(on center: NotificationCenter) -> [NotificationRegistration] {
        sortedForDisplay(RegistrationLedger.infos(on: center)).map(NotificationRegistration.init).filter(\.isListening)
    }

    /// A registration that listens now.
    public static func listening(
        to topic: NotificationTopic,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(topic: topic, sender: sender, lifespan: lifespan, handler: handler, isListening: true)
    }

    /// A registration that is declared but does not listen now, such as a visible one before `appear()`.
    public static func notListening(
        to topic: NotificationTopic,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(topic: topic, sender: sender, lifespan: lifespan, handler: handler, isListening: false)
    }

    // MARK: - Read from an info

    /// The center the info registers with, while it lives; `nil` for a registration a test wrote. Held weakly.
    public var center: NotificationCenter? { origin.center.object }

    /// The object whose method or closure handles the notification (the controller, for its shorthands), while it
    /// lives; `nil` for a standalone closure, once the object is gone, and for a registration a test wrote. Held
    /// weakly.
    public var observer: AnyObject? { origin.observer.object }

    /// The queue the handler runs on; `nil` when it runs on the thread that posts, and for a registration a test
    /// wrote.
    public var queue: OperationQueue? { origin.queue }

    /// The `#fileID` and line of the call that made the info, such as `"InboxApp/InboxScreen.swift:14"`; `nil` for
    /// a registration a test wrote.
    public var declaredAt: String? { origin.declaredAt }

    /// `ping, any, visible, closure, listening`: topic, sender, lifespan, handler and state.
    var summary: String { cells.joined(separator: ", ") }

    /// The topic, sender, lifespan, handler and state, as the cells of a table row.
    var cells: [String] {
        [topic?.text ?? "<every notification>", sender.description, lifespan.description, handler.description]
            + [isListening ? "listening" : "not listening"]
    }
}

extension NotificationRegistration {
    /// The registration of `info` now, with its observer, queue and declaration.
    ///
    /// ```swift
    /// @Test @MainActor func didSaveRunsOnTheMainQueue() {
    ///     let didSave = NotificationInfo(name: .storeDidSave, queue: .main) { _ in }
    ///     let registration = NotificationRegistration(didSave)
    ///     #expect(registration.queue === OperationQueue.main)
    /// }
    /// ```
    ///
    /// For every info of an owner, in declaration order:
    /// `owner.notificationEngine.infos.map(NotificationRegistration.init)`.
    ///
    /// Reading whether the info listens drops a registration whose observer or sender was released, and reports it
    /// once, as `NotificationInfo/isListening` does.
    ///
    /// - Parameter info: The info to read.
    public init(_ info: NotificationInfo) {
        topic = NotificationTopic(of: info)
        sender = SenderFilter(of: info)
        lifespan = info.lifespan
        handler = NotificationHandler(selector: info.selector)
        isListening = info.isListening
        origin = Origin(queue: info.queue, center: .init(info.center), declaredAt: "\(info.fileID):\(info.line)")
        origin.observer = WeakReference(info.observer)
    }
}
