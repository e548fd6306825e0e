import Foundation
import NotificationLifecycle

/// The reference model of the lifecycle walk: what the package should do, in plain values and without threads.
///
/// Ids name every object of the walk (senders, observers, controllers, infos); the real world maps them to objects.
/// Each transition returns the diagnostics the package should report, and ``expectedCalls(name:sender:)`` says
/// exactly which handlers a post runs.
struct WalkModel {
    /// Who handles a notification, as the walk builds it.
    enum Handler: Hashable, CustomStringConvertible {
        /// A controller shorthand closure written at call site `site` (0, 1 or 2) of `WalkController`.
        case ownerClosure(site: Int)
        /// A controller shorthand naming a selector of the controller.
        case ownerSelector(String)
        /// A standalone `NotificationInfo` closure written at call site `site` (0 or 1) of `WalkWorld`.
        case closure(site: Int)
        /// A standalone `NotificationInfo` naming a selector of a `WalkObserver`.
        case observerSelector(String, observer: Int)
        /// A controller's typed-message shorthand (`add…MessageInfo(for:)`) for a main-actor message; the plan's
        /// name is a ``WalkModel/messageNames`` index, its sender the subject.
        case messageClosure

        var description: String {
            switch self {
            case .ownerClosure(let site): return "ownerClosure#\(site)"
            case .ownerSelector(let selector): return "ownerSelector(\(selector))"
            case .closure(let site): return "closure#\(site)"
            case .observerSelector(let selector, let observer): return "o\(observer).\(selector)"
            case .messageClosure: return "messageClosure"
            }
        }

        var selector: String? {
            switch self {
            case .ownerSelector(let selector), .observerSelector(let selector, _): return selector
            case .ownerClosure, .closure, .messageClosure: return nil
            }
        }
    }

    /// Everything needed to make one info. `owner` is the controller of an owner shorthand.
    struct Plan: CustomStringConvertible {
        let id: Int
        let name: Int
        let sender: Int?
        let lifespan: Lifespan
        let handler: Handler
        let owner: Int?
        let queued: Bool

        var description: String {
            let senderText = sender.map { "s\($0)" } ?? "any"
            return "i\(id)(\(WalkModel.label(of: name)), \(senderText), "
                + "\(lifespan), \(handler)\(queued ? ", queued" : ""))"
        }
    }

    struct Info {
        let plan: Plan
        var listening = false
        /// The controller whose engine owns the info now.
        var engine: Int?
        /// Whether an engine ever owned it (then a released observer is not reported).
        var everOwned = false
        /// Whether a released observer or sender was reported for it: once per info, never again.
        var releaseReported = false
    }

    struct Controller {
        var active: Set<Lifespan> = [.lifetime]
        var infos: [Int] = []
        /// How many duplicates each line has added of each listener: the engine reports a line's first duplicate of
        /// a listener, then its 10th, 100th and so on.
        var duplicates: [Duplicate: Int] = [:]
    }

    /// The line of the walk's code that made an add: each shorthand call in `WalkController` is a line of its own,
    /// and `notificationEngine.add(_:)` in `LifecycleWalk` is one more.
    enum AddLine: Hashable {
        /// `WalkController.add`'s closure shorthand for site 0, for site 1, and the one for every other site (2).
        case ownerClosure(line: Int)
        case ownerSelector
        /// `WalkController.addMessage`'s six calls: lifetime, visible or another lifespan, with or without a subject.
        /// The two message types share them.
        case message(lifespan: Int, subject: Bool)
        case engineAdd
    }

    /// A line's duplicates of one listener, info `target`: equal infos and `target` itself added again count
    /// together.
    struct Duplicate: Hashable {
        let line: AddLine
        let target: Int
    }

    /// The line of `WalkController` whose shorthand adds the info of `plan`.
    static func addLine(of plan: Plan) -> AddLine {
        switch plan.handler {
        case .ownerClosure(let site): return .ownerClosure(line: min(site, 2))
        case .ownerSelector: return .ownerSelector
        case .messageClosure:
            let lifespan = plan.lifespan == .lifetime ? 0 : plan.lifespan == .visible ? 1 : 2
            return .message(lifespan: lifespan, subject: plan.sender != nil)
        case .closure, .observerSelector: preconditionFailure("\(plan) is not an owner shorthand")
        }
    }

    /// Whether a line's `count`th duplicate of one listener is reported: the first, and each power of ten.
    static func reportsDuplicate(_ count: Int) -> Bool {
        var power = 1
        while power < count { power *= 10 }
        return power == count
    }

