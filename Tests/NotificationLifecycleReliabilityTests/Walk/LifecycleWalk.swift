import Foundation
import NotificationLifecycle

/// Runs one seeded walk: each step is applied to the model and to the real objects, then compared.
///
/// After every step it compares the diagnostics (as a multiset of rules), every info's `isListening`, every live
/// controller's lifespans and infos, and the registration ledger; after a post, the handler calls, the delivery
/// taps and the operations the center added to each queued info's own queue (what the center really holds).
///
/// Controllers also declare typed-message infos (main-actor messages, every lifespan, with or without a subject) and
/// the walk posts those messages with the right subject, another one or none; a main-actor message is delivered
/// while it is posted, so it is compared like a notification post. Asynchronous messages are left out: Foundation
/// delivers them later, concurrently and in no order, so a step could not say when its deliveries are complete
/// without waiting, and `AsyncMessageTests` covers their lifecycle.
@MainActor
struct LifecycleWalk {
    let seed: UInt64
    let steps: Int

    /// What went wrong, with the seed and every step so far; `nil` when the walk matched the model throughout.
    struct Failure: Error, CustomStringConvertible {
        let seed: UInt64
        let step: Int
        let problems: [String]
        let trace: [String]

        var description: String {
            var lines = [
                "Expected the walk of seed \(seed) to match the model, but step \(step) did not:"
            ]
            lines += problems.map { "  - \($0)" }
            lines.append(
                "Steps (replay with NL_WALK_SEED=\(seed) swift test --filter randomWalk; add NL_WALK_REPEAT=50 when "
                    + "the failure depends on a new object reusing a released one's address):"
            )
            lines += trace.enumerated().map { "  \($0.offset): \($0.element)" }
            return lines.joined(separator: "\n")
        }
    }

    func run() -> Failure? {
        var generator = WalkGenerator(seed: seed)
        var model = WalkModel()
        let world = WalkWorld()
        var trace: [String] = []

        var pending = generator.opening(model)
        for index in 0..<steps {
            let step = pending.isEmpty ? generator.next(model) : pending.removeFirst()
            trace.append(step.description)
            model.beginStep()
            let (outcome, diagnostics) = capturingDiagnostics {
                var outcome = apply(step, model: &model, world: world)
                outcome.problems += compare(model, world)
                return outcome
            }
            var all = outcome.problems
            let reported = diagnostics.map(\.rule.name).sorted()
            let predicted = outcome.rules.map(\.name).sorted()
            if reported != predicted {
                all.append(
                    "Expected the reports \(predicted), but got \(reported): "
                        + diagnostics.map(\.description).joined(separator: " | ")
                )
            }
            for diagnostic in diagnostics { model.count("report \(diagnostic.rule)") }
            if let unclear = diagnostics.first(where: { !$0.message.contains("Expected") }) {
                all.append("Expected every report to say what was expected, but got: \(unclear)")
            }
            if !all.isEmpty {
                return Failure(seed: seed, step: index, problems: all, trace: trace)
            }
        }
        if ProcessInfo.processInfo.environment["NL_WALK_STATS"] != nil {
            print("walk seed \(seed): \(model.stats.sorted { $0.key < $1.key })")
        }
        return tearDown(world, trace: trace)
    }

    /// What a step produced: the reports the model predicts, and the differences found.
    private struct Outcome {
        var rules: [NotificationDiagnostic.Rule] = []
        var problems: [String] = []
    }

    // MARK: - Applying a step

