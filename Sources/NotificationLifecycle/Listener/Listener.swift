package import Foundation

/// One listener's facts and state: what a center's shared registration holds and calls.
///
/// A ``NotificationInfo`` is the handle a user holds; its listener is what registrations hold, so that a registration
/// never keeps the info alive and releasing the info stops it.
///
/// ## State
/// ``State/generation`` and ``State/lastRegistration`` say whether the listener listens, for which generation and
/// through which registration: each start takes the next generation of its center's registry, and a call passes on only
/// while the generation it was made for is current. A post that took its snapshot before the listener stopped (or
/// stopped and started again) is late, and its call is dropped.
///
/// ## Threads
/// Every mutable field is in ``state``, touched only under the registry's lock. Everything else is constant; the
/// observer and the sender are weak references, which Swift makes safe to load from any thread. A strong reference
/// loaded under the lock is released only after it: releasing it there could run a `deinit`, which is user code.
///
/// ## Handler
/// A listener is made as a ``TypedListener``, which holds the handler and calls it; everything else is here, and
/// dispatched statically (the members after the handler's are in an extension).
class Listener: @unchecked Sendable {
    // Safe: `state` is only touched under `registry.lock`; every other stored property is a constant.
    // In this order, 128 bytes: the header 16, four references 32, the declaration 48, the state 32; a
    // `TypedListener`'s handler (17 bytes: a closure and its case) follows at 128: 145 bytes, which glibc's allocator
    // gives a 160-byte block (it rounds a request up to 16 bytes after its 8-byte header): each byte more up to 152 is
    // free, and the 153rd costs 16 bytes. The handler is aligned to 8 bytes, so a byte more here costs 8 there: 128
    // is the most that fits. (Release builds: in debug builds `Guarded`, in the state, adds its lock check, 16 bytes.)
    let registry: CenterRegistry
    let center: NotificationCenter
    weak let observer: AnyObject?
    weak let sender: AnyObject?
    /// What the listener declares that does not change: name, lifespan, site, selector, queue, message type; also
    /// what makes two listeners "the same" for duplicate detection, with the live observer and sender.
    let declaration: Declaration
    // Exclusive by the lock: the runtime check would cost more than the rest of a start.
    @exclusivity(unchecked) final var state = State()

    /// Three words, a slot and four flags (32 bytes): what a listener holds in memory is mostly here, once per
    /// listener.
    struct State {
        /// The generation of the registration the listener listens through now, or 0 while it does not listen.
        var generation: UInt64 = 0
        /// The registration it listens through now; while it does not, the one it last listened through, so that
        /// starting again looks nothing up (and a teardown's wait finds its posts under way).
        var lastRegistration: SharedRegistration?
        /// The tap, the late calls and the `listen(during:)` holds, made on first use: most listeners never have any.
        var extras: Guarded<Extras>?
        /// Where the info is in its owner's ``InfoList``, for a remove that looks nothing up.
        var slot: Int32 = -1
        /// Whether an engine owns the info. Which one need not be kept: an engine lists each info it owns, and only
        /// the engine that lists an info gives it up (a byte, where the engine's identity took 8).
        var isOwned = false
        /// Whether the current registration was made by a hold.
        var startedByHold = false
        /// Whether an owner ever held the info (then a gone observer is not reported: the owner stops its infos
        /// itself).
        var everOwned = false
        /// Whether a released observer or sender was reported: once per listener.
        var releaseReported = false

        func isCurrent(_ generation: UInt64) -> Bool { self.generation == generation }

        var isListening: Bool { generation != 0 }

        var tapping: Tapping? { extras?.state.tapping }
    }

    /// Only a ``TypedListener`` is made: this class's handler members do nothing.
    fileprivate init(
        center: NotificationCenter,
        registry: CenterRegistry,
        declaration: Declaration,
        observer: borrowing AnyObject?,
        sender: borrowing AnyObject?,
        isOwned: Bool
    ) {
        self.center = center
        self.registry = registry
        self.declaration = declaration
        // A weak reference stores no strong one: the copies only borrow, and the optimizer removes them.
        self.observer = copy observer
        self.sender = copy sender
        state.isOwned = isOwned
        state.everOwned = isOwned
    }

