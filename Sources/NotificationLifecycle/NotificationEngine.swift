public import Foundation

/// The machinery behind ``ControllerBase``: a set of infos and the lifespans that are active now.
///
/// Use it directly when the object that listens cannot inherit from ``ControllerBase``, such as a
/// `UIViewController`. Conform to ``NotificationEngineOwner`` (``MainActorNotificationEngineOwner`` for a
/// `@MainActor` class such as this one) to get the same shorthands, and forward the lifecycle:
///
/// ```swift
/// final class ScreenViewController: UIViewController, MainActorNotificationEngineOwner {
///     let notificationEngine = NotificationEngine()
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in screen.applyTheme() }
///     }
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         notificationEngine.appear()
///     }
///     override func viewDidDisappear(_ animated: Bool) {
///         super.viewDidDisappear(animated)
///         notificationEngine.disappear()
///     }
/// }
/// ```
///
/// When the engine is released, every info it holds stops; an owner that keeps the only reference needs no
/// `deinit` code. The ``Lifespan/lifetime`` lifespan of an engine made with ``init(center:)`` is active from the
/// start.
///
/// All methods are safe to call from any thread and from inside a handler. The engine never calls user code while
/// holding its lock.
public final class NotificationEngine: Sendable {
    /// The center that shorthand-made infos register with.
    public let center: NotificationCenter

    private let state: LockedValueBox<State>
    /// What the ``RegistrationLedger`` holds (weakly) to find this engine's infos.
    private let listing: Listing

    /// The engine's infos as the ``RegistrationLedger`` sees them: it holds this object weakly, not the engine.
    ///
    /// A weak reference gives its target a side table, and every retain of an object with one takes the runtime's
    /// slow path; an engine is retained on every shorthand call (a protocol getter returns it +1), this object never.
    final class Listing: Sendable {
        private let state: LockedValueBox<State>

        fileprivate init(_ state: LockedValueBox<State>) {
            self.state = state
        }

        /// The engine's infos now; none once the engine has stopped them all.
        package var infos: [NotificationInfo] {
            state.withLock { $0.infos.array }
        }
    }

    fileprivate struct State {
        var infos = OrderedInfos()
        /// How many infos have each registration key's hash. More than one means equal keys (an info whose sender
        /// or observer is gone keeps a key that a new object at the same address can repeat) or, very rarely, equal
        /// hashes of different keys: either way `add` compares the keys themselves before refusing anything.
        var keyHashes = KeyHashCounts()
        var active = ActiveLifespans()
        var phase: Phase = .running
        /// Installed on every info, also those added later.
        var tap: DeliveryTap?
        /// How many added infos listen to every notification (`name: nil`), which typed messages must not meet.
        var everyNotificationInfos = 0
        /// The lifespan-bound sequences that still yield, by id.
        var sequences: [UInt64: BoundSequence] = [:]
        var lastSequenceID: UInt64 = 0
        /// The engine center's hub, looked up once for all the infos it starts on that center.
        let hub: NotificationHub
        let hubCenter: ObjectIdentifier

        init(center: NotificationCenter) {
            hub = NotificationHub.hub(for: center)
            hubCenter = ObjectIdentifier(center)
        }

        /// The hub for `info`'s first start, when the info registers with the engine's center.
        func hub(for info: NotificationInfo) -> NotificationHub? {
            ObjectIdentifier(info.center) == hubCenter ? hub : nil
        }
    }

    /// Where the engine is in its life. Every transition is made under the lock.
    fileprivate enum Phase {
        /// A ``ControllerBase`` is calling `populateNotificationInfos()` from its `init`: infos are declared, nothing
        /// starts yet.
        case populating(superCalled: Bool)
        /// Infos are added, started and stopped.
        case running
        /// `stopAll()` ran (its owner was released): the engine holds nothing and accepts nothing any more.
        case finished
    }

