public import Foundation

/// The machinery behind ``ControllerBase``: a set of infos and the lifespans that are active now.
///
/// Use it directly when the object that listens cannot inherit from ``ControllerBase``, such as a
/// `UIViewController`. Conform to ``NotificationEngineOwner`` (``MainActorNotificationEngineOwner`` for a
/// `@MainActor` class such as this one) to get the same shorthands, and forward the lifecycle (`.themeDidChange` is
/// a notification name of yours):
///
/// ```swift
/// final class ScreenViewController: UIViewController,
///     MainActorNotificationEngineOwner {
///     let notificationEngine = NotificationEngine()
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in
///             screen.applyTheme()
///         }
///     }
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         notificationEngine.appear()
///     }
///     override func viewDidDisappear(_ animated: Bool) {
///         super.viewDidDisappear(animated)
///         notificationEngine.disappear()
///     }
///     func applyTheme() {}
/// }
/// ```
///
/// When the engine is released, every info it holds stops; an owner that keeps the only reference needs no
/// `deinit` code. The ``Lifespan/lifetime`` lifespan of an engine made with ``init(center:)`` is active from the
/// start.
///
/// All methods are safe to call from any thread and from inside a handler. The engine keeps its state under its
/// center's one lock, and never calls user code or Foundation while holding it.
public final class NotificationEngine: Sendable {
    /// The center that shorthand-made infos register with.
    public let center: NotificationCenter
    /// The center's registry, whose lock guards ``state``.
    let registry: CenterRegistry
    private let guarded: Guarded<State>
    /// Only under `registry.lock` (debug builds check it).
    var state: State {
        @inline(__always) _read { yield guarded.state }
        @inline(__always) _modify { yield &guarded.state }
    }

    struct State {
        /// The infos, in the order they were added.
        var infos = InfoList()
        /// For an engine of more than ``InfoList/scanLimit`` infos: how many infos have each duplicate hash (see
        /// ``NotificationInfo/duplicateHash(keeping:)``), so that `add` compares infos only when one may be the same;
        /// a smaller engine compares the new info with each of its infos, which costs less than hashing it.
        var duplicateIndex: [Int: Int]?
        var active: ActiveLifespans
        var phase: Phase
        /// Installed on every info, also those added later.
        var tap: DeliveryTap?
        /// How many added infos listen to every notification (`name: nil`), which typed messages must not meet.
        var everyNotificationInfos = 0
        /// The lifespan-bound sequences that still yield, by id.
        var sequences: [UInt64: BoundSequence] = [:]
        var lastSequenceID: UInt64 = 0
        /// Listeners taken out of ``infos`` or ``sequences`` while a handler call of theirs may have been under way,
        /// for a teardown's wait (see ``depart(_:keeping:)``).
        var departed: [DepartedListener] = []
        /// How many duplicates each line has added of each listener, so that a loop reports the first one and then
        /// every power of ten, not every time. An entry's info is in ``infos``: `remove` and `stopAll` drop its
        /// entries, so an identity here never names a released info.
        var duplicateCounts: [DuplicateSite: Int] = [:]

        /// The info already added that registers what `info` does, if any. Mutating only so that calling it does
        /// not copy the state.
        mutating func duplicate(of info: NotificationInfo, keeping effects: inout Effects) -> NotificationInfo? {
            if let duplicateIndex {
                guard let hash = info.duplicateHash(keeping: &effects), duplicateIndex[hash, default: 0] > 0 else {
                    return nil
                }
            }
            return infos.first(nameHash: info.listener.declaration.nameHash) {
                info.registersTheSame(as: $0, keeping: &effects)
            }
        }

        /// Adds `info` to ``infos``, and to the index once the engine has more than ``InfoList/scanLimit`` infos.
        mutating func append(_ info: NotificationInfo, keeping effects: inout Effects) {
            infos.append(info)
            if duplicateIndex != nil {
                index(info, by: 1, keeping: &effects)
            } else if infos.count > InfoList.scanLimit {
                duplicateIndex = [:]
                for each in infos { index(each, by: 1, keeping: &effects) }
            }
        }

        mutating func unindex(_ info: NotificationInfo, keeping effects: inout Effects) {
            if duplicateIndex != nil { index(info, by: -1, keeping: &effects) }
        }

        /// Counts `info` in or out of the index. An info whose observer or sender is gone is not counted in (it is
        /// no one's duplicate) and cannot be counted out: its count stays, and only makes `add` compare.
        private mutating func index(_ info: NotificationInfo, by change: Int, keeping effects: inout Effects) {
            guard let hash = info.duplicateHash(keeping: &effects) else { return }
            let count = duplicateIndex?[hash, default: 0] ?? 0
            duplicateIndex?[hash] = count + change > 0 ? count + change : nil
        }

        /// Counts one more duplicate of `target` from `fileID`:`line`; answers how many that line has added.
        mutating func countDuplicate(of target: NotificationInfo, fileID: String, line: Int) -> Int {
            let site = DuplicateSite(fileID: fileID, line: line, target: ObjectIdentifier(target))
            let count = duplicateCounts[site, default: 0] + 1
            duplicateCounts[site] = count
            return count
        }
    }