    // MARK: - The handler's, overridden by TypedListener

    /// The typed message's handler, or `nil` for a notification's listener.
    var message: (any MessageHandler)? { nil }

    /// Whether the handler is a selector name that the observer does not answer: then the info never listens.
    var isUnresolved: Bool { true }

    /// Calls the handler with a notification of the registration of `generation`, which the caller found current.
    ///
    /// `onMainQueue` is whether the post runs on the main queue, `nil` until a main-actor handler of the post looked it
    /// up: the listeners of one post are called on one thread, so it is looked up once per post, not per listener.
    func deliver(_ notification: Notification, generation: UInt64, tapping: Tapping?, onMainQueue: inout Bool?) {}

    /// Calls the handler with a main-actor message, from its shared registration's post.
    @MainActor
    func deliver<Message>(message: Message, generation: UInt64, tapping: Tapping?) {}
}

extension Listener {
    /// What the info registers for.
    var kind: NotificationInfo.Kind {
        // The declaration answers for a notification's listener without copying the handler (and its closure).
        guard declaration.messageType != nil else { return .notification }
        return message?.isAsync == true ? .asyncMessage : .mainActorMessage
    }

    /// The key of the registration the listener listens through, for its live `sender`; under the lock, once the
    /// start set the generation (an asynchronous message's registration is its start's alone).
    func registrationKey(sender: AnyObject?) -> SharedRegistration.Key {
        let message = declaration.messageType
        let queue = declaration.queue
        return SharedRegistration.Key(
            name: declaration.name,
            nameHash: Int(declaration.nameHash),
            queue: queue.map(ObjectIdentifier.init),
            sender: queue == nil && message == nil ? nil : sender.map(ObjectIdentifier.init),
            message: message,
            // A notification's listener (no message type) skips the look at its handler.
            alone: message != nil && kind == .asyncMessage ? state.generation : 0
        )
    }

    // MARK: - Starting and stopping

    /// Runs `body` under the lock, then does what it decided, reporting at the call `fileID`:`line` if there is one.
    private func decide(fileID: String? = nil, line: Int? = nil, _ body: (inout Effects) -> Void) {
        var effects = Effects()
        registry.withLock { body(&effects) }
        effects.perform(on: center, fileID: fileID, line: line)
    }

    /// Starts listening, under the lock: loads the observer and the sender, which `effects` keeps until after it,
    /// and leaves to `effects` the registration to make or the gone observer or sender to report.
    func start(byHold: Bool, into effects: inout Effects) {
        // Each load of a weak reference is an atomic operation: only what the declaration needs is loaded. Each
        // moves into `effects` once looked at (kept after a last look, it was copied: a retain and a release).
        let observer = declaration.takesObserver ? self.observer : nil
        let sender = declaration.filtersBySender ? self.sender : nil
        // The observer is looked at first here, the sender first when a listening registration is dropped.
        let observerGone = declaration.takesObserver && observer == nil
        let gone = observerGone || (declaration.filtersBySender && sender == nil)
        effects.keep(consume observer)
        defer { effects.keep(sender) }
        if byHold { madeExtras().state.holds += 1 }
        if state.isListening {
            if !byHold { state.startedByHold = false }
            return
        }
        if isUnresolved { return }
        if gone { return reportReleased(observer: observerGone, into: &effects) }
        state.startedByHold = byHold
        registry.link(self, sender: sender, into: &effects)
    }

    /// Starts outside any lock (by a hold, for `listen(during:)`), and reports at the call a start that could not
    /// listen.
    func start(byHold: Bool, fileID: String, line: Int) {
        decide(fileID: fileID, line: line) { start(byHold: byHold, into: &$0) }
    }

