import Foundation
import NotificationLifecycle

/// One step of the lifecycle walk. Its description is what a failure prints, so that the walk can be read and
/// replayed.
enum WalkStep: CustomStringConvertible {
    case makeSender(Int)
    case dropSender(Int)
    case makeObserver(Int)
    case dropObserver(Int)
    case makeController(Int, plans: [WalkModel.Plan])
    case releaseController(Int)
    case appear(Int)
    case disappear(Int)
    case startLifespan(Lifespan, controller: Int)
    case stopLifespan(Lifespan, controller: Int)
    case addNew(WalkModel.Plan, controller: Int)
    case addExisting(info: Int, controller: Int)
    case remove(info: Int, controller: Int)
    case makeInfo(WalkModel.Plan)
    case startInfo(Int)
    case stopInfo(Int)
    case dropInfo(Int)
    /// Posts a notification name, or a main-actor message (a ``WalkModel/messageNames`` index) with `sender` as its
    /// subject (`.none`: posted without a subject).
    case post(name: Int, sender: WalkModel.PostSender)

    var description: String {
        switch self {
        case .makeSender(let id): return "makeSender s\(id)"
        case .dropSender(let id): return "dropSender s\(id)"
        case .makeObserver(let id): return "makeObserver o\(id)"
        case .dropObserver(let id): return "dropObserver o\(id)"
        case .makeController(let id, let plans):
            return "makeController c\(id) populating [\(plans.map(\.description).joined(separator: ", "))]"
        case .releaseController(let id): return "releaseController c\(id)"
        case .appear(let id): return "c\(id).appear()"
        case .disappear(let id): return "c\(id).disappear()"
        case .startLifespan(let lifespan, let id): return "c\(id).startListening(withLifespan: \(lifespan))"
        case .stopLifespan(let lifespan, let id): return "c\(id).stopListening(withLifespan: \(lifespan))"
        case .addNew(let plan, let id): return "c\(id).add shorthand \(plan)"
        case .addExisting(let info, let id): return "c\(id).notificationEngine.add(i\(info))"
        case .remove(let info, let id): return "c\(id).notificationEngine.remove(i\(info))"
        case .makeInfo(let plan): return "makeInfo \(plan)"
        case .startInfo(let id): return "i\(id).startListening()"
        case .stopInfo(let id): return "i\(id).stopListening()"
        case .dropInfo(let id): return "dropInfo i\(id)"
        case .post(let name, let sender):
            return "post \(WalkModel.label(of: name)) from \(sender)"
        }
    }
}

/// Chooses the next step from the model's state with a seeded generator, so that a seed always makes the same walk.
struct WalkGenerator {
    private var rng: SplitMix64
    private var lastID = 0

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    private mutating func makeID() -> Int {
        lastID += 1
        return lastID
    }

    /// The first steps: two senders, an observer and a controller.
    mutating func opening(_ model: WalkModel) -> [WalkStep] {
        [.makeSender(makeID()), .makeSender(makeID()), .makeObserver(makeID())]
    }

    mutating func next(_ model: WalkModel) -> WalkStep {
        let controllers = model.controllers.keys.sorted()
        let infos = model.infos.keys.sorted()
        let senders = model.senders.sorted()
        let observers = model.observers.sorted()
        let roll = rng.below(100)

        if controllers.isEmpty, rng.chance(50) { return makeController(model) }
        switch roll {
        case 24..<34:
            if let info = rng.pick(infos) { return rng.chance(55) ? .startInfo(info) : .stopInfo(info) }
        case 34..<42:
            if let id = rng.pick(controllers) { return rng.chance(55) ? .appear(id) : .disappear(id) }
        case 42..<50:
            if let id = rng.pick(controllers) {
                let lifespan = rng.pick([Lifespan.editing, .editing, .syncing, .syncing, .visible, .lifetime])!
                return rng.chance(55)
                    ? .startLifespan(lifespan, controller: id) : .stopLifespan(lifespan, controller: id)
            }
        case 50..<58:
            if let id = rng.pick(controllers) {
                if rng.chance(35), let template = cloneable(model, controller: id) {
                    return .addNew(clone(template, sender: senders.last), controller: id)
                }
                return .addNew(plan(model, owner: id), controller: id)
            }
        case 58..<63:
            if let id = rng.pick(controllers), let info = rng.pick(infos) {
                return .addExisting(info: info, controller: id)
            }
        case 63..<69:
            if let id = rng.pick(controllers) {
                let own = model.controllers[id]!.infos
                if !own.isEmpty, rng.chance(80) { return .remove(info: rng.pick(own)!, controller: id) }
                if let info = rng.pick(infos) { return .remove(info: info, controller: id) }
            }
        case 69..<75:
            return .makeInfo(plan(model, owner: nil))
        case 75..<78:
            if let info = rng.pick(infos.filter { model.infos[$0]!.engine == nil }) { return .dropInfo(info) }
        case 78..<84:
            if controllers.count < 4 { return makeController(model) }
        case 84..<88:
            if let id = rng.pick(controllers) { return .releaseController(id) }
        case 88..<93:
            if senders.count < 4 { return .makeSender(makeID()) }
        case 93..<96:
            if let id = rng.pick(senders) { return .dropSender(id) }
        case 96..<98:
            if observers.count < 3 { return .makeObserver(makeID()) }
        case 98..<100:
            if let id = rng.pick(observers) { return .dropObserver(id) }
        default:
            break
        }
        return post(model)
    }