    private func apply(_ step: WalkStep, model: inout WalkModel, world: WalkWorld) -> Outcome {
        var outcome = Outcome()
        switch step {
        case .makeSender(let id):
            model.makeSender(id)
            world.makeSender(id)
        case .dropSender(let id):
            outcome.rules = model.dropSender(id)
            if !world.dropSender(id) { outcome.problems.append("sender s\(id) was kept alive") }
        case .makeObserver(let id):
            model.makeObserver(id)
            world.makeObserver(id)
        case .dropObserver(let id):
            outcome.rules = model.dropObserver(id)
            if !world.dropObserver(id) { outcome.problems.append("observer o\(id) was kept alive") }
        case .makeController(let id, let plans):
            let (rules, returned) = model.makeController(id, plans: plans)
            outcome.rules = rules
            let made = world.makeController(id, plans: plans)
            outcome.problems += adopt(made, plans: plans, returned: returned, world: world)
        case .releaseController(let id):
            outcome.rules = model.releaseController(id)
            if !world.releaseController(id) { outcome.problems.append("controller c\(id) was kept alive") }
        case .appear(let id):
            outcome.rules = model.appear(id)
            world.controller(id).appear()
        case .disappear(let id):
            model.disappear(id)
            world.controller(id).disappear()
        case .startLifespan(let lifespan, let id):
            outcome.rules = model.startLifespan(lifespan, on: id)
            world.controller(id).notificationEngine.start(lifespan)
        case .stopLifespan(let lifespan, let id):
            outcome.rules = model.stopLifespan(lifespan, on: id)
            world.controller(id).notificationEngine.stop(lifespan)
        case .addNew(let plan, let id):
            let (rules, returned) = model.addNew(plan, to: id)
            outcome.rules = rules
            let made = world.addNew(plan, to: id)
            outcome.problems += adopt([made], plans: [plan], returned: [returned], world: world)
        case .addExisting(let info, let id):
            let (rules, added) = model.addExisting(info, to: id)
            outcome.rules = rules
            let real = world.controller(id).notificationEngine.add(world.info(info))
            if real != added {
                outcome.problems.append("notificationEngine.add(i\(info)) returned \(real), not \(added)")
            }
        case .remove(let info, let id):
            outcome.rules = model.remove(info, from: id)
            world.controller(id).notificationEngine.remove(world.info(info))
        case .makeInfo(let plan):
            outcome.rules = model.makeInfo(plan)
            world.adopt(world.makeInfo(plan), as: plan.id)
        case .startInfo(let id):
            outcome.rules = model.startInfo(id)
            world.info(id).startListening()
        case .stopInfo(let id):
            model.stopInfo(id)
            world.info(id).stopListening()
        case .dropInfo(let id):
            model.dropInfo(id)
            if !world.dropInfo(id) { outcome.problems.append("info i\(id) was kept alive after the walk dropped it") }
        case .post(let name, let sender):
            let expected = model.expectedDeliveries(name: name, sender: sender)
            model.count(WalkModel.isMessage(name) ? "message post" : "post")
            model.count(WalkModel.isMessage(name) ? "message deliveries" : "deliveries", expected.infos.count)
            model.count("queued deliveries", expected.infos.filter { world.queues[$0] != nil }.count)
            let (post, queued) =
                WalkModel.isMessage(name)
                ? world.postMessage(name, subject: sender) : world.post(name: name, sender: sender)
            outcome.problems += comparePost(post, expected: expected, queued: queued, world: world)
        }
        return outcome
    }

    /// Keeps the infos a shorthand made, or checks that it returned the earlier equal one.
    private func adopt(
        _ made: [NotificationInfo],
        plans: [WalkModel.Plan],
        returned: [Int],
        world: WalkWorld
    ) -> [String] {
        var problems: [String] = []
        guard made.count == plans.count else {
            return ["the controller made \(made.count) infos for \(plans.count) plans"]
        }
        for (index, plan) in plans.enumerated() {
            if returned[index] == plan.id {
                world.adopt(made[index], as: plan.id)
            } else {
                world.discardQueue(of: plan.id)
                if made[index] !== world.infos[returned[index]] {
                    problems.append(
                        "Expected the shorthand for \(plan) to return the equal info i\(returned[index]) added "
                            + "before, but it returned \(world.name(of: made[index])): \(made[index])"
                    )
                }
            }
        }
        return problems
    }

    // MARK: - Comparing

    private func comparePost(
        _ post: Int,
        expected: (calls: [String: Int], infos: Set<Int>),
        queued: [Int: Int],
        world: WalkWorld
    ) -> [String] {
        var problems: [String] = []
        let calls = world.log.handlers(for: post)
        if calls != expected.calls {
            problems.append("Expected post #\(post) to call \(format(expected.calls)), but it called \(format(calls))")
        }
        let tapped = world.taps.handlers(for: post)
        let expectedTaps = Dictionary(uniqueKeysWithValues: expected.infos.map { ("t\($0)", 1) })
        if tapped != expectedTaps {
            problems.append(
                "Expected post #\(post) to reach the infos \(format(expectedTaps)), but the taps saw \(format(tapped))"
            )
        }
        for (id, added) in queued.sorted(by: { $0.key < $1.key }) {
            let wanted = expected.infos.contains(id) ? 1 : 0
            if added != wanted {
                problems.append(
                    "Expected the center to hold \(wanted) matching registration(s) for i\(id) (its queue), but it "
                        + "added \(added) operation(s) for post #\(post)"
                )
            }
        }
        return problems
    }