    /// Takes the registration, under the lock; answers whether there was one.
    @discardableResult
    private func withdraw(into effects: inout Effects) -> Bool {
        let generation = state.generation
        guard generation != 0, let registration = state.lastRegistration else { return false }
        state.generation = 0
        // An asynchronous message's registration is dropped now and never counts posts (its block calls the listener
        // itself, as a late call), so a teardown's wait needs nothing of it and it is let go, after the lock.
        if registration.key.alone != 0 {
            state.lastRegistration = nil
            effects.kept.append(registration)
        }
        registry.unlink(registration, generation: generation, into: &effects)
        return true
    }

    /// Stops listening under the lock, also what holds started; with `givingUp`, also gives the info up: for the
    /// engine that lists it.
    func stop(givingUp: Bool = false, into effects: inout Effects) {
        state.startedByHold = false
        if givingUp { state.isOwned = false }
        withdraw(into: &effects)
    }

    /// Stops listening outside any lock.
    func stop() {
        decide { stop(into: &$0) }
    }

    /// Ends a `listen(during:)` hold; the last one stops the registration it started, unless someone started the
    /// listener explicitly since.
    func endHold() {
        decide { effects in
            let extras = madeExtras()
            extras.state.holds -= 1
            if extras.state.holds == 0, state.startedByHold { stop(into: &effects) }
        }
    }

    /// What the info's `deinit` does: stops, and lets the tap go.
    func end() {
        decide { effects in
            withdraw(into: &effects)
            effects.keep(setTappingLocked(nil))
        }
    }

    /// Whether the listener listens now. A registration whose observer or sender is gone can never deliver again:
    /// it is dropped (and reported) here.
    var isListening: Bool {
        let observer = self.observer
        let sender = self.sender
        let generation = registry.withLock { state.generation }
        guard generation != 0 else { return false }
        guard let observerGone = released(observer: observer, sender: sender) else { return true }
        drop(generation, observerGone: observerGone)
        return false
    }

    /// The liveness check: `nil` while the observer and the sender that the key names (loaded by the caller, who
    /// holds them for the call) live; else whether the observer is the one gone (the sender is looked at first).
    func released(observer: AnyObject?, sender: AnyObject?) -> Bool? {
        if declaration.filtersBySender, sender == nil { return false }
        if declaration.takesObserver, observer == nil { return true }
        return nil
    }

    /// Drops the registration of `generation`, whose observer or sender is gone; reports it once, a gone observer
    /// only for a listener no owner ever held (an owner stops its infos itself).
    func drop(_ generation: UInt64, observerGone: Bool) {
        decide { effects in
            guard state.isCurrent(generation), withdraw(into: &effects) else { return }
            if !observerGone || !state.everOwned { reportReleased(observer: observerGone, into: &effects) }
        }
    }

    /// Leaves a gone observer (or sender) to report after the lock, the first time only: once per listener.
    private func reportReleased(observer: Bool, into effects: inout Effects) {
        guard !state.releaseReported else { return }
        state.releaseReported = true
        effects.list.append(.released(self, observer: observer))
    }

    /// The info's description: name, sender (read now), lifespan for an info an engine owns (or with `owned: true`,
    /// for an engine's report of a refused duplicate), handler, and whether it listens.
    func described(owned: Bool? = nil) -> String {
        let liveSender = sender
        let (listening, isOwned) = registry.withLock { (state.isListening, state.isOwned) }
        let senderText = !declaration.filtersBySender ? "any" : liveSender.map { "\(type(of: $0))" } ?? "<released>"
        let (nameLabel, senderLabel) = kind == .notification ? ("name", "sender") : ("\(kind)", "subject")
        let lifespan = (owned ?? isOwned) ? "lifespan: \(declaration.lifespan), " : ""
        return
            "NotificationInfo(\(nameLabel): \(declaration.name?.rawValue ?? "<every notification>"), \(senderLabel): "
            + "\(senderText), \(lifespan)handler: \(declaration.selector?.name ?? "closure"), "
            + "\(listening ? "listening" : "not listening"))"
    }

    // MARK: - Delivery