    private mutating func post(_ model: WalkModel) -> WalkStep {
        var name = rng.chance(10) ? WalkModel.unheardName : rng.below(2)
        if WalkModel.messagesAvailable, rng.chance(35) {
            name = WalkModel.firstMessage + (rng.chance(10) ? 2 : rng.below(2))
        }
        let roll = rng.below(100)
        if roll < 45, let sender = rng.pick(model.senders.sorted()) {
            return .post(name: name, sender: .sender(sender))
        }
        return .post(name: name, sender: roll < 80 ? .none : .stranger)
    }

    private mutating func makeController(_ model: WalkModel) -> WalkStep {
        let id = makeID()
        let plans = (0..<(1 + rng.below(6))).map { _ in plan(model, owner: id) }
        return .makeController(id, plans: plans)
    }

    /// A shorthand plan of controller `id` to repeat with another sender, preferably one whose sender is gone.
    private mutating func cloneable(_ model: WalkModel, controller id: Int) -> WalkModel.Plan? {
        let own = model.controllers[id]!.infos.compactMap { model.infos[$0]?.plan }.filter { $0.owner == id }
        let orphaned = own.filter { !model.isAlive(senderOf: $0) }
        return rng.pick(orphaned.isEmpty ? own : orphaned)
    }

    /// The same registration as `template` but with `sender`: the newest sender, which the allocator often places
    /// at the address of the last one released, so that a stale sender identity would collide with it.
    private mutating func clone(_ template: WalkModel.Plan, sender: Int?) -> WalkModel.Plan {
        WalkModel.Plan(
            id: makeID(),
            name: template.name,
            sender: sender,
            lifespan: template.lifespan,
            handler: template.handler,
            owner: template.owner,
            queued: template.queued
        )
    }

    /// A random info: an owner shorthand for controller `owner`, or a standalone info.
    private mutating func plan(_ model: WalkModel, owner: Int?) -> WalkModel.Plan {
        let name = rng.below(2)
        let sender = rng.chance(40) ? rng.pick(model.senders.sorted()) : nil
        let lifespan = rng.pick(WalkModel.lifespans)!
        let handler: WalkModel.Handler
        let roll = rng.below(100)
        if owner != nil, WalkModel.messagesAvailable, rng.chance(30) {
            return WalkModel.Plan(
                id: makeID(),
                name: WalkModel.firstMessage + rng.below(2),
                sender: sender,
                lifespan: lifespan,
                handler: .messageClosure,
                owner: owner,
                queued: false
            )
        }
        if owner != nil {
            if roll < 55 {
                handler = .ownerClosure(site: rng.below(3))
            } else {
                handler = .ownerSelector(roll < 95 ? rng.pick(["hit:", "tick"])! : WalkModel.unknownSelector)
            }
        } else if roll < 50 || model.observers.isEmpty {
            handler = .closure(site: rng.below(2))
        } else {
            let selector = roll < 95 ? rng.pick(["hit:", "tick"])! : WalkModel.unknownSelector
            handler = .observerSelector(selector, observer: rng.pick(model.observers.sorted())!)
        }
        let queueable: Bool
        if case .ownerSelector = handler { queueable = false } else { queueable = true }
        return WalkModel.Plan(
            id: makeID(),
            name: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler,
            owner: owner,
            queued: queueable && rng.chance(25)
        )
    }
}