    /// Where a post comes from.
    enum PostSender: CustomStringConvertible {
        case none
        case sender(Int)
        /// An object no info filters on.
        case stranger

        var description: String {
            switch self {
            case .none: return "nil"
            case .sender(let id): return "s\(id)"
            case .stranger: return "stranger"
            }
        }
    }

    /// The names infos listen to; posts also use ``unheardName``. None is `nil`: Foundation crashes when a typed
    /// message is posted on a center that has a `name: nil` observer, and the walk posts messages on its center.
    static let names: [Notification.Name] = [.ping, .pong, .unheard]
    static let unheardName = 2
    /// The main-actor message types infos listen to, by plan name: ``firstMessage`` + 0 or 1; posts also use
    /// ``unheardMessage``. Their `Notification.Name`s differ from ``names``, so the two kinds never meet.
    static let messageNames = ["WalkChimed", "WalkRang", "WalkHummed"]
    static let firstMessage = 10
    static let unheardMessage = firstMessage + 2

    /// Whether the plan name `name` is a message type.
    static func isMessage(_ name: Int) -> Bool {
        name >= firstMessage
    }

    /// The short name of a notification name or message type, for traces.
    static func label(of name: Int) -> String {
        if isMessage(name) { return messageNames[name - firstMessage] }
        return String(names[name].rawValue.split(separator: ".").last!)
    }