    /// Calls a main-actor message handler, for ``TypedListener``'s ``deliver(message:generation:tapping:)``.
    @MainActor
    func deliver<Message>(
        message: Message,
        to handler: TypedMessageHandler<Message>,
        generation: UInt64,
        tapping: Tapping?
    ) {
        let subject = declaration.filtersBySender ? sender : nil
        let observer = declaration.takesObserver ? self.observer : nil
        if let observerGone = released(observer: observer, sender: subject) {
            return drop(generation, observerGone: observerGone)
        }
        guard let call = Tapping.showMessage(tapping) else { return }
        handler.call?(observer, message)
        call.end()
        // Not `withExtendedLifetime(subject) {}`: on the main actor its empty closure is main-actor and checks its
        // executor when called (Benchmarks/README.md, "Issue 35: a main-actor message's executor check").
        extendLifetime(subject)
    }

    /// Whether a late call (a scheduled main-actor call, an asynchronous message's task) of the registration of
    /// `generation` may still reach the handler: the registration stands and its observer and sender live (one
    /// whose observer or sender is gone is dropped). Answers the observer, the tap and the late call's id, which
    /// the caller ends with ``endLateCall(_:)`` once the handler returned: a teardown's wait counts it as running
    /// from this check on, made in the same section as the check, so a stop after it finds it. `evenIfStopped`
    /// admits a call of a stopped registration too: a lifespan-bound message sequence's, which keeps the posts made
    /// before its stop.
    func admit(
        _ generation: UInt64,
        evenIfStopped: Bool = false
    ) -> (observer: AnyObject?, tapping: Tapping?, late: UInt64)? {
        let observer = declaration.takesObserver ? self.observer : nil
        let sender = declaration.filtersBySender ? self.sender : nil
        let admitted = registry.withLock { () -> (Tapping?, UInt64)? in
            guard evenIfStopped || state.isCurrent(generation) else { return nil }
            let extras = madeExtras()
            return (extras.state.tapping, extras.state.lateCalls.begin())
        }
        guard let (tapping, late) = admitted else { return nil }
        if let observerGone = released(observer: observer, sender: sender) {
            endLateCall(late)
            drop(generation, observerGone: observerGone)
            return nil
        }
        return (observer, tapping, late)
    }

    /// Ends the late call `id` that ``admit(_:)`` let through, and resumes the waits it was the last for.
    func endLateCall(_ id: UInt64) {
        let resumed = registry.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard let extras = state.extras, extras.state.lateCalls.end(id) else { return [] }
            return extras.state.lateCalls.settledWaiters()
        }
        for waiter in resumed { waiter.resume() }
    }

    // MARK: - Tap

    /// Installs (or, with `nil`, removes) the testing module's tap, under the lock; answers the previous one, for the
    /// caller to release after the lock. The registration listened through counts its tapped listeners, so that a
    /// post looks for taps only while there are some.
    func setTappingLocked(_ tapping: Tapping?) -> Tapping? {
        let previous = state.extras?.state.tapping
        guard tapping != nil || previous != nil else { return nil }
        madeExtras().state.tapping = tapping
        if state.isListening, let registration = state.lastRegistration {
            registration.state.tappedListeners += (tapping == nil ? 0 : 1) - (previous == nil ? 0 : 1)
        }
        return previous
    }

    /// The side object of tap, late calls and `listen(during:)` holds, made on first use; under the lock.
    func madeExtras() -> Guarded<Extras> {
        if let extras = state.extras { return extras }
        let extras = Guarded(Extras(), guardedBy: registry.lock)
        state.extras = extras
        return extras
    }
}

/// A listener with its handler, typed with the class that the handler receives: the owner's own class for an owner's
/// closure, which is kept as the user wrote it (so an info makes no closure around it), `AnyObject` for any other
/// handler. Its handler's members are the only ones the listener dispatches dynamically.
final class TypedListener<Owner: AnyObject>: Listener, @unchecked Sendable {
    // Listener's conformance, which a subclass restates: the one field added here is a constant of a Sendable type.
    let handler: Handler<Owner>