    /// Makes an engine whose ``Lifespan/lifetime`` lifespan is active at once.
    ///
    /// - Parameter center: The center shorthand-made infos register with.
    public convenience init(center: NotificationCenter = .default) {
        self.init(center: center, lifetimeActive: true)
    }

    /// Makes an engine; a ``ControllerBase`` starts with lifetime inactive and activates it after populating.
    package init(center: NotificationCenter, lifetimeActive: Bool) {
        self.center = center
        var state = State(center: center)
        if lifetimeActive { state.active.insert(.lifetime) }
        // A ControllerBase's engine (lifetime not active yet) starts in its populate phase.
        state.phase = lifetimeActive ? .running : .populating(superCalled: false)
        self.state = LockedValueBox(state)
        self.listing = Listing(self.state)
        RegistrationLedger.insert(listing)
        DiagnosticRouting.claim(center)
    }

    deinit {
        stopAll()
    }

    /// The engine's identity: the owner its infos record, and the one an info its shorthand makes is born with (see
    /// ``addMade(_:fileID:line:)``).
    package var identity: ObjectIdentifier { ObjectIdentifier(self) }

    // MARK: - Inspection

    /// The infos, in the order they were added.
    public var infos: [NotificationInfo] {
        state.withLock { $0.infos.array }
    }

    /// The lifespans whose infos listen now.
    package var activeLifespans: Set<Lifespan> {
        state.withLock { $0.active.set }
    }

    /// Whether `lifespan` is active: its infos were started and not stopped since.
    public func isActive(_ lifespan: Lifespan) -> Bool {
        state.withLock { $0.active.contains(lifespan) }
    }

    // MARK: - Adding and removing

    /// Adds an info; starts it at once when its lifespan is active.
    ///
    /// The same registration (same name, sender, lifespan and handler; see <doc:Duplicates>) is refused and
    /// reported, and so is an info that already belongs to another engine, an info that registers with another
    /// center than ``center``, and any info once the engine has finished (its owner was released or ``stopAll()``
    /// ran). A `name: nil` info and a typed-message info (or message sequence) on
    /// one center are both added, and reported (``NotificationDiagnostic/Rule/everyNotification``):
    /// posting a typed message on that center would crash on Linux.
    ///
    /// - Returns: Whether the info was added.
    @discardableResult
    public func add(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) -> Bool {
        add(info, made: false, fileID: fileID, line: line) === info
    }

    /// Adds an info that this engine's shorthand has just made (`NotificationInfo.init(…madeBy: identity)`): it is
    /// owned by this engine from the start and added nowhere yet, so neither the claim nor the search for the same
    /// instance is needed.
    ///
    /// - Returns: `info`, or the live info with the same registration that the engine already has: then `info` is
    ///   refused (and reported), and the shorthand lets it go.
    func addMade(_ info: NotificationInfo, fileID: String, line: Int) -> NotificationInfo {
        add(info, made: true, fileID: fileID, line: line) ?? info
    }

