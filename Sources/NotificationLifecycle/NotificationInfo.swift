public import Foundation

/// Everything one notification registration needs, in one value that starts and stops listening on its own.
///
/// An info holds the observer (weakly), the handler (a selector name or a closure), the notification name, the
/// optional sender (weakly) and a ``Lifespan``. Start and stop it as often as you like; it holds at most one
/// registration on its center at a time and removes it by token, never with `removeObserver(self)`.
///
/// It works on its own, for example around a save:
///
/// ```swift
/// let didSave = NotificationInfo(name: .storeDidSave, object: store) { note in
///     print("saved", note.userInfo ?? [:])
/// }
/// try didSave.listen(during: { try store.save() })
/// ```
///
/// or inside a ``ControllerBase``, which starts and stops it with its lifespan.
///
/// ## Where handlers run
/// With `queue: nil` (the default) a handler runs synchronously on the thread that posts, as Foundation does. With a
/// queue, Foundation runs it on that queue and the poster waits until it has run. Main-actor handlers (the
/// `onMainActor` forms) run at once when the post is made on the main thread, and are scheduled on the main actor
/// otherwise.
///
/// ## Guarantees
/// - One registration per listening info, whatever threads call ``startListening()`` at once.
/// - No handler call begins after ``stopListening()`` returns, not even inside a post already under way
///   (Foundation calls observers removed mid-post; the info does not pass such a call on). A call that had begun
///   on another thread may finish.
/// - The observer and the sender are held weakly. A gone observer is never called and its registration is dropped;
///   a gone sender never widens the filter to "any sender" nor matches a new object at the same address.
/// - Releasing the last reference to a listening info removes its registration.
///
/// ## Typed messages
/// An info can register for one of Foundation's typed messages instead of a notification name: a
/// `NotificationCenter.MainActorMessage`, whose handler runs on the main actor while the message is posted, or a
/// `NotificationCenter.AsyncMessage`, whose handler Foundation runs in a task of its own (concurrently, in no
/// particular order). Make one with the `init(for:…)` initialisers or the `add…MessageInfo(for:…)` shorthands of
/// ``NotificationEngineOwner``; its ``kind`` tells which. The guarantees above hold for it too, with the message's
/// subject in the place of the sender; an asynchronous call that has not begun when the info stops is not made.
///
/// > Important: On Linux, Foundation crashes when a typed message is posted on a center that has a `name: nil`
/// > observer. The package never registers such an observer itself and never posts a message. An info made with
/// > `name: nil` is reported (``NotificationDiagnostic/Rule/everyNotification``), and an engine also reports one
/// > added next to typed-message listeners on the same center
/// > (``NotificationDiagnostic/Rule/everyNotificationWithMessages``).
///
/// > Important: Keep the info. Like Foundation's `ObservationToken`, an info that is released stops listening.
public final class NotificationInfo: Sendable, CustomStringConvertible {
    /// What handles the notification: a selector name, or a closure.
    public struct Handler: Hashable, Sendable, CustomStringConvertible {
        /// The selector name, or `nil` for a closure.
        public let selector: NotificationSelector?

        /// A handler named by a selector.
        public static func selector(_ selector: NotificationSelector) -> Handler {
            Handler(selector: selector)
        }

        /// A closure handler.
        public static let closure = Handler(selector: nil)

        /// `"keyboardWillShow:"`, or `"closure"`.
        public var description: String {
            selector?.name ?? "closure"
        }
    }

    /// What an info registers for: a notification name, a main-actor message or an asynchronous message.
    ///
    /// New kinds may be added in later versions.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// A `Notification.Name` (or every notification), registered with `addObserver(forName:object:queue:using:)`.
        public static let notification = Kind("notification")
        /// A `NotificationCenter.MainActorMessage` type, whose handler runs on the main actor during the post.
        public static let mainActorMessage = Kind("mainActorMessage")
        /// A `NotificationCenter.AsyncMessage` type, whose handler Foundation runs in a task of its own.
        public static let asyncMessage = Kind("asyncMessage")