    init(
        handler: consuming Handler<Owner>,
        center: consuming NotificationCenter,
        registry: consuming CenterRegistry,
        declaration: consuming Declaration,
        observer: borrowing AnyObject?,
        sender: borrowing AnyObject?,
        isOwned: Bool
    ) {
        // `asOwner` casts the observer to `Owner` unchecked: every info is made with its owner as the observer of an
        // owner-typed handler, or with `AnyObject`.
        assert(
            Owner.self == AnyObject.self || (copy observer).map { $0 is Owner } ?? true,
            "Expected the observer of a listener typed with \(Owner.self) to be one, but it is not"
        )
        self.handler = handler
        super.init(
            center: center,
            registry: registry,
            declaration: declaration,
            observer: observer,
            sender: sender,
            isOwned: isOwned
        )
    }

    override var message: (any MessageHandler)? { handler.message }

    override var isUnresolved: Bool {
        if case .unresolved = handler { return true }
        return false
    }

    // MARK: - Delivery

    @MainActor
    override func deliver<Message>(message: Message, generation: UInt64, tapping: Tapping?) {
        // Every listener of a message registration has a handler of its message type (the type is in the key).
        guard case .message(let handler) = handler else { return }
        deliver(
            message: message,
            to: unsafeDowncast(handler, to: TypedMessageHandler<Message>.self),
            generation: generation,
            tapping: tapping
        )
    }

    override func deliver(_ notification: Notification, generation: UInt64, tapping: Tapping?, onMainQueue: inout Bool?)
    {
        guard declaration.filtersBySender else {
            return callHandler(notification, generation: generation, tapping: tapping, onMainQueue: &onMainQueue)
        }
        // Loaded once, and held until the call returns (only here: holding a `nil` sender cost a release of `nil`).
        guard let sender else { return drop(generation, observerGone: false) }
        guard let posted = notification.object, (posted as AnyObject) === sender else { return }
        callHandler(notification, generation: generation, tapping: tapping, onMainQueue: &onMainQueue)
        withExtendedLifetime(sender) {}
    }

    /// Calls the handler with a notification whose sender passed the filter.
    @inline(__always)
    private func callHandler(
        _ notification: Notification,
        generation: UInt64,
        tapping: Tapping?,
        onMainQueue: inout Bool?
    ) {
        switch handler {
        case .closure(let body):
            guard let call = Tapping.show(tapping, notification) else { return }
            body(notification)
            call.end()
        case .observer(let body):
            guard let observer: Owner = asOwner(observer) else { return drop(generation, observerGone: true) }
            guard let call = Tapping.show(tapping, notification) else { return }
            body(observer, notification)
            call.end()
        case .mainActorObserver(let body):
            let onMain: Bool
            if let known = onMainQueue {
                onMain = known
            } else {
                onMain = MainQueue.isCurrent
                onMainQueue = onMain
            }
            deliverOnMainActor(body, notification, generation: generation, tapping: tapping, onMainQueue: onMain)
        case .unresolved, .message:
            return
        }
    }

    /// Calls a main-actor handler at once when the post is made on the main queue, and schedules it there otherwise;
    /// a scheduled call checks again that the registration stands.
    private func deliverOnMainActor(
        _ body: @escaping @MainActor @Sendable (Owner, Notification) -> Void,
        _ notification: Notification,
        generation: UInt64,
        tapping: Tapping?,
        onMainQueue: Bool
    ) {
        if onMainQueue {
            guard let observer: Owner = asOwner(observer) else { return drop(generation, observerGone: true) }
            guard let tapped = Tapping.show(tapping, notification) else { return }
            // On the main queue the main actor's isolation holds, which is all `MainActor.assumeIsolated` checks, so
            // the handler is called as the plain function it is (as `assumeIsolated` calls its body). Through
            // `assumeIsolated` the call paid a second executor check and a closure context on every post, which kept
            // a controller's posts over their budget (Benchmarks/README.md, "Main-actor closures").
            let call = unsafeBitCast(body, to: (@Sendable (Owner, Notification) -> Void).self)
            call(observer, notification)
            tapped.end()
            return
        }
        schedule(body, notification, generation: generation)
    }