    /// Adds `info` unless it is refused; answers the info that holds its registration in this engine now: `info`
    /// when it was added, the equal info already here when it duplicates one, and `nil` for any other refusal.
    private func add(_ info: NotificationInfo, made: Bool, fileID: String, line: Int) -> NotificationInfo? {
        enum Result {
            case added(NotificationInfo.StartOutcome?, conflict: NotificationInfo?)
            case sameInstance
            case duplicate(of: NotificationInfo)
            case foreign
            case otherCenter
            case finished
        }
        // Observers and senders loaded under the lock, released after it (see KeptObjects).
        var kept = KeptObjects()
        let result = state.withLock { state -> Result in
            // An info in `infos` always has its key's hash counted in `keyHashes`. It is counted first, in one
            // lookup, which also tells whether it was there already; the linear searches run only then (a misuse,
            // or a dead object's address reused), keeping a populate of n infos O(n). A refused info is uncounted.
            if case .finished = state.phase { return .finished }
            if info.center !== center { return .otherCenter }
            let hash = info.keyHash
            let earlier = state.keyHashes.countOneMore(hash)
            let refusal: Result?
            if !made, earlier > 0, state.infos.contains(info) {
                refusal = .sameInstance
            } else if earlier > 0, info.registrationKeyIsCurrent(keeping: &kept),
                let existing = state.infos.first(where: {
                    $0.registrationKey == info.registrationKey && $0.registrationKeyIsCurrent(keeping: &kept)
                })
            {
                refusal = .duplicate(of: existing)
            } else if !made, info.claim(for: identity) != nil {
                refusal = .foreign
            } else {
                refusal = nil
            }
            if let refusal {
                state.keyHashes.countOneFewer(hash)
                return refusal
            }
            let conflict = Self.messageConflict(with: info, in: state)
            state.infos.append(info)
            if info.listensToEveryNotification { state.everyNotificationInfos += 1 }
            if let tap = state.tap { info.setDeliveryTap(tap) }
            let startsNow = state.active.contains(info.lifespan)
            return .added(
                startsNow ? info.start(byHold: false, hub: state.hub(for: info), keeping: &kept) : nil,
                conflict: conflict
            )
        }
        switch result {
        case .added(let outcome, let conflict):
            if let conflict { reportMessageConflict(info, conflict, fileID: fileID, line: line) }
            if let outcome { info.report(outcome, fileID: fileID, line: line) }
            return info
        case .otherCenter:
            reportDiagnostic(
                .centerMismatch,
                "Expected an info added to an engine to register with the engine's center, but \(info) registers "
                    + "with another one. Make it with center: notificationEngine.center, or use the shorthands, which "
                    + "use the engine's center; it is not added.",
                fileID: fileID,
                line: line,
                about: center
            )
        case .finished:
            reportFinished("add(\(info))", fileID: fileID, line: line)
        case .sameInstance:
            reportDiagnostic(
                .duplicateRegistration,
                "Expected each info to be added once, but \(info) was added again. Add it once; it is not "
                    + "registered twice.",
                fileID: fileID,
                line: line,
                about: center
            )
        case .duplicate(let existing):
            reportDiagnostic(
                .duplicateRegistration,
                "Expected each listener to be added once, but \(info) has the same name, sender, lifespan and "
                    + "handler as one already added (first added from \(existing.fileID):\(existing.line)). "
                    + "Remove one of them; the second is not registered.",
                fileID: fileID,
                line: line,
                about: center
            )
            return existing
        case .foreign:
            reportDiagnostic(
                .foreignInfo,
                "Expected an info to belong to one owner, but \(info) already belongs to another controller or "
                    + "engine. Make a new info for this one; it is not added.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
        return nil
    }

    /// Stops an info and removes it. An info that was not added here is reported and left alone.
    public func remove(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) {
        let removed = state.withLock { state -> Bool in
            guard state.infos.remove(info) else { return false }
            state.keyHashes.countOneFewer(info.keyHash)
            if info.listensToEveryNotification { state.everyNotificationInfos -= 1 }
            if state.tap != nil { info.setDeliveryTap(nil) }
            info.stop(givingUpFrom: identity)
            return true
        }
        if removed {
            // The caller holds the info: the ledger must now list it itself.
            info.enterLedger()
        } else {
            reportDiagnostic(
                .foreignInfo,
                "Expected to remove an info of this controller, but \(info) was not added to it. Remove it from "
                    + "the controller it was added to, or call stopListening() on it.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
    }

    // MARK: - Lifespans

    /// Starts every info of `lifespan` (also ones stopped one by one) and marks the lifespan active, so that infos
    /// added later start at once.
    public func start(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        transition(fileID: fileID, line: line, name: "start(.\(lifespan))", starts: true) {
            state,
            kept in
            state.active.insert(lifespan)
            return Self.startInfos(of: lifespan, in: state, keeping: &kept)
        }
    }

    /// Stops every info of `lifespan` and marks the lifespan inactive.
    ///
    /// ``Lifespan/lifetime`` cannot be stopped: it lasts until the owner is released. Such a call is reported and
    /// changes nothing; use a custom lifespan for listeners that pause.
    public func stop(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        if lifespan == .lifetime {
            reportDiagnostic(
                .lifetimeStop,
                "Expected lifetime infos to listen until their owner is released, but stop(.lifetime) "
                    + "was called. Use a custom lifespan for listeners that pause; in a deinit, remove the call, "
                    + "as releasing the owner stops every info. Nothing was stopped.",
                fileID: fileID,
                line: line,
                about: center
            )
            return
        }
        var ended: [BoundSequence] = []
        transition(fileID: fileID, line: line, name: "stop(.\(lifespan))", starts: false) {
            state,
            _ in
            state.active.remove(lifespan)
            for info in state.infos where info.lifespan == lifespan {
                info.stop()
            }
            ended = Self.endSequences(of: lifespan, in: &state)
            return []
        }
        for sequence in ended { sequence.finish() }
    }

    /// Starts the ``Lifespan/visible`` infos, unless they are active already.
    public func appear(fileID: String = #fileID, line: Int = #line) {
        transition(fileID: fileID, line: line, name: "appear()", starts: true) { state, kept in
            guard state.active.insert(.visible) else { return [] }
            return Self.startInfos(of: .visible, in: state, keeping: &kept)
        }
    }

    /// Stops the ``Lifespan/visible`` infos, unless they are inactive already.
    public func disappear(fileID: String = #fileID, line: Int = #line) {
        var ended: [BoundSequence] = []
        transition(fileID: fileID, line: line, name: "disappear()", starts: false) { state, _ in
            guard state.active.remove(.visible) else { return [] }
            for info in state.infos where info.lifespan == .visible {
                info.stop()
            }
            ended = Self.endSequences(of: .visible, in: &state)
            return []
        }
        for sequence in ended { sequence.finish() }
    }

    /// Stops every info, gives every info up and deactivates every lifespan; what the owner's `deinit` does.
    ///
    /// The infos leave ``infos`` and no longer belong to the engine, so they can be started on their own or added to
    /// another owner; later calls on this engine (an engine can outlive its owner) never touch them again. Every
    /// lifespan-bound sequence finishes.
    public func stopAll() {
        // The infos leave the engine under its lock but are released after it: the engine may hold the last
        // reference to an info, and releasing it releases its handler, whose captures' deinits are user code that
        // may call the engine.
        var (infos, ended) = state.withLock { state -> ([NotificationInfo?], [BoundSequence]) in
            state.phase = .finished
            state.active.removeAll()
            for info in state.infos {
                info.stop(givingUpFrom: identity)
            }
            let infos = state.infos.takeAll()
            state.keyHashes.removeAll()
            state.everyNotificationInfos = 0
            return (infos, Self.endSequences(of: nil, in: &state))
        }
        for sequence in ended { sequence.finish() }
        // An info someone else still holds outlives the engine: the ledger, which found it through the engine,
        // must now list it itself. (One held only here is released just below.)
        for index in infos.indices where !isKnownUniquelyReferenced(&infos[index]) {
            infos[index]?.enterLedger()
        }
        withExtendedLifetime(infos) {}
    }

    /// Runs a lifecycle transition under the lock and reports what it could not start after releasing it.
    ///
    /// Transitions hold the engine's lock while starting and stopping infos, so that concurrent `appear()` and
    /// `disappear()` calls end in a consistent state. Starting and stopping run no user code. `name` is built only for
    /// the report: every controller's init starts its lifetime infos through here.
    private func transition(
        fileID: String,
        line: Int,
        name: @autoclosure () -> String,
        starts: Bool,
        _ body: (inout State, inout KeptObjects) -> [(NotificationInfo, NotificationInfo.StartOutcome)]
    ) {
        enum Result {
            case done([(NotificationInfo, NotificationInfo.StartOutcome)])
            case populating
            case finished
        }
        // Observers and senders loaded while starting infos, released after the lock (see KeptObjects).
        var kept = KeptObjects()
        let result = state.withLock { state -> Result in
            switch state.phase {
            case .populating: return .populating
            case .finished: return .finished
            case .running: return .done(body(&state, &kept))
            }
        }
        let outcome: [(NotificationInfo, NotificationInfo.StartOutcome)]
        switch result {
        case .done(let outcomes):
            outcome = outcomes
        case .finished:
            // Stopping what a finished engine no longer holds is harmless; starting it would silently do nothing.
            if starts { reportFinished(name(), fileID: fileID, line: line) }
            return
        case .populating:
            reportDiagnostic(
                .populateMisuse,
                "Expected \(name()) after the controller is initialised, but it was called during "
                    + "populateNotificationInfos(). Only declare infos there; the lifetime ones start at the end of "
                    + "init. Nothing was changed.",
                fileID: fileID,
                line: line,
                about: center
            )
            return
        }
        for (info, result) in outcome {
            info.report(result, fileID: fileID, line: line)
        }
    }

    /// Reports a call that would start or add something on a finished engine.
    private func reportFinished(_ call: @autoclosure () -> String, fileID: String, line: Int) {
        reportDiagnostic(
            .engineFinished,
            "Expected \(call()) on an engine that still runs, but its owner was released or stopAll() was called, "
                + "and it holds nothing any more. Make a new engine (or controller). If this runs in a deinit, "
                + "remove the call: releasing the owner already stopped every info.",
            fileID: fileID,
            line: line,
            about: center
        )
    }

    private static func startInfos(
        of lifespan: Lifespan,
        in state: State,
        keeping kept: inout KeptObjects
    ) -> [(NotificationInfo, NotificationInfo.StartOutcome)] {
        var outcomes: [(NotificationInfo, NotificationInfo.StartOutcome)] = []
        for info in state.infos where info.lifespan == lifespan {
            let outcome = info.start(byHold: false, hub: state.hub(for: info), keeping: &kept)
            switch outcome {
            case .started, .alreadyListening: continue
            default: outcomes.append((info, outcome))
            }
        }
        return outcomes
    }

    // MARK: - Typed messages and every-notification infos

    /// An info already here that `info` must not meet on one center: a typed-message listener for a `name: nil`
    /// info, or a `name: nil` info for a typed-message listener (Foundation crashes when a typed message is posted
    /// on a center with a `name: nil` observer). Costs nothing unless one of the two kinds is involved.
    private static func messageConflict(with info: NotificationInfo, in state: State) -> NotificationInfo? {
        if info.listensToEveryNotification {
            return state.infos.first { $0.isMessageInfo && $0.center === info.center }
                ?? state.sequences.values.first { $0.info.isMessageInfo && $0.info.center === info.center }?.info
        }
        if info.isMessageInfo, state.everyNotificationInfos > 0 {
            return state.infos.first { $0.listensToEveryNotification && $0.center === info.center }
        }
        return nil
    }

    private func reportMessageConflict(
        _ info: NotificationInfo,
        _ other: NotificationInfo,
        fileID: String,
        line: Int
    ) {
        let (everyNotification, message) = info.listensToEveryNotification ? (info, other) : (other, info)
        reportDiagnostic(
            .everyNotification,
            "Expected no name-nil info on a center where typed messages are listened to, but \(everyNotification) "
                + "and \(message) share one center. On Linux, Foundation crashes when a typed message is posted on "
                + "a center that has a name-nil observer. Give the info a name, or register it with another center.",
            fileID: fileID,
            line: line,
            about: center
        )
    }

    // MARK: - Lifespan-bound sequences

    /// Starts the info that feeds a sequence and keeps it until `lifespan` stops or the engine goes away.
    ///
    /// - Returns: The sequence's id, or `nil` when `lifespan` is not active: then nothing was started, and the
    ///   caller finishes the sequence at once.
    func bindSequence(
        _ info: NotificationInfo,
        during lifespan: Lifespan,
        fileID: String,
        line: Int,
        finish: @escaping @Sendable () -> Void
    ) -> UInt64? {
        enum Result {
            case inactive
            case finished
            case bound(UInt64, NotificationInfo.StartOutcome, conflict: NotificationInfo?)
        }
        // Observers and senders loaded under the lock, released after it (see KeptObjects).
        var kept = KeptObjects()
        let result = state.withLock { state -> Result in
            if case .finished = state.phase { return .finished }
            guard state.active.contains(lifespan) else { return .inactive }
            let conflict = Self.messageConflict(with: info, in: state)
            state.lastSequenceID &+= 1
            let id = state.lastSequenceID
            state.sequences[id] = BoundSequence(lifespan: lifespan, info: info, finish: finish)
            return .bound(id, info.start(byHold: false, hub: state.hub(for: info), keeping: &kept), conflict: conflict)
        }
        kept = KeptObjects()
        switch result {
        case .inactive:
            return nil
        case .finished:
            reportFinished("a sequence of \(info)", fileID: fileID, line: line)
            return nil
        case .bound(let id, let outcome, let conflict):
            if let conflict { reportMessageConflict(info, conflict, fileID: fileID, line: line) }
            info.report(outcome, fileID: fileID, line: line)
            return id
        }
    }

    /// Stops and forgets the sequence `id`, if the engine still holds it (its consumer stopped iterating).
    func unbindSequence(_ id: UInt64) {
        // Released after the lock, like the infos in `stopAll()`.
        let unbound = state.withLock { state -> BoundSequence? in
            let sequence = state.sequences.removeValue(forKey: id)
            sequence?.info.stop()
            return sequence
        }
        withExtendedLifetime(unbound) {}
    }

    /// Stops and removes the sequences of `lifespan` (of every lifespan for `nil`); the caller finishes them after
    /// releasing the lock.
    private static func endSequences(of lifespan: Lifespan?, in state: inout State) -> [BoundSequence] {
        guard !state.sequences.isEmpty else { return [] }
        var ended: [BoundSequence] = []
        for (id, sequence) in state.sequences where lifespan == nil || sequence.lifespan == lifespan {
            sequence.info.stop()
            ended.append(sequence)
            state.sequences[id] = nil
        }
        return ended
    }

    /// Installs (or, with `nil`, removes) a tap on every info of the engine, now and added later.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        state.withLock { state in
            state.tap = tap
            for info in state.infos { info.setDeliveryTap(tap) }
        }
    }

    // MARK: - The populate phase of a ControllerBase

    /// What `ControllerBase.populateNotificationInfos()` found when it was reached.
    enum SuperCall {
        case first
        case afterInfos([NotificationInfo])
        case outsideInit
    }

    /// Records that the base implementation of `populateNotificationInfos()` ran.
    func recordSuperCall() -> SuperCall {
        state.withLock { state in
            guard case .populating = state.phase else { return .outsideInit }
            state.phase = .populating(superCalled: true)
            return state.infos.isEmpty ? .first : .afterInfos(state.infos.array)
        }
    }

    /// Ends the populate phase, activates the lifetime lifespan and says whether super was called.
    func finishPopulating(fileID: String, line: Int) -> Bool {
        let superCalled = state.withLock { state -> Bool in
            defer { state.phase = .running }
            if case .populating(let superCalled) = state.phase { return superCalled }
            return true
        }
        start(.lifetime, fileID: fileID, line: line)
        return superCalled
    }
}
