import Foundation

/// The part of a ``NotificationInfo`` that its registrations reach: the info's lock, its mutable state, and the
/// facts a delivery or a report reads, in one allocation.
///
/// ## Why the info and its core are two objects
/// A registration's block must not keep the info alive (an info that is released stops listening), so the block
/// holds the core, and the info's `deinit` removes the registration. Everything a block needs is here: the lock
/// and state it checks, the handler it calls, the center it unregisters from when the observer or sender is gone,
/// and the ``Label`` its report shows. The info keeps its own facts as constants too: the compiler reads a class's
/// constants without retaining them, while a reference-counted fact read through this buffer's storage is retained
/// for as long as it is used, so starting and stopping (which the info calls) read the info's.
///
/// ## Lifetime, and telling an earlier registration's block apart
/// Foundation calls the observers a post found even when they are removed during that post, so a block can run
/// after its registration ended, even after the info started again. Such a call must not reach the handler.
///
/// The core holds itself (``State/selfReference``) from when it is made until the info's `deinit`, and the info
/// refers to it without a count. While the info lives, the core's count is therefore one, plus one for each block,
/// marker or pending main-actor call that holds it, and `isKnownUniquelyReferenced` on the self reference tells,
/// under the lock, whether anything else holds it. When nothing does, a new registration's block holds the core
/// itself. Otherwise it holds a new ``RegistrationMarker``. The registration records the identity of what its
/// block holds (``Registration/holder``), and a delivery passes on only when it comes through that object. An
/// identity cannot be reused while it matters: the block holds that object, so it lives as long as any call
/// through the block can happen. Starting again therefore makes no marker unless something else still holds the
/// core (an earlier registration's block, a pending main-actor call, or, in an unoptimised build, a temporary).
///
/// ## Threads
/// `ManagedBuffer` is not `Sendable`, so the references that cross threads (the info's, a marker's and a block's)
/// are declared `nonisolated(unsafe)` and point here. That is safe: `Storage.state` is only touched under the lock
/// (``withLock(_:)``), and `Storage.facts` is written once, when the core is made, and only read afterwards.
final class InfoCore: ManagedBuffer<PlatformLock.Primitive, InfoCore.Storage> {
    /// What a registration's block needs of the info, which never changes after the info is made.
    struct Facts: Sendable {
        /// The handler of a closure info for any sender, whose delivery checks nothing but the registration.
        let unfilteredHandler: (@Sendable (Notification) -> Void)?
        let invocation: Invocation
        let filtersOnSender: Bool
        let needsObserver: Bool
        let center: NotificationCenter
        let label: Label
    }

    /// What a description or a report shows of the info.
    struct Label: Sendable {
        let kind: NotificationInfo.Kind
        let name: Notification.Name?
        let lifespan: Lifespan
        let handler: NotificationInfo.Handler
        let fileID: String
        let line: Int