    /// Calls a main-actor handler from a task on the main actor, if its registration still stands then.
    ///
    /// Apart from ``deliver(_:generation:tapping:onMainQueue:)``, which would otherwise look up the task's metadata on
    /// every post of every listener (Benchmarks/README.md, "Issue 30").
    @inline(never)
    private func schedule(
        _ body: @escaping @MainActor @Sendable (Owner, Notification) -> Void,
        _ notification: Notification,
        generation: UInt64
    ) {
        let notification = handedOn(notification)
        Task { @MainActor in
            guard let (observer, tapping, late) = admit(generation) else { return }
            defer { endLateCall(late) }
            guard let observer: Owner = asOwner(observer), let call = Tapping.show(tapping, notification) else {
                return
            }
            body(observer, notification)
            call.end()
        }
    }
}

/// What sees an info's handler calls (the testing module's recorder, which makes its `RecordedDelivery` from them):
/// ``handlerWillRun`` receives the info and the notification (`nil` for a typed message) just before the handler
/// runs, on the thread (or in the task) that runs it, and answers an id; ``handlerReturned`` receives that id once the
/// handler has returned (for an asynchronous message, once its `async` handler has returned).
///
/// Taps are per info, kept under the info's lock that delivery takes anyway, so an info without a tap pays one `nil`
/// check per delivery. A class: every engine's state has room for one, which the testing module alone fills, and a
/// reference takes 8 bytes of it where the two closures took 32.
package final class DeliveryTap: Sendable {
    package let handlerWillRun: @Sendable (NotificationInfo, Notification?) -> UInt64
    package let handlerReturned: @Sendable (UInt64) -> Void

    package init(
        handlerWillRun: @escaping @Sendable (NotificationInfo, Notification?) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.handlerWillRun = handlerWillRun
        self.handlerReturned = handlerReturned
    }
}

/// The testing module's tap on one info, with the info its events show.
final class Tapping: Sendable {
    let tap: DeliveryTap
    /// Weak: the package never keeps an info alive.
    weak let info: NotificationInfo?

    init(tap: DeliveryTap, info: NotificationInfo) {
        self.tap = tap
        self.info = info
    }

    /// Shows a handler call to the tap, if there is one; answers the call, which the caller ends once the handler
    /// returned, or `nil` when the info is being released (then the call is skipped, as if it had stopped).
    ///
    /// The notification is taken as it is, not as an optional: making an optional of it on every post copied it
    /// (a retain and a release of each of its references) for listeners that have no tap (Benchmarks/README.md,
    /// "Issue 35: one small object per listener").
    static func show(_ tapping: Tapping?, _ notification: Notification) -> TappedCall? {
        guard let tapping else { return TappedCall(tapping: nil, id: 0) }
        return tapping.call(notification)
    }

    /// Shows a typed-message handler call to the tap, if there is one; as ``show(_:_:)``. Always inlined: the
    /// optimizer stopped inlining it when the declaration's flags became bits of a word, and the call cost each
    /// listener of a main-actor message post more (Benchmarks/README.md, "Issue 35: the listener in 160 bytes").
    @inline(__always)
    static func showMessage(_ tapping: Tapping?) -> TappedCall? {
        guard let tapping else { return TappedCall(tapping: nil, id: 0) }
        return tapping.call(nil)
    }

    private func call(_ notification: Notification?) -> TappedCall? {
        guard let info else { return nil }
        return TappedCall(tapping: self, id: tap.handlerWillRun(info, notification))
    }
}

/// A handler call shown to a tap (or to none): ``end()`` tells the tap that the handler returned.
struct TappedCall {
    let tapping: Tapping?
    let id: UInt64

    func end() {
        tapping?.tap.handlerReturned(id)
    }
}