    /// One line's duplicates of one listener, the info already added: equal infos and that very info added again
    /// count together. The listener is part of the site so that a line adding several listeners again reports each
    /// one. No column: `add(_:)` and the selector shorthands take none, and a closure's column is part of its
    /// listener.
    struct DuplicateSite: Hashable {
        let fileID: String
        let line: Int
        let target: ObjectIdentifier
    }

    /// Whether the `count`th duplicate of a line is reported: the first, then the 10th, the 100th and so on.
    static func reportsDuplicate(_ count: Int) -> Bool {
        var rest = count
        while rest >= 10, rest % 10 == 0 { rest /= 10 }
        return rest == 1
    }

    /// Where the engine is in its life. Every transition is made under the lock.
    enum Phase {
        /// A ``ControllerBase`` is calling `populateNotificationInfos()` from its `init`: infos are declared, nothing
        /// starts yet.
        case populating(superCalled: Bool)
        /// Infos are added, started and stopped.
        case running
        /// `stopAll()` ran (its controller was released, or its owner called it): the engine holds nothing and accepts
        /// nothing any more.
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
        registry = CenterRegistry.registry(for: center)
        guarded = Guarded(
            State(
                active: ActiveLifespans(lifetime: lifetimeActive),
                phase: lifetimeActive ? .running : .populating(superCalled: false)
            ),
            guardedBy: registry.lock
        )
        registry.withLock { registry.enterLedger(engine: guarded) }
        DiagnosticRouting.claim(center)
    }

    /// Finishes the engine whatever its phase: the owner is gone, and the inspection's ledger keeps an unfinished
    /// engine's state (and so its infos).
    deinit {
        stopAll(whilePopulating: true, fileID: #fileID, line: #line)
    }

    // MARK: - Inspection

    /// The infos, in the order they were added.
    public var infos: [NotificationInfo] {
        registry.withLock { state.infos.array }
    }

    /// The lifespans whose infos listen now.
    package var activeLifespans: Set<Lifespan> {
        registry.withLock { state.active.all }
    }

    /// Whether `lifespan` is active: its infos were started and not stopped since.
    public func isActive(_ lifespan: Lifespan) -> Bool {
        registry.withLock { state.active.contains(lifespan) }
    }

    // MARK: - Adding and removing

    /// Adds an info; starts it at once when its lifespan is active.
    ///
    /// The same registration (same name, sender, lifespan and handler; see <doc:Duplicates>) is refused and
    /// reported (a line that adds it again and again: at its first duplicate, then at its 10th, 100th and so on), and
    /// so is an info that already belongs to another engine, an info that registers with another center than
    /// ``center``, and any info once the engine has finished (its ``ControllerBase`` was released or
    /// ``stopAll(fileID:line:)`` ran). A `name: nil` info and a typed-message info (or message sequence) on one center
    /// are both added, and on Linux reported (``NotificationDiagnostic/Rule/everyNotification``): posting a typed
    /// message on that center would crash there.
    ///
    /// - Returns: Whether the info was added.
    @discardableResult
    public func add(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) -> Bool {
        add(info, made: false, fileID: fileID, line: line).added
    }

    /// Adds an info that this engine's shorthand has just made (owned by this engine from the start and added
    /// nowhere yet, so neither the claim nor the search for the same instance is needed).
    ///
    /// - Returns: `info`, or the live info with the same registration that the engine already has: then `info` is
    ///   refused (and reported), and the shorthand lets it go.
    ///
    /// The shorthand's reference moves in and back out: handed back as the holder, the info was retained here and the
    /// shorthand's reference released.
    func addMade(_ info: consuming NotificationInfo, fileID: String, line: Int) -> NotificationInfo {
        if let equal = add(info, made: true, fileID: fileID, line: line).equal { return equal }
        return info
    }

    /// Adds `info` unless it is refused; answers whether it was added, and the equal info already here (another
    /// one) that holds its registration when it duplicates one.
    private func add(
        _ info: NotificationInfo,
        made: Bool,
        fileID: String,
        line: Int
    ) -> (added: Bool, equal: NotificationInfo?) {
        guard info.center === center else {
            Misuse.centerMismatch(info: "\(info)").report(fileID, line, about: center)
            return (false, nil)
        }
        let listener = info.listener
        var effects = Effects()
        let outcome = registry.withLock { () -> (added: Bool, equal: NotificationInfo?) in
            if case .finished = state.phase {
                effects.report { .engineFinished(call: "add(\(info))") }
                if made {
                    // A shorthand's info that no engine will hold is one made alone: no other engine refuses it as
                    // this one's, and the inspection lists it.
                    listener.state.isOwned = false
                    listener.state.everOwned = false
                    for object in registry.enterLedger(info) { effects.keep(object) }
                }
                return (false, nil)
            }
            // That very info added again, or an equal one already here.
            if let existing = !made && state.infos.contains(info) ? info : state.duplicate(of: info, keeping: &effects)
            {
                let count = state.countDuplicate(of: existing, fileID: fileID, line: line)
                // The first as what was added again, a later one (the 10th, the 100th…) with the count, in one
                // wording whether that very info or an equal one was added again.
                if Self.reportsDuplicate(count) {
                    effects.report {
                        let first = "\(existing.fileID):\(existing.line)"
                        if count > 1 { return .duplicates(count: count, of: "\(existing)", first: first) }
                        if existing === info { return .infoAddedAgain(info: "\(info)") }
                        return .duplicateListener(info: info.listener.described(owned: true), first: first)
                    }
                }
                return (false, existing === info ? nil : existing)
            }
            if !made {
                // Owned, and not listed here (above): another engine's.
                if listener.state.isOwned {
                    effects.report { .foreignAdd(info: "\(info)") }
                    return (false, nil)
                }
                listener.state.isOwned = true
                listener.state.everOwned = true
            }
            reportConflict(of: info, into: &effects)
            state.append(info, keeping: &effects)
            if info.listensToEveryNotification { state.everyNotificationInfos += 1 }
            if let tap = state.tap { effects.keep(listener.setTappingLocked(Tapping(tap: tap, info: info))) }
            if state.active.contains(info.lifespan) { listener.start(byHold: false, into: &effects) }
            return (true, nil)
        }
        effects.perform(on: center, fileID: fileID, line: line)
        return outcome
    }

    /// Stops an info and removes it. An info that was not added here is reported and left alone.
    public func remove(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) {
        // Not this engine's, and its state is under its own center's lock, not this one.
        guard info.center === center else {
            return Misuse.foreignRemove(info: "\(info)").report(fileID, line, about: center)
        }
        var effects = Effects()
        registry.withLock {
            guard state.infos.remove(info) else { return effects.report { .foreignRemove(info: "\(info)") } }
            if !state.duplicateCounts.isEmpty {
                state.duplicateCounts = state.duplicateCounts.filter { $0.key.target != ObjectIdentifier(info) }
            }
            state.unindex(info, keeping: &effects)
            if info.listensToEveryNotification { state.everyNotificationInfos -= 1 }
            if state.tap != nil { effects.keep(info.listener.setTappingLocked(nil)) }
            info.listener.stop(givingUp: true, into: &effects)
            depart(info.listener, keeping: &effects)
            // The caller holds the info: the ledger now lists it itself.
            for object in registry.enterLedger(info) { effects.keep(object) }
        }
        effects.perform(on: center, fileID: fileID, line: line)
    }
}

/// An engine's infos in the order they were added, with a remove that looks nothing up: each info's listener keeps
/// its slot (``Listener/State/slot``), a removed info leaves a hole, and the holes are compacted in bulk once they
/// are more than half of the slots. Only under the registry's lock.
struct InfoList: Sequence {
    /// Up to how many infos an engine finds a duplicate by comparing the new info with each (see
    /// ``NotificationEngine/State/duplicateIndex``).
    static let scanLimit = 32