    private func format(_ counts: [String: Int]) -> String {
        "[" + counts.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", ") + "]"
    }

    /// Compares every info, every live controller and the registration ledger with the model.
    private func compare(_ model: WalkModel, _ world: WalkWorld) -> [String] {
        var problems: [String] = []
        for id in model.infos.keys.sorted() {
            guard let info = world.infos[id] else {
                problems.append("the walk lost info i\(id)")
                continue
            }
            let listening = info.isListening
            if listening != model.infos[id]!.listening {
                problems.append(
                    "Expected i\(id) (\(model.infos[id]!.plan)) to be \(model.infos[id]!.listening ? "" : "not ")"
                        + "listening, but isListening is \(listening)"
                )
            }
        }
        for id in model.controllers.keys.sorted() {
            let real = world.controller(id)
            let state = model.controllers[id]!
            if real.notificationEngine.activeLifespans != state.active {
                problems.append(
                    "Expected c\(id) to have the active lifespans \(state.active.map(\.description).sorted()), but it "
                        + "has \(real.notificationEngine.activeLifespans.map(\.description).sorted())"
                )
            }
            if real.notificationEngine.isActive(.visible) != state.active.contains(.visible) {
                problems.append(
                    "Expected c\(id).notificationEngine.isActive(.visible) to be \(!real.notificationEngine.isActive(.visible))"
                )
            }
            let expectedInfos = state.infos.map { world.infos[$0].map(ObjectIdentifier.init) }
            let realInfos = real.notificationEngine.infos.map { Optional(ObjectIdentifier($0)) }
            if realInfos != expectedInfos {
                problems.append(
                    "Expected c\(id) to hold the infos \(state.infos.map { "i\($0)" }), but it holds "
                        + real.notificationEngine.infos.map { "\(world.name(of: $0))" }.joined(separator: ", ")
                )
            }
        }
        let ledger = Set(RegistrationLedger.infos(on: world.center).map(ObjectIdentifier.init))
        let known = Set(world.infos.values.map(ObjectIdentifier.init))
        if ledger != known {
            problems.append(
                "Expected the ledger to hold exactly the walk's \(known.count) infos, but it holds \(ledger.count) "
                    + "(\(ledger.subtracting(known).count) unknown, \(known.subtracting(ledger).count) missing)"
            )
        }
        let listening = Set(RegistrationLedger.listeningInfos(on: world.center).map(ObjectIdentifier.init))
        let expectedListening = Set(model.listeningInfos.compactMap { world.infos[$0].map(ObjectIdentifier.init) })
        if listening != expectedListening {
            problems.append(
                "Expected the ledger's listening infos to be \(model.listeningInfos.sorted().map { "i\($0)" }), but "
                    + "they are \(RegistrationLedger.listeningInfos(on: world.center).map(world.name(of:)).sorted())"
            )
        }
        return problems
    }

    /// Releases everything and checks that nothing stays registered or alive.
    private func tearDown(_ world: WalkWorld, trace: [String]) -> Failure? {
        let center = world.center
        var problems: [String] = []
        let (_, diagnostics) = capturingDiagnostics {
            for id in world.controllers.keys.sorted() where !world.releaseController(id) {
                problems.append("controller c\(id) was kept alive at the end")
            }
            for id in world.infos.keys.sorted() where !world.dropInfo(id) {
                problems.append("info i\(id) was kept alive at the end")
            }
        }
        if !diagnostics.isEmpty {
            problems.append("tearing down reported \(diagnostics.map(\.description))")
        }
        if !RegistrationLedger.infos(on: center).isEmpty {
            problems.append("the ledger still holds \(RegistrationLedger.infos(on: center).count) infos at the end")
        }
        if problems.isEmpty { return nil }
        return Failure(seed: seed, step: steps, problems: problems, trace: trace)
    }
}