        /// The info's ``NotificationInfo/description`` for its sender filter, and a sender and a listening state read
        /// under its lock.
        func describe(filtersOnSender: Bool, sender: AnyObject?, listening: Bool) -> String {
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

    /// The core's one tail element, after the lock (the buffer's header): the facts, and the state the lock
    /// protects. Initialised in place: making a core moves neither through the buffer's generic factory.
    struct Storage {
        let facts: Facts
        var state: State
    }

    /// The fields a delivery reads come first, next to the facts it reads.
    struct State {
        var registration: Registration?
        /// Sees every handler call (the testing module's recorder).
        var tap: DeliveryTap?
        /// The info, for the tap's events; set only while a tap is installed.
        weak var tapped: NotificationInfo?
        weak var observer: AnyObject?
        weak var sender: AnyObject?
        /// The core itself from when it is made until the info's `deinit` (see the type's discussion).
        var selfReference: InfoCore?
        var generation: UInt64 = 0
        /// `listen(during:)` calls under way.
        var holds = 0
        /// Whether the current registration was made by `listen(during:)` and should end with the last hold.
        var startedByHold = false
        /// The engine that owns the info, if any.
        var owner: ObjectIdentifier?
        /// Whether an engine owned the info when the observer went away (then no report: the owner stops it).
        var everOwned = false
        /// Whether the release of the observer or sender was reported: it is reported once, not on every start.
        var releaseReported = false
        /// Whether the ``RegistrationLedger`` lists the info itself (not only through an engine).
        var inLedger: Bool

        /// A new info's state; `owner` is the engine whose shorthand made it, which owns it from the start (and
        /// through which the ledger lists it).
        init(observer: AnyObject?, sender: AnyObject?, owner: ObjectIdentifier?) {
            self.observer = observer
            self.sender = sender
            self.owner = owner
            self.everOwned = owner != nil
            self.inLedger = owner == nil
        }

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
        @inline(__always)
        mutating func observer(keeping kept: inout KeptObjects) -> AnyObject? {
            guard let observer else { return nil }
            return kept.keep(observer)
        }

        /// The sender, loaded as a strong reference that `kept` holds until the caller has left every lock.
        @inline(__always)
        mutating func sender(keeping kept: inout KeptObjects) -> AnyObject? {
            guard let sender else { return nil }
            return kept.keep(sender)
        }
    }

    struct Registration {
        let token: Token
        /// Which registration this is, for a typed message (its handler is called with the generation it was made
        /// with, and a call with any other is stale).
        let generation: UInt64
        /// The identity of what a notification registration's block holds: the core itself or a marker. (Always
        /// `nil` for a typed message, which is told apart by its generation.)
        let holder: ObjectIdentifier?
    }

    /// What the center returned for the registration, removed with the matching `removeObserver`.
    enum Token {
        case notification(any NSObjectProtocol)
        /// A typed-message registration; boxed, so that a notification token stays as small to copy as it was.
        case message(MessageObservation)
    }

    /// A `NotificationCenter.ObservationToken`, kept as `any Sendable` because its type is not available on every
    /// platform version the package supports.
    final class MessageObservation: Sendable {
        let token: any Sendable

        init(_ token: any Sendable) {
            self.token = token
        }
    }

    /// A delivery tap with the info its events show, loaded together under the lock.
    struct TapCall {
        let tap: DeliveryTap
        /// `nil` while the info is being released: then there is nothing to show, and the call is skipped.
        let info: NotificationInfo?
    }

    /// Makes a core that holds itself (see the type's discussion) with its lock initialised; `facts` makes the
    /// facts where they are stored.
    @inline(__always)
    static func make(
        observer: AnyObject?,
        sender: AnyObject?,
        owner: ObjectIdentifier?,
        facts: () -> Facts
    ) -> InfoCore {
        let core = unsafeDowncast(create(minimumCapacity: 1) { _ in PlatformLock.placeholder() }, to: InfoCore.self)
        core.withUnsafeMutablePointers { lock, storage in
            PlatformLock.initialize(lock)
            storage.initialize(
                to: Storage(facts: facts(), state: State(observer: observer, sender: sender, owner: owner))
            )
            Self.state(in: storage).pointee.selfReference = core
        }
        return core
    }

    deinit {
        // The header (the lock) is the buffer's to destroy; the element is not.
        withUnsafeMutablePointers { lock, storage in
            storage.deinitialize(count: 1)
            PlatformLock.destroy(lock)
        }
    }

    /// Runs `body` with exclusive access to the state. `body` must never call user code.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { lock, storage in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&Self.state(in: storage).pointee)
        }
    }

    /// Reads a fact; facts never change, so no lock is taken.
    @inline(__always)
    private func fact<Value>(_ read: (UnsafeMutablePointer<Facts>) -> Value) -> Value {
        withUnsafeMutablePointerToElements { read(Self.facts(in: $0)) }
    }

    // The state and the facts are reached through pointers of their own, never through `Storage`: an access to
    // `storage.pointee.state` is an access to `storage.pointee` for ThreadSanitizer, which would then see a write
    // to the facts (at the start of the storage) in every locked section, racing with lock-free reads of them.

    @inline(__always)
    static func state(in storage: UnsafeMutablePointer<Storage>) -> UnsafeMutablePointer<State> {
        (UnsafeMutableRawPointer(storage) + MemoryLayout<Storage>.offset(of: \.state)!)
            .assumingMemoryBound(to: State.self)
    }

    @inline(__always)
    static func facts(in storage: UnsafeMutablePointer<Storage>) -> UnsafeMutablePointer<Facts> {
        (UnsafeMutableRawPointer(storage) + MemoryLayout<Storage>.offset(of: \.facts)!)
            .assumingMemoryBound(to: Facts.self)
    }

    // MARK: - Facts (they never change, so they are read without holding the lock; but only after the reading thread
    // has taken it once, see `deliver`)