    private var slots: [NotificationInfo?] = []
    private var holes = 0

    var isEmpty: Bool { slots.count == holes }
    var count: Int { slots.count - holes }

    /// The infos, without holes; made at its size at once (a `compactMap` grew it four times for a controller's 20).
    var array: [NotificationInfo] {
        var infos: [NotificationInfo] = []
        infos.reserveCapacity(count)
        for case let info? in slots { infos.append(info) }
        return infos
    }

    func makeIterator() -> some IteratorProtocol<NotificationInfo> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }

    mutating func append(_ info: NotificationInfo) {
        // 16 at once, as most engines have a few tens of infos: four fewer reallocations for a controller's 20; then
        // half as much again, not twice, as most engines add nothing after their first few tens.
        if slots.count == slots.capacity { slots.reserveCapacity(Swift.max(16, slots.count + slots.count / 2)) }
        info.listener.state.slot = Int32(slots.count)
        slots.append(info)
    }

    /// The first info of a name of `nameHash`, in the order added, for which `matches` holds. The hash is read
    /// first, alone: it tells most infos of an engine apart at the cost of two loads.
    func first(nameHash: Int32, where matches: (NotificationInfo) -> Bool) -> NotificationInfo? {
        for case let info? in slots where info.listener.declaration.nameHash == nameHash && matches(info) {
            return info
        }
        return nil
    }

    /// Whether `info` is in the list.
    func contains(_ info: NotificationInfo) -> Bool {
        let slot = Int(info.listener.state.slot)
        return slot >= 0 && slot < slots.count && slots[slot] === info
    }

    /// Removes `info`; answers whether it was in the list.
    mutating func remove(_ info: NotificationInfo) -> Bool {
        guard contains(info) else { return false }
        slots[Int(info.listener.state.slot)] = nil
        holes += 1
        if holes > 16, holes * 2 > slots.count {
            slots.removeAll { $0 == nil }
            holes = 0
            for (slot, info) in slots.enumerated() { info?.listener.state.slot = Int32(slot) }
        }
        return true
    }
}