        /// `notification`, `mainActorMessage` or `asyncMessage`.
        public var description: String { name }
    }

    // What starting, stopping and an owner's lifespan loops read comes first: stored properties are laid out in
    // the order they are declared, and an engine with thousands of infos touches these in every one of them, so
    // they share the object's first cache lines.
    private let state: LockedValueBox<State>
    private let invocation: Invocation
    private let filtersOnSender: Bool
    /// When an owner starts and stops this info.
    public let lifespan: Lifespan
    /// The notification name, or `nil` for every notification.
    ///
    /// For a typed-message info, the message type's name, such as `MyApp.DocumentDidSave`.
    public let name: Notification.Name?
    /// The center the info registers with.
    public let center: NotificationCenter
    /// The queue handlers run on, or `nil` for the posting thread.
    public let queue: OperationQueue?
    /// Whether the info registers for a notification name or for a typed message.
    public let kind: Kind
    /// What handles the notification.
    public let handler: Handler
    /// The `#fileID` of the code that made the info.
    public let fileID: String
    /// The line of the code that made the info.
    public let line: Int

    /// The hash of ``registrationKey``, which an engine counts its infos by.
    package let keyHash: Int
    /// The parts of ``registrationKey`` that are not properties of the info: all of them trivial, so that making
    /// and releasing an info copies no string of its key.
    private let keySender: ObjectIdentifier?
    private let keyObserver: ObjectIdentifier?
    private let keyColumn: Int

    private struct Registration {
        let token: Token
        /// Which registration this is, for a typed message (its handler is called with the generation it was made
        /// with, and a call with any other is stale).
        let generation: UInt64
        /// The relay a notification registration's block holds: a call through any other relay is stale.
        let relay: Relay?
    }

    /// What the center returned for the registration, removed with the matching `removeObserver`.
    private enum Token {
        case notification(any NSObjectProtocol)
        /// A typed-message registration; boxed, so that a notification token stays as small to copy as it was.
        case message(MessageObservation)
    }

    /// A `NotificationCenter.ObservationToken`, kept as `any Sendable` because its type is not available on every
    /// platform version the package supports.
    private final class MessageObservation: Sendable {
        let token: any Sendable

        init(_ token: any Sendable) {
            self.token = token
        }
    }

    /// What a notification registration's block holds, and what its deliveries run on.
    ///
    /// It holds what a delivery needs (the info's state box, invocation, sender flag and center) and what a report
    /// shows (the info's ``Label``), and no reference to the info: the block never keeps the info alive, and the
    /// info needs no weak-reference side table, which would make every retain of it take the runtime's slow path.
    /// A tap reaches the info through the state (``State/tapped``). A block that captures one object needs no
    /// context of its own.
    ///
    /// The info keeps its relay for its next registration while nothing else holds it (no block of an earlier
    /// registration, no delivery under way), so starting again allocates nothing. A relay still held elsewhere is
    /// replaced: that is what makes a call through an earlier registration's block recognisably stale. The info's
    /// `deinit` ends the cycle state -> relay -> state.
    private final class Relay: Sendable {
        let state: LockedValueBox<State>
        let invocation: Invocation
        /// The closure of an `.unbound` invocation, kept apart so that calling it copies no enum.
        let unboundHandler: (@Sendable (Notification) -> Void)?
        let filtersOnSender: Bool
        let needsObserver: Bool
        let center: NotificationCenter
        let label: Label

        init(info: NotificationInfo) {
            self.state = info.state
            self.invocation = info.invocation
            if case .unbound(let handler) = info.invocation {
                self.unboundHandler = handler
            } else {
                self.unboundHandler = nil
            }
            self.filtersOnSender = info.filtersOnSender
            self.needsObserver = info.invocation.needsObserver
            self.center = info.center
            self.label = info.label
        }

        /// Called by the center for each matching post. Decides under the lock, calls the handler outside it.
        func deliver(_ notification: Notification) {
            if let unboundHandler, !filtersOnSender {
                deliverUnfiltered(notification, to: unboundHandler)
            } else {
                deliverChecked(notification)
            }
        }

        /// The short path of a closure that takes any sender: it has no observer or sender that can go, so the only
        /// question under the lock is whether this is still the current registration (and whether a tap watches).
        private func deliverUnfiltered(
            _ notification: Notification,
            to handler: @Sendable (Notification) -> Void
        ) {
            var tap: TapCall?
            let current = state.withLock { state -> Bool in
                guard state.registration?.relay === self else { return false }
                tap = state.tapCall()
                return true
            }
            guard current, showTap(tap, notification) else { return }
            handler(notification)
        }

        /// The general path: checks the registration, its sender and observer, and the posted object.
        private func deliverChecked(_ notification: Notification) {
            // The sender and observer loaded under the lock are released only after it, when this returns (see
            // ``KeptObjects``).
            var sender: AnyObject?
            var observer: AnyObject?
            let decision = state.withLock { state -> Decision in
                guard state.registration?.relay === self else { return .skip }
                if filtersOnSender {
                    sender = state.sender
                    guard sender != nil else { return NotificationInfo.drop(&state, observerGone: false) }
                }
                if needsObserver {
                    observer = state.observer
                    guard observer != nil else { return NotificationInfo.drop(&state, observerGone: true) }
                }
                if filtersOnSender {
                    guard let posted = notification.object.map({ $0 as AnyObject }), posted === sender else {
                        return .skip
                    }
                }
                return .call(observer: observer, tap: state.tapCall())
            }
            switch decision {
            case .skip:
                return
            case .drop(let token, let observerGone, let shouldReport):
                NotificationInfo.unregister(token, center: center, invocation: invocation)
                if shouldReport {
                    // The sender, if it is alive, was loaded above: the report shows its type as the info would.
                    let description = label.describe(sender: sender, listening: false)
                    NotificationInfo.reportReleased(description, observerGone, label)
                }
            case .call(let observer, let tap):
                switch invocation {
                case .unbound(let handler):
                    guard showTap(tap, notification) else { return }
                    handler(notification)
                case .bound(let handler):
                    guard let observer, showTap(tap, notification) else { return }
                    handler(observer, notification)
                case .boundOnMainActor(let handler):
                    deliverOnMainActor(handler, notification: notification)
                case .unresolved, .message:
                    return
                }
            }
        }

        /// Shows the handler call to the tap, if there is one. A tap sees each call with its info; while the info
        /// is being released there is none to show, and the call is skipped as if the info had stopped.
        private func showTap(_ tap: TapCall?, _ notification: Notification) -> Bool {
            guard let tap else { return true }
            guard let info = tap.info else { return false }
            tap.tap(DeliveryEvent(info: info, notification: notification))
            return true
        }

        private func deliverOnMainActor(
            _ handler: @escaping @MainActor @Sendable (AnyObject, Notification) -> Void,
            notification: Notification
        ) {
            // Foundation hands the notification over without Sendable; it is only read, on the main actor.
            nonisolated(unsafe) let notification = notification
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { callOnMainActor(handler, notification) }
            } else {
                Task { @MainActor in self.callOnMainActor(handler, notification) }
            }
        }

        /// Calls a main-actor handler if the registration still stands (checked again on the main actor).
        @MainActor
        private func callOnMainActor(
            _ handler: @MainActor @Sendable (AnyObject, Notification) -> Void,
            _ notification: Notification
        ) {
            let listening = state.withLock { state -> (AnyObject, TapCall?)? in
                guard state.registration?.relay === self, let observer = state.observer else { return nil }
                return (observer, state.tapCall())
            }
            guard let (observer, tap) = listening, showTap(tap, notification) else { return }
            handler(observer, notification)
        }
    }

    /// Fields that a delivery reads come first (see `LockedValueBox`: they share a cache line with the lock).
    private struct State {
        var registration: Registration?
        /// Sees every handler call (the testing module's recorder).
        var tap: DeliveryTap?
        /// The info, for the tap's events; set with the tap (a relay holds no reference to its info).
        weak var tapped: NotificationInfo?
        weak var observer: AnyObject?
        weak var sender: AnyObject?
        /// The relay the next notification registration reuses if nothing else holds it by then.
        var relay: Relay?
        var generation: UInt64 = 0
        /// `listen(during:)` calls under way.
        var holds = 0
        /// Whether the current registration was made by `listen(during:)` and should end with the last hold.
        var startedByHold = false
        /// The engine that owns the info, if any.
        var owner: ObjectIdentifier?
        /// Whether an engine owned the info when the observer went away (then no report: the owner stops it).
        var everOwned = false
        /// Whether the ``RegistrationLedger`` lists the info itself (not only through an engine).
        var inLedger = false

        // The three accessors below read only, but are `mutating`: then a call on the value the lock hands out
        // `inout` passes it by address. Called as non-mutating methods, each call copied the whole State (its weak
        // references included): about 100 instructions per call, measured with callgrind.

        /// The tap and the info it shows, loaded together: `nil` when no tap watches. The info is loaded as a
        /// strong reference: release it only after leaving the lock (its `deinit` takes this lock).
        mutating func tapCall() -> TapCall? {
            guard let tap else { return nil }
            return TapCall(tap: tap, info: tapped)
        }

        /// The observer, loaded as a strong reference that `kept` holds until the caller has left every lock
        /// (see ``KeptObjects``: releasing it inside a lock could run its `deinit` there).
        mutating func observer(keeping kept: inout KeptObjects) -> AnyObject? {
            guard let observer else { return nil }
            return kept.keep(observer)
        }

        /// The sender, loaded as a strong reference that `kept` holds until the caller has left every lock.
        mutating func sender(keeping kept: inout KeptObjects) -> AnyObject? {
            guard let sender else { return nil }
            return kept.keep(sender)
        }
    }

    /// Makes an info whose handler is the observer's method named by `selector`.
    ///
    /// The selector is looked up in the observer's ``NotificationSelectorResponder/notificationSelectors`` now. A
    /// name the observer does not answer is reported at once (``NotificationDiagnostic/Rule/unknownSelector``) and
    /// the info never listens.
    ///
    /// ```swift
    /// let info = NotificationInfo(observer: self, selector: "keyboardWillShow:", name: .keyboardWillShow,
    ///                             lifespan: .visible)
    /// ```
    ///
    /// - Parameters:
    ///   - observer: The object whose method handles the notification. Held weakly.
    ///   - selector: The selector name, such as `"keyboardWillShow:"`.
    ///   - name: The notification name, or `nil` for every notification (reported: see
    ///     ``NotificationDiagnostic/Rule/everyNotification``).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with.
    ///   - queue: The queue handlers run on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public convenience init<Observer: NotificationSelectorResponder>(
        observer: Observer,
        selector: NotificationSelector,
        name: Notification.Name?,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter = .default,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let observerType = type(of: observer)
        let table = SelectorTableCache.table(for: observerType)
        let invocation: Invocation
        if let entry = table.entries[selector], entry.accepts(observer) {
            invocation = entry.invocation
        } else {
            let known = table.selectors.map { "\"\($0.name)\"" }.joined(separator: ", ")
            let reason: String
            if let entry = table.entries[selector] {
                reason = "binds it to a method of \(entry.observerType), which \(observerType) is not"
            } else {
                reason = "does not answer it; it answers \(known.isEmpty ? "no selector names" : known)"
            }
            reportDiagnostic(
                .unknownSelector,
                "Expected \(observerType) to answer the selector \"\(selector.name)\", but its notificationSelectors "
                    + "table \(reason). Add it with .adding(\"\(selector.name)\", \(observerType).method) in "
                    + "notificationSelectors. This info will not listen.",
                fileID: fileID,
                line: line
            )
            invocation = .unresolved
        }
        self.init(
            observer: observer,
            invocation: invocation,
            handler: .selector(selector),
            column: 0,
            keyObserver: ObjectIdentifier(observer),
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line
        )
    }

    /// Makes an info whose handler is a closure.
    ///
    /// ```swift
    /// let info = NotificationInfo(name: .storeDidSave, object: store) { note in
    ///     print("saved")
    /// }
    /// ```
    ///
    /// > Important: The closure is kept as long as the info. Capture objects weakly, or use the shorthands of
    /// > ``ControllerBase``, which pass the owner to the closure so that no capture is needed.
    ///
    /// - Parameters:
    ///   - name: The notification name, or `nil` for every notification (reported).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with.
    ///   - queue: The queue handlers run on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call. Leave the default: with the file and line it tells closures apart, so
    ///     that the same closure added twice is found.
    ///   - handler: Called with each delivered notification.
    public convenience init(
        name: Notification.Name?,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter = .default,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Notification) -> Void
    ) {
        self.init(
            observer: nil,
            invocation: .unbound(handler),
            handler: .closure,
            column: column,
            keyObserver: nil,
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line
        )
    }

    /// Makes an info from its resolved parts; the designated initialiser behind every other one.
    ///
    /// The handler's identity in the ``registrationKey`` is `handler`'s selector on `keyObserver`, or for a closure
    /// the place `fileID`, `line`, `column`, with `keyObserver` the owner that the closure receives (if any).
    ///
    /// With `entersLedger: false` the ``RegistrationLedger`` does not list the info itself but through the engine
    /// it is added to: only for an engine's shorthands, which add the info at once (or let it go when refused).
    package init(
        observer: AnyObject?,
        invocation: Invocation,
        handler: Handler,
        column: Int,
        keyObserver: ObjectIdentifier?,
        name: Notification.Name?,
        object: AnyObject?,
        lifespan: Lifespan,
        center: NotificationCenter,
        queue: OperationQueue?,
        fileID: String,
        line: Int,
        entersLedger: Bool = true
    ) {
        self.name = name
        self.kind = invocation.messageSubscription?.kind ?? .notification
        self.lifespan = lifespan
        self.center = center
        self.queue = queue
        self.handler = handler
        self.fileID = fileID
        self.line = line
        self.invocation = invocation
        self.filtersOnSender = object != nil
        let keySender = object.map(ObjectIdentifier.init)
        self.keySender = keySender
        self.keyObserver = keyObserver
        self.keyColumn = column
        self.keyHash = RegistrationKey.hash(
            name: name,
            sender: keySender,
            lifespan: lifespan,
            selector: handler.selector,
            line: line,
            column: column,
            observer: keyObserver,
            messageType: invocation.messageSubscription?.messageType
        )
        var state = State()
        state.observer = observer
        state.sender = object
        state.inLedger = entersLedger
        self.state = LockedValueBox(state)
        if entersLedger { RegistrationLedger.insert(self) }
        reportInputProblems()
    }

    deinit {
        let registration = state.withLock { state -> Registration? in
            state.relay = nil  // The relay holds the state: this ends that cycle.
            defer { state.registration = nil }
            return state.registration
        }
        if let registration {
            unregister(registration.token)
        }
    }

    // MARK: - State

    /// Whether the info holds a registration on its center now.
    ///
    /// A registration whose observer or sender was released can never deliver again: reading this property drops
    /// it (and reports it once, for an info no controller owns) and answers `false`.
    public var isListening: Bool {
        var kept = KeptObjects()
        let decision = state.withLock { state -> Decision in
            guard state.registration != nil else { return .skip }
            return Self.dropIfDead(
                &state,
                filtersOnSender: filtersOnSender,
                invocation: invocation,
                keeping: &kept
            ) ?? .call(observer: nil, tap: nil)
        }
        switch decision {
        case .skip:
            return false
        case .call:
            return true
        case .drop(let token, let observerGone, let shouldReport):
            unregister(token)
            if shouldReport { reportReleased(observerGone: observerGone) }
            return false
        }
    }

    /// What makes two registrations "the same" for duplicate detection; built when asked (see ``keyHash``).
    package var registrationKey: RegistrationKey {
        let identity: RegistrationKey.HandlerIdentity
        if let selector = handler.selector, let keyObserver {
            identity = .selector(selector, observer: keyObserver)
        } else {
            identity = .closure(fileID: fileID, line: line, column: keyColumn, observer: keyObserver)
        }
        return RegistrationKey(
            name: name,
            sender: keySender,
            lifespan: lifespan,
            handler: identity,
            messageType: messageType
        )
    }

    /// The typed message's type, or `nil` for a notification info.
    package var messageType: ObjectIdentifier? {
        invocation.messageSubscription?.messageType
    }

    /// Whether the sender and the observer that ``registrationKey`` names by identity are still alive.
    ///
    /// Once one of them is gone, a new object at the same address gives an equal key for a different registration,
    /// so a stale key makes no info a duplicate. The objects loaded to find out stay in `kept`: release it only after
    /// leaving every lock (the engine calls this under its own).
    package func registrationKeyIsCurrent(keeping kept: inout KeptObjects) -> Bool {
        let namesObserver = keyObserver != nil
        return state.withLock { state in
            (!filtersOnSender || state.sender(keeping: &kept) != nil)
                && (!namesObserver || state.observer(keeping: &kept) != nil)
        }
    }

    /// The sender filter, or `nil` when the info accepts any sender or its sender is gone.
    public var object: AnyObject? {
        state.withLock { $0.sender }
    }

    /// Whether the info delivers only notifications of one sender (even once that sender is gone).
    public var filtersBySender: Bool { filtersOnSender }

    /// The observer whose method or owner-closure handles the notification, while it lives.
    public var observer: AnyObject? {
        state.withLock { $0.observer }
    }

    /// One line for tests and debugging: name, sender, lifespan, handler, and whether it listens.
    public var description: String {
        let (listening, sender) = state.withLock { ($0.registration != nil, $0.sender) }
        return label.describe(sender: sender, listening: listening)
    }

    /// What a description or a report shows of an info that never changes, apart from the info, so that a relay
    /// can report without a reference to its info.
    private struct Label: Sendable {
        let kind: Kind
        let name: Notification.Name?
        let lifespan: Lifespan
        let handler: Handler
        let filtersOnSender: Bool
        let fileID: String
        let line: Int

        /// The info's ``NotificationInfo/description`` for a sender and a listening state read under its lock.
        func describe(sender: AnyObject?, listening: Bool) -> String {
            let senderText: String
            if filtersOnSender {
                senderText = sender.map { "\(type(of: $0))" } ?? "<released>"
            } else {
                senderText = "any"
            }
            let (nameLabel, senderLabel) = kind == .notification ? ("name", "sender") : ("\(kind)", "subject")
            let nameText = name?.rawValue ?? "<every notification>"
            return "NotificationInfo(\(nameLabel): \(nameText), \(senderLabel): \(senderText), "
                + "lifespan: \(lifespan), handler: \(handler), \(listening ? "listening" : "not listening"))"
        }
    }

    private var label: Label {
        Label(
            kind: kind,
            name: name,
            lifespan: lifespan,
            handler: handler,
            filtersOnSender: filtersOnSender,
            fileID: fileID,
            line: line
        )
    }

    /// A delivery tap with the info its events show, loaded together under the info's lock.
    private struct TapCall {
        let tap: DeliveryTap
        /// `nil` while the info is being released: then there is nothing to show, and the call is skipped.
        let info: NotificationInfo?
    }

    // MARK: - Starting and stopping

    /// Starts listening. Does nothing when the info already listens.
    ///
    /// An info whose selector was unknown, whose observer is gone, or whose sender is gone does not listen; the
    /// call reports why.
    public func startListening() {
        var kept = KeptObjects()
        report(start(byHold: false, keeping: &kept))
    }

    /// Stops listening. Does nothing when the info does not listen.
    ///
    /// When this returns, no new handler call begins, even for a post already under way.
    public func stopListening() {
        let token = state.withLock { state -> Token? in
            state.startedByHold = false
            return Self.takeRegistration(&state)
        }
        if let token {
            unregister(token)
        }
    }

    /// The result of an attempt to start, reported by ``report(_:)`` outside any lock.
    package enum StartOutcome: Sendable {
        case started
        case alreadyListening
        case unresolvedSelector
        case observerReleased
        case senderReleased
    }

    /// Starts listening without reporting: the engine collects outcomes and reports them after its lock.
    ///
    /// With `byHold`, counts one more `listen(during:)` hold in the same critical section, so that the hold count
    /// and the registration never disagree.
    ///
    /// The info's lock is held while registering with the center. That call runs no user code: Foundation's
    /// center calls observers only after releasing its own lock, and never from `addObserver`. The observer and
    /// sender loaded to check them stay in `kept`: release it only after leaving every lock (the engine starts infos
    /// under its own).
    package func start(byHold: Bool, keeping kept: inout KeptObjects) -> StartOutcome {
        state.withLock { state in
            if byHold { state.holds += 1 }
            if state.registration != nil {
                if !byHold { state.startedByHold = false }
                return .alreadyListening
            }
            if case .unresolved = invocation { return .unresolvedSelector }
            if invocation.needsObserver, state.observer(keeping: &kept) == nil { return .observerReleased }
            let sender = state.sender(keeping: &kept)
            if filtersOnSender, sender == nil { return .senderReleased }
            state.generation &+= 1
            let generation = state.generation
            if let subscription = invocation.messageSubscription {
                let token = Token.message(MessageObservation(subscription.register(self, sender, generation)))
                state.registration = Registration(token: token, generation: generation, relay: nil)
            } else {
                let relay: Relay
                if isKnownUniquelyReferenced(&state.relay), let idle = state.relay {
                    relay = idle
                } else {
                    relay = Relay(info: self)
                    state.relay = relay
                }
                let token = center.addObserver(forName: name, object: sender, queue: queue) { notification in
                    relay.deliver(notification)
                }
                state.registration = Registration(token: .notification(token), generation: generation, relay: relay)
            }
            state.startedByHold = byHold
            return .started
        }
    }

    /// Stops listening and says whether a registration was removed.
    @discardableResult
    package func stop() -> Bool {
        let token = state.withLock { state -> Token? in
            state.startedByHold = false
            return Self.takeRegistration(&state)
        }
        guard let token else { return false }
        unregister(token)
        return true
    }

    /// Reports a start that could not listen.
    package func report(_ outcome: StartOutcome) {
        switch outcome {
        case .started, .alreadyListening:
            return
        case .unresolvedSelector:
            reportDiagnostic(
                .unknownSelector,
                "Expected \(self) to have a handler, but its selector was not found when it was made (reported "
                    + "then). Declare the selector in the observer's notificationSelectors. It does not listen.",
                fileID: fileID,
                line: line
            )
        case .observerReleased:
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(self) to be alive when starting, but it was released. Make a new "
                    + "info for a live observer, or keep the observer. It does not listen.",
                fileID: fileID,
                line: line
            )
        case .senderReleased:
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(self) filters on to be alive when starting, but it was released; "
                    + "the info will not widen to any sender. Make a new info for a live sender. It does not listen.",
                fileID: fileID,
                line: line
            )
        }
    }

    // MARK: - Ownership by an engine

    /// Claims the info for `owner`; returns the current owner when another one has it.
    package func claim(for owner: ObjectIdentifier) -> ObjectIdentifier? {
        state.withLock { state in
            if let current = state.owner, current != owner { return current }
            state.owner = owner
            state.everOwned = true
            return nil
        }
    }

    /// Gives the info up when its owner removes it or goes away.
    package func release(from owner: ObjectIdentifier) {
        state.withLock { state in
            if state.owner == owner { state.owner = nil }
        }
    }

    /// Enters the ``RegistrationLedger`` unless it is there: an info an engine made, leaving that engine alive.
    package func enterLedger() {
        let enters = state.withLock { state -> Bool in
            defer { state.inLedger = true }
            return !state.inLedger
        }
        if enters { RegistrationLedger.insert(self) }
    }

    /// The engine that owns the info, if any.
    package var ownerID: ObjectIdentifier? {
        state.withLock { $0.owner }
    }

    /// Installs (or, with `nil`, removes) the tap that sees every handler call of this info.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        state.withLock { state in
            state.tap = tap
            state.tapped = tap == nil ? nil : self
        }
    }

    // MARK: - Listening around work

    /// Starts a hold for `listen(during:)`: listens if it did not, and remembers whether this hold started it.
    func beginHold() -> StartOutcome {
        var kept = KeptObjects()
        return start(byHold: true, keeping: &kept)
    }

    /// Ends a hold; the last one stops the registration it started, unless someone started the info explicitly
    /// since.
    func endHold() {
        let token = state.withLock { state -> Token? in
            state.holds -= 1
            guard state.holds == 0, state.startedByHold else { return nil }
            state.startedByHold = false
            return Self.takeRegistration(&state)
        }
        if let token {
            unregister(token)
        }
    }

    // MARK: - Delivery

    private enum Decision {
        case skip
        case call(observer: AnyObject?, tap: TapCall?)
        case drop(token: Token, observerGone: Bool, report: Bool)
    }

    /// Takes a registration that can never deliver again (its sender or observer is gone); `nil` if it can.
    private static func dropIfDead(
        _ state: inout State,
        filtersOnSender: Bool,
        invocation: Invocation,
        keeping kept: inout KeptObjects
    ) -> Decision? {
        if filtersOnSender, state.sender(keeping: &kept) == nil {
            return drop(&state, observerGone: false)
        }
        if invocation.needsObserver, state.observer(keeping: &kept) == nil {
            return drop(&state, observerGone: true)
        }
        return nil
    }

    /// Takes the registration, whose sender or observer is gone; reports a gone observer only for an info no
    /// owner ever held (an owner stops its infos itself).
    private static func drop(_ state: inout State, observerGone: Bool) -> Decision {
        guard let token = takeRegistration(&state) else { return .skip }
        return .drop(token: token, observerGone: observerGone, report: !observerGone || !state.everOwned)
    }

    /// Decides, under the lock, whether a typed message may reach the handler of the registration of `generation`.
    ///
    /// The same checks as for a notification: the registration still stands, its observer and subject live (one
    /// that can never deliver again is dropped and reported). Foundation already matched the subject by identity,
    /// and a subject that is still alive cannot share its address with another object. Answers the observer and
    /// the tap to call, or `nil` when the message must not be passed on.
    package func admitMessage(generation: UInt64) -> (observer: AnyObject?, tap: DeliveryTap?)? {
        // Observers and senders loaded under the lock, released after it (see `KeptObjects`).
        var kept = KeptObjects()
        let decision = state.withLock { state -> Decision in
            guard state.registration?.generation == generation else {
                return .skip
            }
            return Self.dropIfDead(
                &state,
                filtersOnSender: filtersOnSender,
                invocation: invocation,
                keeping: &kept
            ) ?? .call(observer: state.observer, tap: state.tapCall())
        }
        kept = KeptObjects()
        switch decision {
        case .skip:
            return nil
        case .drop(let token, let observerGone, let shouldReport):
            unregister(token)
            if shouldReport { reportReleased(observerGone: observerGone) }
            return nil
        case .call(let observer, let tap):
            return (observer, tap?.tap)
        }
    }

    private func reportReleased(observerGone: Bool) {
        Self.reportReleased(description, observerGone, label)
    }

    /// Reports a registration dropped because its observer or sender went away; `description` is the info's.
    private static func reportReleased(_ description: String, _ observerGone: Bool, _ label: Label) {
        if observerGone {
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(description) to be stopped before it was released, but it was released "
                    + "while listening. Its registration is dropped. Call stopListening() before releasing the "
                    + "observer, or let a ControllerBase own the info.",
                fileID: label.fileID,
                line: label.line
            )
        } else {
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(description) filters on to outlive its listening, but it was released. "
                    + "Its registration is dropped; the info does not widen to any sender. Stop the info before "
                    + "releasing the sender.",
                fileID: label.fileID,
                line: label.line
            )
        }
    }

    private static func takeRegistration(_ state: inout State) -> Token? {
        defer { state.registration = nil }
        return state.registration?.token
    }

    /// Removes a registration from the center by its token, with the call that matches how it was made.
    private func unregister(_ token: Token) {
        Self.unregister(token, center: center, invocation: invocation)
    }

    private static func unregister(_ token: Token, center: NotificationCenter, invocation: Invocation) {
        switch token {
        case .notification(let token):
            center.removeObserver(token)
        case .message(let observation):
            invocation.messageSubscription?.unregister(center, observation.token)
        }
    }

    // MARK: - Input checks

    private func reportInputProblems() {
        if name == nil {
            reportDiagnostic(
                .everyNotification,
                "Expected a notification name, but \(self) has name nil and will receive every notification. "
                    + "Foundation crashes when a typed message is posted on a center with such an observer. "
                    + "Give the info a name unless you really need every notification.",
                fileID: fileID,
                line: line
            )
        } else if name?.rawValue.isEmpty == true {
            reportDiagnostic(
                .emptyName,
                "Expected a notification name, but \(self) has the empty name \"\", which is almost certainly a "
                    + "mistake. Use the name the poster uses.",
                fileID: fileID,
                line: line
            )
        }
        if lifespan.customName?.isEmpty == true {
            reportDiagnostic(
                .emptyLifespanName,
                "Expected a custom lifespan to have a name, but \(self) uses .custom(\"\"). Name it, such as "
                    + ".custom(\"editing\").",
                fileID: fileID,
                line: line
            )
        }
    }
}
