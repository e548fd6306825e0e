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

    let state: LockedValueBox<State>
    /// What the ``RegistrationLedger`` holds (weakly) to find this engine's infos.
    private let listing: Listing

    /// The engine's infos as the ``RegistrationLedger`` sees them: it holds this object weakly, not the engine.
    ///
    /// A weak reference gives its target a side table, and every retain of an object with one takes the runtime's
    /// slow path; an engine is retained on every shorthand call (a protocol getter returns it +1), this object never.
    final class Listing: Sendable {
        let state: LockedValueBox<State>

        fileprivate init(_ state: LockedValueBox<State>) {
            self.state = state
        }

        /// The engine's infos now; none once the engine has stopped them all.
        package var infos: [NotificationInfo] {
            state.withLock { $0.infos.array }
        }
    }

    struct State {
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
    enum Phase {
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
    init(center: NotificationCenter, lifetimeActive: Bool) {
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
    var identity: ObjectIdentifier { ObjectIdentifier(self) }

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
}