    var invocation: Invocation { fact { $0.pointee.invocation } }
    var filtersOnSender: Bool { fact { $0.pointee.filtersOnSender } }
    var center: NotificationCenter { fact { $0.pointee.center } }
    var label: Label { fact { $0.pointee.label } }

    // MARK: - Starting and stopping

    /// Starts listening for `info` (whose core this is); see ``NotificationInfo/start(byHold:keeping:)``.
    ///
    /// Reads the info's constants, not the core's facts (see "Why the info and its core are two objects").
    func start(
        for info: NotificationInfo,
        byHold: Bool,
        keeping kept: inout KeptObjects
    ) -> NotificationInfo.StartOutcome {
        // The locked section must not hold the core itself: a closure that captures `self` may retain it (unoptimised
        // builds do), and then the count no longer tells whether a block holds the core. It captures the core's
        // identity and an unretained reference instead, and retains the core only for the block it makes.
        let selfID = ObjectIdentifier(self)
        let unretainedSelf = Unmanaged.passUnretained(self)
        return withLock { state in
            if byHold { state.holds += 1 }
            if state.registration != nil {
                if !byHold { state.startedByHold = false }
                return .alreadyListening
            }
            if case .unresolved = info.invocation { return .unresolvedSelector }
            if info.invocation.needsObserver, state.observer(keeping: &kept) == nil {
                return Self.firstReport(.observerReleased, &state)
            }
            let sender = state.sender(keeping: &kept)
            if info.filtersBySender, sender == nil { return Self.firstReport(.senderReleased, &state) }
            state.generation &+= 1
            let generation = state.generation
            if let subscription = info.invocation.messageSubscription {
                let token = Token.message(MessageObservation(subscription.register(info, sender, generation)))
                state.registration = Registration(token: token, generation: generation, holder: nil)
            } else {
                let holder: ObjectIdentifier
                let token: any NSObjectProtocol
                // Each block captures one object, the core or the marker, so that it needs no context of its own.
                func register(_ block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol {
                    info.center.addObserver(forName: info.name, object: sender, queue: info.queue, using: block)
                }
                if isKnownUniquelyReferenced(&state.selfReference) {
                    holder = selfID
                    nonisolated(unsafe) let core = unretainedSelf.takeUnretainedValue()  // See "Threads" above.
                    token = register { core.deliver($0, through: nil) }
                } else {
                    let marker = RegistrationMarker(core: unretainedSelf.takeUnretainedValue())
                    holder = ObjectIdentifier(marker)
                    token = register { marker.deliver($0) }
                }
                state.registration = Registration(
                    token: .notification(token),
                    generation: generation,
                    holder: holder
                )
            }
            state.startedByHold = byHold
            return .started
        }
    }

    /// Stops listening for `info` (whose core this is) and says whether a registration was removed. With an
    /// `owner`, also gives the info up if that owner has it, in the same locked section.
    @discardableResult
    func stop(for info: NotificationInfo, givingUpFrom owner: ObjectIdentifier? = nil) -> Bool {
        let token = withLock { state -> Token? in
            state.startedByHold = false
            if let owner, state.owner == owner { state.owner = nil }
            return Self.takeRegistration(&state)
        }
        guard let token else { return false }
        Self.unregister(token, center: info.center, invocation: info.invocation)
        return true
    }

    /// Ends a hold; the last one stops the registration it started, unless someone started the info explicitly
    /// since.
    func endHold(for info: NotificationInfo) {
        let token = withLock { state -> Token? in
            state.holds -= 1
            guard state.holds == 0, state.startedByHold else { return nil }
            state.startedByHold = false
            return Self.takeRegistration(&state)
        }
        if let token {
            Self.unregister(token, center: info.center, invocation: info.invocation)
        }
    }

    /// What the info's `deinit` does: removes the registration and gives up the self reference, which is
    /// released by the caller after the lock (it may be the last reference).
    func end(for info: NotificationInfo) -> InfoCore? {
        let (registration, selfReference) = withLock { state -> (Registration?, InfoCore?) in
            defer {
                state.registration = nil
                state.selfReference = nil
            }
            return (state.registration, state.selfReference)
        }
        if let registration {
            Self.unregister(registration.token, center: info.center, invocation: info.invocation)
        }
        return selfReference
    }

    static func takeRegistration(_ state: inout State) -> Token? {
        defer { state.registration = nil }
        return state.registration?.token
    }

    /// Removes a registration from the center by its token, with the call that matches how it was made.
    static func unregister(_ token: Token, center: NotificationCenter, invocation: Invocation) {
        switch token {
        case .notification(let token):
            center.removeObserver(token)
        case .message(let observation):
            invocation.messageSubscription?.unregister(center, observation.token)
        }
    }

    /// Removes a registration whose block found its observer or sender gone (the core has no info at hand).
    func unregister(_ token: Token) {
        Self.unregister(token, center: center, invocation: invocation)
    }

    // MARK: - Dead registrations

    enum Decision {
        case skip
        case call(observer: AnyObject?, tap: TapCall?)
        case drop(token: Token, observerGone: Bool, report: Bool)
    }

    /// Takes a registration that can never deliver again (its sender or observer is gone); `nil` if it can.
    func dropIfDead(_ state: inout State, keeping kept: inout KeptObjects) -> Decision? {
        if filtersOnSender, state.sender(keeping: &kept) == nil {
            return Self.drop(&state, observerGone: false)
        }
        if invocation.needsObserver, state.observer(keeping: &kept) == nil {
            return Self.drop(&state, observerGone: true)
        }
        return nil
    }

    /// Takes the registration, whose sender or observer is gone; reports a gone observer only for an info no
    /// owner ever held (an owner stops its infos itself).
    static func drop(_ state: inout State, observerGone: Bool) -> Decision {
        guard let token = takeRegistration(&state) else { return .skip }
        let report = (!observerGone || !state.everOwned) && !state.releaseReported
        if report { state.releaseReported = true }
        return .drop(token: token, observerGone: observerGone, report: report)
    }

    /// `outcome` the first time a released observer or sender stops a start, then a silent `.notListening`.
    static func firstReport(
        _ outcome: NotificationInfo.StartOutcome,
        _ state: inout State
    ) -> NotificationInfo.StartOutcome {
        defer { state.releaseReported = true }
        return state.releaseReported ? .notListening : outcome
    }

    /// Reports a registration dropped because its observer or sender went away; `sender` is the sender if it still
    /// lives, for the description.
    func reportReleased(observerGone: Bool, sender: AnyObject?) {
        let label = self.label
        let description = label.describe(filtersOnSender: filtersOnSender, sender: sender, listening: false)
        if observerGone {
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(description) to be stopped before it was released, but it was released "
                    + "while listening. Its registration is dropped. Call stopListening() before releasing the "
                    + "observer, or let a ControllerBase own the info.",
                fileID: label.fileID,
                line: label.line,
                about: center
            )
        } else {
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(description) filters on to outlive its listening, but it was released. "
                    + "Its registration is dropped; the info does not widen to any sender. Stop the info before "
                    + "releasing the sender.",
                fileID: label.fileID,
                line: label.line,
                about: center
            )
        }
    }

    // MARK: - Delivery

    /// Called by a registration's block for each matching post: `marker` is the marker the block holds, or `nil`
    /// when it holds the core itself. Decides under the lock, calls the handler outside it.
    ///
    /// The lock is taken first and the facts are read only after it. They were written when the core was made, maybe
    /// on another thread; the center's lock orders that write before this read, but ThreadSanitizer does not see it.
    /// It does see the core's lock, which the thread that started the registration took after making the core.
    func deliver(_ notification: Notification, through marker: RegistrationMarker?) {
        let holder = marker.map(ObjectIdentifier.init) ?? ObjectIdentifier(self)
        withUnsafeMutablePointers { lock, storage in
            let state = Self.state(in: storage)
            let facts = Self.facts(in: storage)
            PlatformLock.lock(lock)
            guard state.pointee.registration?.holder == holder else {
                PlatformLock.unlock(lock)
                return
            }
            if facts.pointee.unfilteredHandler != nil {
                // The short path of a closure that takes any sender: it has no observer or sender that can go. The
                // handler is called where it is stored, so that the call borrows it instead of retaining it.
                let tap = state.pointee.tapCall()
                PlatformLock.unlock(lock)
                guard showTap(tap, notification) else { return }
                facts.pointee.unfilteredHandler?(notification)
                return
            }
            // The sender and observer loaded under the lock are released only after it, when this returns (see
            // ``KeptObjects``).
            var sender: AnyObject?
            var observer: AnyObject?
            let decision = Self.check(
                notification,
                filtersOnSender: facts.pointee.filtersOnSender,
                needsObserver: facts.pointee.needsObserver,
                state: &state.pointee,
                sender: &sender,
                observer: &observer
            )
            PlatformLock.unlock(lock)
            switch decision {
            case .skip:
                return
            case .drop(let token, let observerGone, let shouldReport):
                unregister(token)
                if shouldReport { reportReleased(observerGone: observerGone, sender: sender) }
            case .call(let observer, let tap):
                switch facts.pointee.invocation {
                case .unbound(let handler):
                    guard showTap(tap, notification) else { return }
                    handler(notification)
                case .bound(let handler):
                    guard let observer, showTap(tap, notification) else { return }
                    handler(observer, notification)
                case .boundOnMainActor(let handler):
                    deliverOnMainActor(handler, notification: notification, through: holder, marker: marker)
                case .unresolved, .message:
                    return
                }
            }
        }
    }

    /// The general path's checks, under the lock, of a current registration: its sender and observer, and the
    /// posted object. The sender and observer it loads are left in `sender` and `observer`, for the caller to
    /// release after the lock.
    private static func check(
        _ notification: Notification,
        filtersOnSender: Bool,
        needsObserver: Bool,
        state: inout State,
        sender: inout AnyObject?,
        observer: inout AnyObject?
    ) -> Decision {
        if filtersOnSender {
            sender = state.sender
            guard sender != nil else { return drop(&state, observerGone: false) }
        }
        if needsObserver {
            observer = state.observer
            guard observer != nil else { return drop(&state, observerGone: true) }
        }
        if filtersOnSender {
            guard let posted = notification.object.map({ $0 as AnyObject }), posted === sender else {
                return .skip
            }
        }
        return .call(observer: observer, tap: state.tapCall())
    }

    /// Shows the handler call to the tap, if there is one. A tap sees each call with its info; while the info is
    /// being released there is none to show, and the call is skipped as if the info had stopped.
    private func showTap(_ tap: TapCall?, _ notification: Notification) -> Bool {
        guard let tap else { return true }
        guard let info = tap.info else { return false }
        tap.tap(DeliveryEvent(info: info, notification: notification))
        return true
    }

    private func deliverOnMainActor(
        _ handler: @escaping @MainActor @Sendable (AnyObject, Notification) -> Void,
        notification: Notification,
        through holder: ObjectIdentifier,
        marker: RegistrationMarker?
    ) {
        // Foundation hands the notification over without Sendable; it is only read, on the main actor.
        nonisolated(unsafe) let notification = notification
        nonisolated(unsafe) let core = self  // See "Threads" above.
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { core.callOnMainActor(handler, notification, through: holder) }
        } else {
            // The task holds the marker (the core it holds itself) until it runs, so that no later marker can take
            // its address and pass for the registration this call came through.
            Task { @MainActor in
                withExtendedLifetime(marker) { core.callOnMainActor(handler, notification, through: holder) }
            }
        }
    }

    /// Calls a main-actor handler if the registration still stands (checked again on the main actor).
    @MainActor
    private func callOnMainActor(
        _ handler: @MainActor @Sendable (AnyObject, Notification) -> Void,
        _ notification: Notification,
        through holder: ObjectIdentifier
    ) {
        let listening = withLock { state -> (AnyObject, TapCall?)? in
            guard state.registration?.holder == holder, let observer = state.observer
            else { return nil }
            return (observer, state.tapCall())
        }
        guard let (observer, tap) = listening, showTap(tap, notification) else { return }
        handler(observer, notification)
    }

    /// Decides, under the lock, whether a typed message may reach the handler of the registration of `generation`;
    /// see ``NotificationInfo/admitMessage(generation:)``.
    func admitMessage(generation: UInt64) -> (observer: AnyObject?, tap: DeliveryTap?)? {
        // Observers and senders loaded under the lock, released after it (see `KeptObjects`).
        var kept = KeptObjects()
        var sender: AnyObject?
        let decision = withLock { state -> Decision in
            guard state.registration?.generation == generation else {
                return .skip
            }
            sender = state.sender
            return dropIfDead(&state, keeping: &kept) ?? .call(observer: state.observer, tap: state.tapCall())
        }
        kept = KeptObjects()
        switch decision {
        case .skip:
            return nil
        case .drop(let token, let observerGone, let shouldReport):
            unregister(token)
            if shouldReport { reportReleased(observerGone: observerGone, sender: sender) }
            return nil
        case .call(let observer, let tap):
            return (observer, tap?.tap)
        }
    }
}
