import Foundation

/// The part of a ``NotificationInfo`` that its registrations reach: the info's lock, its mutable state, and its
/// facts, in one allocation; the info itself is a handle that keeps only the core and what an owner's loops read.
///
/// ## Why the info and its core are two objects
/// A registration must not keep the info alive (an info that is released stops listening), so its list holds the
/// core, and the info's `deinit` removes the registration. Everything a delivery needs is here: the lock and state it
/// checks, the handler it calls, the center it unregisters from when the observer or sender is gone, and the
/// ``Label`` its report shows. The facts are kept here once, not also in the info, so that a listener costs one
/// copy of them (the info's properties read them from here).
///
/// One object per info was built and measured (Benchmarks/README.md): the list linked the infos themselves and a
/// post reached each through a weak reference made under the list's lock. It saved about 80 bytes per info and a
/// tenth of a controller's life, but cost about 190 instructions per listener per post (one post 1.09x the code by
/// hand, against 1.05x here) and gave every info that heard a post a runtime side table. A post is what an app does
/// most, so the info stays a small handle and the core is the listener.
///
/// ## Lifetime, and telling a late call from a current registration
/// A listening notification or main-actor message info's core is linked, itself, into a ``HubList`` of its center's
/// ``NotificationHub`` (see ``Links``); an asynchronous message's registration is a Foundation observer of its own.
/// Either way the registration carries a generation, counted up at each start, and a call passes on only when it
/// carries the generation of the current registration: a post that took its snapshot before the info stopped (or
/// stopped and started again) is late, and its call is dropped under the lock.
///
/// The core holds itself (``State/selfReference``) from when it is made until the info's `deinit`, and the info
/// refers to it without a count; a list, a post's snapshot or a pending main-actor call holds the core too, never
/// the info.
///
/// ## Threads
/// `ManagedBuffer` is not `Sendable`, so the references that cross threads (the info's, a list's and a task's)
/// are declared `nonisolated(unsafe)` and point here. That is safe: `Storage.state` is only touched under the lock
/// (``withLock(_:)``), `Storage.links` only under the lock of the list the core is in, and `Storage.facts` is written
/// once, when the core is made, and only read afterwards.
final class InfoCore: ManagedBuffer<PlatformLock.Primitive, InfoCore.Storage> {
    /// What a registration's block needs of the info, which never changes after the info is made.
    struct Facts: Sendable {
        /// The handler of a closure info for any sender, whose delivery checks nothing but the registration.
        let unfilteredHandler: (@Sendable (Notification) -> Void)?
        let invocation: Invocation
        let filtersOnSender: Bool
        let needsObserver: Bool
        let center: NotificationCenter
        /// The queue handlers run on, or `nil` for the posting thread.
        let queue: OperationQueue?
        let label: Label
        /// The name's hash (``RegistrationKey/nameHash(_:)``), by which the center's hub finds the name's list.
        let nameHash: Int
        /// The parts of the info's registration key that are not in the label: all trivial, so that making and
        /// releasing an info copies no string of its key.
        let keySender: ObjectIdentifier?
        let keyObserver: ObjectIdentifier?
        let keyColumn: Int
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

    /// The core's one tail element, after the lock (the buffer's header): the facts, the state the lock
    /// protects, and the links its list's lock protects. Initialised in place: making a core moves neither through
    /// the buffer's generic factory.
    struct Storage {
        let facts: Facts
        var state: State
        var links = Links()
    }

    /// The core's place in the ``HubList`` it listens in: a listening notification or main-actor message info is
    /// linked into its list itself, so that starting and stopping allocate nothing. Only under that list's lock.
    struct Links {
        /// Strong: the list holds the cores it calls (never the info, whose release must stop it).
        var next: InfoCore?
        unowned(unsafe) var previous: InfoCore?
        /// The generation of the registration the core was linked for, which a post's snapshot carries.
        var generation: UInt64 = 0
        // The two flags together at the end: the links take 26 bytes, not 33.
        var isLinked = false
        /// Whether a delivery tap watches the info (then every call goes through ``deliver(_:generation:)``, which
        /// shows it to the tap).
        var isTapped = false
    }

    /// The fields a delivery reads come first, next to the facts it reads; the small ones last, packed together.
    struct State {
        /// Whether the info listens: its core is linked in ``list``, or ``message`` is its async message observer.
        var isListening = false
        /// The generation of the current registration, counted up at each start (see "Lifetime").
        var generation: UInt64 = 0
        /// The Foundation observer of its own while an asynchronous-message info listens.
        var message: MessageObservation?
        /// Sees every handler call (the testing module's recorder), with the info it shows; `nil` when no tap
        /// watches, which is almost always: one reference here, not the tap and a weak info in every core.
        var tapping: Tapping?
        weak var observer: AnyObject?
        weak var sender: AnyObject?
        /// The core itself from when it is made until the info's `deinit` (see the type's discussion).
        var selfReference: InfoCore?
        /// The center's hub, looked up at the first start of an info that uses it, and the list it last listened in
        /// (while listening, the list it is linked in).
        var hub: NotificationHub?
        var list: HubList?
        /// The engine that owns the info, if any.
        var owner: ObjectIdentifier?
        /// `listen(during:)` calls under way.
        var holds: Int32 = 0
        /// Whether the current registration was made by `listen(during:)` and should end with the last hold.
        var startedByHold = false
        /// Whether an engine owned the info when the observer went away (then no report: the owner stops it).
        var everOwned = false
        /// Whether the release of the observer or sender was reported: it is reported once, not on every start.
        var releaseReported = false
        /// Whether the ``RegistrationLedger`` lists the info itself (not only through an engine).
        var inLedger: Bool