/// What a listener declares that does not change: what it registers for, how its handler is named, and where it was
/// made. With the live observer and sender it tells whether two listeners are "the same" for duplicate detection (see
/// the Duplicates article): name, sender, lifespan and handler, where a selector names the handler with its observer,
/// and a closure by the place it was written (file, line, column) and the owner it receives. It also keeps the facts a
/// report shows.
///
/// Inline in each listener: sharing one between the listeners that declare the same thing cost more instructions
/// per info made and more bytes for declarations that do not repeat (Benchmarks/README.md, "Issue 35: one small
/// object per listener").
struct Declaration: Sendable {
    // In this order, 48 bytes: the strings, the reference, and the small facts in one word.
    let name: Notification.Name?
    let fileID: String
    /// What few declarations have, or `nil` when it has none of it: out of line, it costs those listeners a small
    /// object, and every other listener this reference and two bits of ``facts`` where a selector, a queue, a message
    /// type and a lifespan took 48 bytes (Benchmarks/README.md, "Issue 35: a smaller listener").
    let rare: Rare?
    /// The small facts in one word, where they took two: the listener then fits a 160-byte block (Benchmarks/README.md,
    /// "Issue 35: the listener in 160 bytes"). From the lowest bit: the lifespan's tag (2 bits), ``takesObserver``,
    /// ``filtersBySender`` and ``placeFits`` (a bit each), the column (11 bits), the line (24 bits) and the name's hash
    /// (24 bits).
    private let facts: UInt64

    /// The name's hash (24 bits of it), computed once: duplicate detection compares it first, and the shared
    /// registration's key hashes it.
    var nameHash: Int32 { Int32(truncatingIfNeeded: facts >> 40) }
    var line: Int { placeFits ? Int(truncatingIfNeeded: (facts >> 16) & 0xFF_FFFF) : rare?.place?.line ?? 0 }
    var column: Int { placeFits ? Int(truncatingIfNeeded: (facts >> 5) & 0x7FF) : rare?.place?.column ?? 0 }
    /// The lifespan, but for a custom one's name, which is in ``rare``.
    var lifespanTag: Lifespan.Tag {
        switch facts & 3 {
        case 0: return .lifetime
        case 1: return .visible
        default: return .custom
        }
    }
    /// Whether the handler receives an observer, which must live for the listener to be called.
    var takesObserver: Bool { facts & 4 != 0 }
    /// Whether the listener filters on one sender (or subject), held weakly by the listener.
    var filtersBySender: Bool { facts & 8 != 0 }
    /// Whether the place is in ``facts`` (a line up to 16,777,215 and a column up to 2,047, as nearly every `#line` and
    /// `#column` is); any other, a long line's column or a place given by hand, is kept whole in ``rare``.
    var placeFits: Bool { facts & 16 != 0 }

    /// A selector, a queue, a typed message, a custom lifespan or a place too large for ``facts``: what a listener
    /// declares only now and then.
    final class Rare: Sendable {
        let selector: NotificationSelector?
        /// The queue handlers run on, or `nil` for the posting thread.
        let queue: OperationQueue?
        let messageType: ObjectIdentifier?
        let customLifespan: String?
        /// A place that does not fit in ``facts``, kept whole.
        let place: (line: Int, column: Int)?

        init(
            selector: NotificationSelector?,
            queue: OperationQueue?,
            messageType: ObjectIdentifier?,
            customLifespan: String?,
            place: (line: Int, column: Int)?
        ) {
            self.place = place
            self.selector = selector
            self.queue = queue
            self.messageType = messageType
            self.customLifespan = customLifespan
        }
    }

    init(
        name: Notification.Name?,
        lifespan: Lifespan,
        selector: NotificationSelector?,
        queue: OperationQueue?,
        messageType: ObjectIdentifier?,
        fileID: String,
        line: Int,
        column: Int,
        takesObserver: Bool,
        filtersBySender: Bool
    ) {
        let nameHash = Self.hash(of: name)
        self.name = name
        let customLifespan = lifespan.customName
        let placeFits = (0..<1 << 24).contains(line) && (0..<1 << 11).contains(column)
        rare =
            selector == nil && queue == nil && messageType == nil && customLifespan == nil && placeFits
            ? nil
            : Rare(
                selector: selector,
                queue: queue,
                messageType: messageType,
                customLifespan: customLifespan,
                place: placeFits ? nil : (line, column)
            )
        self.fileID = fileID
        facts =
            UInt64(lifespan.tag.rawValue) | (takesObserver ? 4 : 0) | (filtersBySender ? 8 : 0) | (placeFits ? 16 : 0)
            | Self.field(column, bits: 11, at: 5) | Self.field(line, bits: 24, at: 16)
            | Self.field(Int(nameHash), bits: 24, at: 40)
    }