    /// Whether the typed messages exist here (always on Linux with Swift 6.3; from the 26 releases on Apple).
    static var messagesAvailable: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }
    static let lifespans: [Lifespan] = [.lifetime, .visible, .editing, .syncing]
    static let unknownSelector = "missing:"
    /// The lines (the owner's selector shorthand, the observer's initialiser: one observer type each) that reported an
    /// unknown selector in this step: a line reports it once per scope, and each step runs in a scope of its own.
    private var unknownSelectorLinesInStep: Set<String> = []

    /// Starts a step: a new diagnostic scope.
    mutating func beginStep() {
        unknownSelectorLinesInStep = []
    }

    /// The report of an unknown selector in `plan`: once per line in a step.
    private mutating func unknownSelectorReport(_ plan: Plan) -> [Rule] {
        guard plan.handler.selector == Self.unknownSelector else { return [] }
        let line: String
        if case .ownerSelector = plan.handler { line = "owner" } else { line = "observer" }
        return unknownSelectorLinesInStep.insert(line).inserted ? [.unknownSelector] : []
    }

    /// How often the walk reached situations worth reaching, printed with `NL_WALK_STATS=1`.
    private(set) var stats: [String: Int] = [:]

    private(set) var senders: Set<Int> = []
    private(set) var observers: Set<Int> = []
    private(set) var controllers: [Int: Controller] = [:]
    private(set) var infos: [Int: Info] = [:]
    private var lastID = 0

    typealias Rule = NotificationDiagnostic.Rule

    mutating func makeID() -> Int {
        lastID += 1
        return lastID
    }

    // MARK: - Queries

    /// The handler call a delivery to `info` records (several infos may share one selector handler).
    static func call(of plan: Plan) -> String {
        switch plan.handler {
        case .ownerClosure, .closure, .messageClosure: return "i\(plan.id)"
        case .ownerSelector(let selector): return "c\(plan.owner!).\(selector)"
        case .observerSelector(let selector, let observer): return "o\(observer).\(selector)"
        }
    }

    func isAlive(observerOf plan: Plan) -> Bool {
        switch plan.handler {
        case .closure: return true
        case .ownerClosure, .ownerSelector, .messageClosure: return controllers[plan.owner!] != nil
        case .observerSelector(_, let observer): return observers.contains(observer)
        }
    }

    func isAlive(senderOf plan: Plan) -> Bool {
        plan.sender.map { senders.contains($0) } ?? true
    }

    /// Whether the observer and the sender of an info with this plan are alive, so that it could deliver again.
    func endpointsAlive(_ plan: Plan) -> Bool {
        isAlive(observerOf: plan) && isAlive(senderOf: plan)
    }

    /// Whether two plans are the same registration: same name, sender, lifespan and handler on the same observer.
    static func sameRegistration(_ a: Plan, _ b: Plan) -> Bool {
        guard a.name == b.name, a.sender == b.sender, a.lifespan == b.lifespan, a.handler == b.handler else {
            return false
        }
        switch a.handler {
        case .ownerClosure, .ownerSelector, .messageClosure: return a.owner == b.owner
        case .closure, .observerSelector: return true
        }
    }

    var listeningInfos: Set<Int> {
        Set(infos.filter(\.value.listening).keys)
    }

    /// The handler calls (with multiplicity) and the infos a post of `name` from `sender` delivers to.
    ///
    /// A message post is the same with a message type for `name` and its subject for `sender`: only the infos for
    /// that type whose subject (if any) is the one posted.
    func expectedDeliveries(name: Int, sender: PostSender) -> (calls: [String: Int], infos: Set<Int>) {
        var calls: [String: Int] = [:]
        var delivered: Set<Int> = []
        for (id, info) in infos where info.listening && info.plan.name == name {
            if let filter = info.plan.sender {
                guard case .sender(let posted) = sender, posted == filter else { continue }
            }
            calls[Self.call(of: info.plan), default: 0] += 1
            delivered.insert(id)
        }
        return (calls, delivered)
    }

    // MARK: - Objects

    mutating func makeSender(_ id: Int) {
        senders.insert(id)
    }

    mutating func makeObserver(_ id: Int) {
        observers.insert(id)
    }

    /// A sender goes away: every listening info filtering on it drops its registration and reports it.
    mutating func dropSender(_ id: Int) -> [Rule] {
        senders.remove(id)
        var rules: [Rule] = []
        for (infoID, info) in infos where info.listening && info.plan.sender == id {
            infos[infoID]!.listening = false
            rules += reportOnce(.senderReleased, for: infoID)
        }
        return rules
    }

    /// An observer goes away: its listening infos drop their registrations; those never owned report it.
    mutating func dropObserver(_ id: Int) -> [Rule] {
        observers.remove(id)
        return dropDeadObservers()
    }

    private mutating func dropDeadObservers() -> [Rule] {
        var rules: [Rule] = []
        for (infoID, info) in infos where info.listening && !isAlive(observerOf: info.plan) {
            infos[infoID]!.listening = false
            if !isAlive(senderOf: info.plan) {
                rules += reportOnce(.senderReleased, for: infoID)
            } else if !info.everOwned {
                rules += reportOnce(.observerReleased, for: infoID)
            }
        }
        return rules
    }

    // MARK: - Infos

    /// Makes a standalone info; an unknown selector is reported at once (once per line in a step).
    mutating func makeInfo(_ plan: Plan) -> [Rule] {
        infos[plan.id] = Info(plan: plan)
        return unknownSelectorReport(plan)
    }

    /// Drops the walk's reference to a standalone info (never to one an engine owns).
    mutating func dropInfo(_ id: Int) {
        precondition(infos[id]?.engine == nil)
        infos[id] = nil
    }

    mutating func startInfo(_ id: Int) -> [Rule] {
        let info = infos[id]!
        if info.listening { return [] }
        // An unknown selector was reported when the info was made.
        if info.plan.handler.selector == Self.unknownSelector { return [] }
        if !isAlive(observerOf: info.plan) { return reportOnce(.observerReleased, for: id) }
        if !isAlive(senderOf: info.plan) { return reportOnce(.senderReleased, for: id) }
        infos[id]!.listening = true
        return []
    }

    /// `rule` the first time a released observer or sender of info `id` is reported, then nothing.
    private mutating func reportOnce(_ rule: Rule, for id: Int) -> [Rule] {
        if infos[id]!.releaseReported { return [] }
        infos[id]!.releaseReported = true
        return [rule]
    }

    mutating func stopInfo(_ id: Int) {
        infos[id]!.listening = false
    }

    // MARK: - Controllers

    /// Makes a controller whose populate adds `plans` with the shorthands, then starts its lifetime infos.
    ///
    /// - Returns: The reports, and for each plan the id of the info the shorthand returned (an earlier one when
    ///   the plan duplicates it).
    mutating func makeController(_ id: Int, plans: [Plan]) -> (rules: [Rule], returned: [Int]) {
        var controller = Controller()
        controller.active = []
        controllers[id] = controller
        var rules: [Rule] = []
        var returned: [Int] = []
        for plan in plans {
            let (planRules, result) = addNew(plan, to: id)
            rules += planRules
            returned.append(result)
        }
        rules += startLifespan(.lifetime, on: id)
        return (rules, returned)
    }

    /// Releases a controller: its engine stops every info and gives them up; its shorthand infos lose their owner.
    mutating func releaseController(_ id: Int) -> [Rule] {
        let controller = controllers.removeValue(forKey: id)!
        for infoID in controller.infos {
            infos[infoID]!.listening = false
            infos[infoID]!.engine = nil
        }
        return dropDeadObservers()
    }

    mutating func appear(_ id: Int) -> [Rule] {
        guard !controllers[id]!.active.contains(.visible) else { return [] }
        return startLifespan(.visible, on: id)
    }

    mutating func disappear(_ id: Int) {
        guard controllers[id]!.active.contains(.visible) else { return }
        stopLifespan(.visible, on: id)
    }

    mutating func startLifespan(_ lifespan: Lifespan, on id: Int) -> [Rule] {
        controllers[id]!.active.insert(lifespan)
        var rules: [Rule] = []
        for infoID in controllers[id]!.infos where infos[infoID]!.plan.lifespan == lifespan {
            rules += startInfo(infoID)
        }
        return rules
    }

    @discardableResult
    mutating func stopLifespan(_ lifespan: Lifespan, on id: Int) -> [Rule] {
        if lifespan == .lifetime { return [.lifetimeStop] }
        controllers[id]!.active.remove(lifespan)
        for infoID in controllers[id]!.infos where infos[infoID]!.plan.lifespan == lifespan {
            infos[infoID]!.listening = false
        }
        return []
    }

    /// A shorthand on controller `id` makes the info of `plan` and adds it, or returns the equal one added before.
    mutating func addNew(_ plan: Plan, to id: Int) -> (rules: [Rule], returned: Int) {
        var rules = unknownSelectorReport(plan)
        if let existing = duplicate(of: plan, in: id) {
            rules += countDuplicate(Duplicate(line: Self.addLine(of: plan), target: existing), on: id)
            return (rules, existing)
        }
        infos[plan.id] = Info(plan: plan)
        rules += attach(plan.id, to: id)
        return (rules, plan.id)
    }

    /// `notificationEngine.add(_:)` of an info the walk already holds.
    mutating func addExisting(_ infoID: Int, to id: Int) -> (rules: [Rule], added: Bool) {
        if controllers[id]!.infos.contains(infoID) {
            return (countDuplicate(Duplicate(line: .engineAdd, target: infoID), on: id), false)
        }
        if let existing = duplicate(of: infos[infoID]!.plan, in: id) {
            return (countDuplicate(Duplicate(line: .engineAdd, target: existing), on: id), false)
        }
        if let engine = infos[infoID]!.engine, engine != id { return ([.foreignInfo], false) }
        return (attach(infoID, to: id), true)
    }

    mutating func remove(_ infoID: Int, from id: Int) -> [Rule] {
        guard let index = controllers[id]!.infos.firstIndex(of: infoID) else { return [.foreignInfo] }
        controllers[id]!.infos.remove(at: index)
        // The engine forgets the counts of a listener it no longer has: added again, it is a new listener.
        controllers[id]!.duplicates = controllers[id]!.duplicates.filter { $0.key.target != infoID }
        infos[infoID]!.listening = false
        infos[infoID]!.engine = nil
        return []
    }

    /// An info of controller `id` that is the same registration as `plan`.
    ///
    /// One whose observer or sender is gone can never deliver again, so it is nobody's duplicate: a new object at
    /// the address of a released sender is a different sender.
    private mutating func duplicate(of plan: Plan, in id: Int) -> Int? {
        let same = controllers[id]!.infos.filter { Self.sameRegistration(infos[$0]!.plan, plan) }
        if same.contains(where: { !endpointsAlive(infos[$0]!.plan) }) {
            stats["same registration, dead", default: 0] += 1
        }
        if !same.isEmpty { stats["same registration", default: 0] += 1 }
        return same.first { endpointsAlive(infos[$0]!.plan) }
    }

    /// Counts a duplicate on controller `id`; a duplicate-registration report when the engine reports this one.
    private mutating func countDuplicate(_ duplicate: Duplicate, on id: Int) -> [Rule] {
        let count = controllers[id]!.duplicates[duplicate, default: 0] + 1
        controllers[id]!.duplicates[duplicate] = count
        guard Self.reportsDuplicate(count) else {
            stats["duplicate counted, not reported", default: 0] += 1
            return []
        }
        if count > 1 { stats["duplicate reported with its count", default: 0] += 1 }
        return [.duplicateRegistration]
    }

    mutating func count(_ event: String, _ amount: Int = 1) {
        stats[event, default: 0] += amount
    }

    private mutating func attach(_ infoID: Int, to id: Int) -> [Rule] {
        controllers[id]!.infos.append(infoID)
        infos[infoID]!.engine = id
        infos[infoID]!.everOwned = true
        if controllers[id]!.active.contains(infos[infoID]!.plan.lifespan) {
            return startInfo(infoID)
        }
        return []
    }
}