        /// Whether a call made for the registration of `generation` may pass: that registration still stands.
        @inline(__always)
        func isCurrent(_ generation: UInt64) -> Bool {
            isListening && self.generation == generation
        }

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
            guard let tapping else { return nil }
            return TapCall(tap: tapping.tap, info: tapping.info)
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

    /// A delivery tap and the info its events show. Only touched under the core's lock.
    final class Tapping {
        let tap: DeliveryTap
        /// Weak: the core must not keep its info alive.
        weak var info: NotificationInfo?

        init(tap: @escaping DeliveryTap, info: NotificationInfo) {
            self.tap = tap
            self.info = info
        }
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
    func fact<Value>(_ read: (UnsafeMutablePointer<Facts>) -> Value) -> Value {
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

    /// The links, for the list the core is in; only under that list's lock.
    @inline(__always)
    var links: UnsafeMutablePointer<Links> {
        withUnsafeMutablePointerToElements { storage in
            (UnsafeMutableRawPointer(storage) + MemoryLayout<Storage>.offset(of: \.links)!)
                .assumingMemoryBound(to: Links.self)
        }
    }

    // MARK: - Facts (they never change, so they are read without holding the lock; but only after the reading thread
    // has taken it once, see `deliver`)

    var invocation: Invocation { fact { $0.pointee.invocation } }
    /// The handler of a closure info for any sender, or `nil`.
    var plainHandler: (@Sendable (Notification) -> Void)? { fact { $0.pointee.unfilteredHandler } }
    var filtersOnSender: Bool { fact { $0.pointee.filtersOnSender } }
    var needsObserver: Bool { fact { $0.pointee.needsObserver } }
    var center: NotificationCenter { fact { $0.pointee.center } }
    var label: Label { fact { $0.pointee.label } }

    // MARK: - Starting and stopping

    /// Starts listening for `info` (whose core this is); see ``NotificationInfo/start(byHold:keeping:)``.
    func start(
        for info: NotificationInfo,
        byHold: Bool,
        hub: NotificationHub?,
        keeping kept: inout KeptObjects
    ) -> NotificationInfo.StartOutcome {
        let facts = withUnsafeMutablePointerToElements { Self.facts(in: $0) }
        return withLock { state in
            if byHold { state.holds += 1 }
            if state.isListening {
                if !byHold { state.startedByHold = false }
                return .alreadyListening
            }
            if case .unresolved = facts.pointee.invocation { return .unresolvedSelector }
            if facts.pointee.needsObserver, state.observer(keeping: &kept) == nil {
                return Self.firstReport(.observerReleased, &state)
            }
            let sender = state.sender(keeping: &kept)
            if facts.pointee.filtersOnSender, sender == nil { return Self.firstReport(.senderReleased, &state) }
            state.generation &+= 1
            let generation = state.generation
            if facts.pointee.label.kind == .asyncMessage, let register = facts.pointee.invocation.ownMessageRegister {
                state.message = MessageObservation(register(info, sender, generation))
            } else {
                if state.hub == nil { state.hub = hub ?? NotificationHub.hub(for: facts.pointee.center) }
                state.list = state.hub.unsafelyUnwrapped.add(
                    self,
                    generation: generation,
                    facts: facts,
                    sender: sender,
                    cached: state.list,
                    tapped: state.tapping != nil
                )
            }
            state.isListening = true
            state.startedByHold = byHold
            return .started
        }
    }

    /// Stops listening and says whether a registration was removed. With an
    /// `owner`, also gives the info up if that owner has it, in the same locked section.
    @discardableResult
    func stop(givingUpFrom owner: ObjectIdentifier? = nil) -> Bool {
        let withdrawn = withLock { state -> Withdrawal? in
            state.startedByHold = false
            if let owner, state.owner == owner { state.owner = nil }
            return withdraw(&state)
        }
        guard let withdrawn else { return false }
        finish(withdrawn)
        return true
    }

    /// Ends a hold; the last one stops the registration it started, unless someone started the info explicitly
    /// since.
    func endHold() {
        let withdrawn = withLock { state -> Withdrawal? in
            state.holds -= 1
            guard state.holds == 0, state.startedByHold else { return nil }
            state.startedByHold = false
            return withdraw(&state)
        }
        if let withdrawn { finish(withdrawn) }
    }

    /// What the info's `deinit` does: removes the registration and gives up the self reference, which is
    /// released by the caller after the lock (it may be the last reference).
    func end() -> InfoCore? {
        let (withdrawn, selfReference) = withLock { state -> (Withdrawal?, InfoCore?) in
            defer { state.selfReference = nil }
            return (withdraw(&state), state.selfReference)
        }
        if let withdrawn { finish(withdrawn) }
        return selfReference
    }

    /// A registration taken from the state, with what is left to do once the core's lock is released.
    struct Withdrawal {
        /// The asynchronous-message observer to remove from the center.
        let message: MessageObservation?

        func finish(invocation: Invocation, center: NotificationCenter) {
            if let message { invocation.messageSubscription?.unregister(center, message.token) }
        }
    }

    /// Takes the registration, `nil` if there is none. A core in a list is unlinked at once, under the core's
    /// lock, so that a start on another thread never finds it still linked; an asynchronous message's observer is
    /// removed by the caller after the lock (Foundation releases its block there).
    func withdraw(_ state: inout State) -> Withdrawal? {
        guard state.isListening else { return nil }
        state.isListening = false
        guard let message = state.message else {
            if let list = state.list { state.hub.unsafelyUnwrapped.remove(self, from: list, center: center) }
            return Withdrawal(message: nil)
        }
        state.message = nil
        return Withdrawal(message: message)
    }

    /// Finishes a withdrawal begun under the lock (the core has no info at hand).
    func finish(_ withdrawal: Withdrawal) {
        withdrawal.finish(invocation: invocation, center: center)
    }
}