    /// `value`'s low `bits` bits, at `offset` in ``facts``. Inlined: as a call, it was most of what the packing
    /// cost making an info (Benchmarks/README.md, "Issue 35: the listener in 160 bytes").
    @inline(__always)
    private static func field(_ value: Int, bits: Int, at offset: Int) -> UInt64 {
        (UInt64(truncatingIfNeeded: value) & ((1 << bits) - 1)) << offset
    }

    /// The hash of `name`, borrowed: hashed in the initialiser, it was copied (a retain and a release per info).
    @inline(never)
    private static func hash(of name: Notification.Name?) -> Int32 {
        Int32(truncatingIfNeeded: name?.hashValue ?? 0)
    }

    /// The lifespan, made again from its byte. `lifetime` and `visible` are the static constants: made through an
    /// initialiser, every engine's loop over its infos paid a retain and a release per info (Benchmarks/README.md,
    /// "Issue 35: a smaller listener").
    var lifespan: Lifespan {
        switch lifespanTag {
        case .lifetime: return .lifetime
        case .visible: return .visible
        case .custom: return .custom(rare?.customLifespan ?? "")
        }
    }
    var selector: NotificationSelector? { rare?.selector }
    /// The queue handlers run on, or `nil` for the posting thread.
    var queue: OperationQueue? { rare?.queue }
    var messageType: ObjectIdentifier? { rare?.messageType }

    /// Whether a notification's listener has no name: read in place, where `name == nil` through an accessor copied
    /// the name (Benchmarks/README.md, "Where a second controller's time goes").
    var listensToEveryNotification: Bool {
        guard messageType == nil, case .none = name else { return false }
        return true
    }

    /// Whether the handler is named by its selector rather than by its place.
    private var namedBySelector: Bool { rare?.selector != nil && takesObserver }

    /// Whether listeners of these two declarations register the same thing when their observers and senders are the
    /// same objects: every part but the place, which counts only for a closure (and the queue, which never counted).
    func declaresTheSame(as other: Declaration) -> Bool {
        guard nameHash == other.nameHash,
            namedBySelector || (line == other.line && column == other.column)
        else { return false }
        guard takesObserver == other.takesObserver, filtersBySender == other.filtersBySender,
            lifespanTag == other.lifespanTag, name == other.name
        else { return false }
        if rare !== other.rare {
            guard messageType == other.messageType, rare?.customLifespan == other.rare?.customLifespan,
                selector == other.selector
            else { return false }
        }
        return namedBySelector || fileID == other.fileID
    }

    /// A hash of what ``declaresTheSame(as:)`` compares, with the identities of the observer and sender, for an
    /// engine's index of its infos.
    func duplicateHash(observer: ObjectIdentifier?, sender: ObjectIdentifier?) -> Int {
        func bits(_ id: ObjectIdentifier?) -> UInt { id.map { UInt(bitPattern: $0) } ?? 0 }
        var hasher = Hasher()
        hasher.combine(nameHash)
        hasher.combine(bits(observer) ^ (bits(sender) &* 31) ^ (bits(messageType) &* 961))
        hasher.combine(filtersBySender)
        if let selector { hasher.combine(selector) }
        if !namedBySelector { hasher.combine(Int(line) &* 65_537 &+ Int(column)) }
        hasher.combine(lifespanTag)
        if let custom = rare?.customLifespan { hasher.combine(custom) }
        return hasher.finalize()
    }
}

/// A value that Foundation hands to an observer's block, passed on as it is to the one place that reads it next (a
/// main-actor task, a sequence's consumer). Foundation hands a notification over without `Sendable`, and one
/// notification goes to every observer of its post, so it cannot be `sending` either; the package only reads it, and
/// passes it on unchanged, as Foundation's own sequences do. The one place this is said, for every such hand-over.
@inline(__always)
func handedOn<Value>(_ value: Value) -> sending Value {
    nonisolated(unsafe) let value = value
    return value
}
