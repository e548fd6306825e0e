import Foundation
import NotificationLifecycleTesting

@testable import NotificationLifecycle

/// One stress run: threads that all at once start and stop the same infos, appear and disappear the same
/// controllers, post, add and remove infos and release controllers; then the checks once everything is quiet.
final class StressRun: Sendable {
    /// How much work: threads, operations per thread, and a wall-clock limit per thread.
    struct Budget: Sendable {
        var threads = 6
        var operationsPerThread = 2_000
        var seconds: TimeInterval = 1.5
    }

    let mode: DeliveryMode
    let budget: Budget
    let seed: UInt64
    let center = NotificationCenter()
    /// Two senders that live through the run, and filters that use them.
    let senders = [Sender(), Sender()]
    /// Calls of posting-thread and queue handlers, per handler and post.
    let log = DeliveryLog()
    let mainLog: MainActorLog
    /// Delivery-tap events, per info and post.
    let taps = DeliveryLog()
    private let posts = IDSource()
    private let serials = IDSource()
    /// The controllers the threads share; `nil` after one released it.
    private let slots = LockedValueBox<[StressController?]>([nil, nil, nil])
    /// Every controller ever made, to check that all deallocate.
    private let made = LockedValueBox<[WeakController]>([])
    /// Infos made outside any controller, which the threads start, stop and add to controllers.
    let standalone: LockedValueBox<[NotificationInfo]>
    /// Reports the threads received, and operations done.
    let reports = LockedValueBox<[NotificationDiagnostic]>([])
    let operations = LockedValueBox(0)

    struct WeakController {
        weak var controller: StressController?
    }

    init(mode: DeliveryMode, budget: Budget = Budget(), seed: UInt64, mainLog: MainActorLog) {
        self.mode = mode
        self.budget = budget
        self.seed = seed
        self.mainLog = mainLog
        standalone = LockedValueBox([])
        let infos = (0..<6).map { index in
            makeInfo(
                name: index % 2 == 0 ? .ping : .pong,
                sender: index < 2 ? nil : senders[index % 2],
                lifespan: .lifetime
            )
        }
        standalone.withLock { $0 = infos }
        slots.withLock { slots in
            for index in slots.indices { slots[index] = makeController() }
        }
    }

    // MARK: - Making things

    private func makeController() -> StressController {
        let controller = StressController(
            serial: serials.make(),
            center: center,
            mode: mode,
            senders: senders,
            log: log,
            mainLog: mainLog
        )
        for info in controller.notificationEngine.infos { tap(info) }
        made.withLock { $0.append(WeakController(controller: controller)) }
        return controller
    }

    /// A closure info outside any controller, on its own counting queue in queue mode.
    private func makeInfo(name: Notification.Name, sender: Sender?, lifespan: Lifespan) -> NotificationInfo {
        let handler = "i\(serials.make())"
        let log = log
        let info = NotificationInfo(
            name: name,
            object: sender,
            lifespan: lifespan,
            center: center,
            queue: mode == .operationQueue ? CountingQueue() : nil
        ) { note in log.record(handler, note) }
        tap(info)
        return info
    }

    /// Adds a new info to `controller`: a main-actor shorthand in main-actor mode, else a closure info.
    private func addInfo(to controller: StressController, name: Notification.Name, sender: Sender?, lifespan: Lifespan)
    {
        if mode == .mainActor {
            let handler = "i\(serials.make())"
            // The main-actor owner closure's invocation, on a controller that is not itself main-actor isolated.
            let info = NotificationInfo(
                handler: .ownedOnMainActor { @MainActor (controller: StressController, note) in
                    controller.mainLog.record(handler, note)
                },
                observer: controller,
                selector: nil,
                column: serials.make(),
                name: name,
                object: sender,
                lifespan: lifespan,
                center: controller.notificationEngine.center,
                queue: nil,
                fileID: #fileID,
                line: #line,
                owned: false,
                registry: nil
            )
            controller.notificationEngine.add(info)
            tap(info)
        } else {
            controller.notificationEngine.add(makeInfo(name: name, sender: sender, lifespan: lifespan))
        }
    }

    private func tap(_ info: NotificationInfo) {
        let taps = taps
        let id = ObjectIdentifier(info).hashValue
        info.setDeliveryTap(
            DeliveryTap(
                handlerWillRun: { event in
                    taps.record("t\(id)", post: Post.id(of: event) ?? -1)
                    return 0
                },
                handlerReturned: { _ in }
            )
        )
    }

    // MARK: - The stress

    /// Starts the threads; wait on the group they run in.
    func startStress() -> ThreadGroup {
        let group = ThreadGroup()
        let deadline = Date(timeIntervalSinceNow: budget.seconds)
        group.start(budget.threads) { index in
            var rng = SplitMix64(seed: self.seed &+ UInt64(index) &* 0x9E37_79B9)
            var done = 0
            DiagnosticScope.withHandler({ diagnostic in self.reports.withLock { $0.append(diagnostic) } }) {
                while done < self.budget.operationsPerThread, done % 64 != 0 || Date() < deadline {
                    self.step(&rng)
                    done += 1
                }
            }
            self.operations.withLock { $0 += done }
        }
        return group
    }

    private func randomController(_ rng: inout SplitMix64) -> StressController? {
        let index = rng.below(3)
        return slots.withLock { $0[index] }
    }

    private func randomInfo(_ rng: inout SplitMix64) -> NotificationInfo? {
        if rng.chance(40) { return rng.pick(standalone.withLock { $0 }) }
        return randomController(&rng).flatMap { rng.pick($0.notificationEngine.infos) }
    }

    private func randomSender(_ rng: inout SplitMix64) -> Sender? {
        rng.chance(50) ? senders[rng.below(2)] : nil
    }

    private func step(_ rng: inout SplitMix64) {
        let roll = rng.below(100)
        switch roll {
        case 0..<26:
            let names: [Notification.Name] = [.ping, .pong, .unheard]
            let object: AnyObject? = rng.chance(15) ? Sender() : randomSender(&rng)
            post(names[rng.below(3)], from: object)
        case 26..<36:
            randomInfo(&rng)?.startListening()
        case 36..<46:
            randomInfo(&rng)?.stopListening()
        case 46..<54:
            randomController(&rng)?.notificationEngine.appear()
        case 54..<62:
            randomController(&rng)?.notificationEngine.disappear()
        case 62..<67:
            randomController(&rng)?.notificationEngine.start(rng.chance(50) ? .editing : .syncing)
        case 67..<72:
            randomController(&rng)?.notificationEngine.stop(rng.chance(50) ? .editing : .syncing)
        case 72..<80:
            if let controller = randomController(&rng) {
                let lifespan = rng.pick([Lifespan.lifetime, .visible, .editing])!
                addInfo(
                    to: controller,
                    name: rng.chance(50) ? .ping : .pong,
                    sender: randomSender(&rng),
                    lifespan: lifespan
                )
            }
        case 80..<88:
            if let controller = randomController(&rng), let info = rng.pick(controller.notificationEngine.infos) {
                controller.notificationEngine.remove(info)
            }
        case 88..<92:
            if let controller = randomController(&rng), let info = rng.pick(standalone.withLock({ $0 })) {
                controller.notificationEngine.add(info)
            }
        case 92..<96:
            let index = rng.below(3)
            let released = slots.withLock { slots -> StressController? in
                defer { slots[index] = nil }
                return slots[index]
            }
            _ = released  // the last reference may go here, or on a thread still using it
        default:
            let index = rng.below(3)
            if slots.withLock({ $0[index] == nil }) {
                let controller = makeController()
                slots.withLock { slots in
                    if slots[index] == nil { slots[index] = controller }
                }
            }
        }
    }

    @discardableResult
    func post(_ name: Notification.Name, from sender: AnyObject?) -> Int {
        let id = posts.make()
        center.post(name: name, object: sender, userInfo: Post.userInfo(id))
        return id
    }

    // MARK: - Checks once quiet

    /// The live infos: those of the live controllers and the standalone ones.
    var liveInfos: [NotificationInfo] {
        let controllers = slots.withLock { $0.compactMap { $0 } }
        var seen: Set<ObjectIdentifier> = []
        var infos: [NotificationInfo] = []
        for info in controllers.flatMap(\.notificationEngine.infos) + standalone.withLock({ $0 })
        where seen.insert(ObjectIdentifier(info)).inserted {
            infos.append(info)
        }
        return infos
    }

    /// Posts every name from every sender (and none) and compares who ran with `isListening`: by delivery tap,
    /// by the number of handler calls, and in queue mode by the operations the center added to each info's queue.
    ///
    /// In main-actor mode, call it on the main actor: main-actor handlers then run during the post.
    func probe() -> [String] {
        var problems: [String] = []
        let infos = liveInfos
        let listening = Dictionary(uniqueKeysWithValues: infos.map { (ObjectIdentifier($0), $0.isListening) })
        let probes: [(Notification.Name, Sender?)] = [
            (.ping, nil), (.ping, senders[0]), (.ping, senders[1]), (.pong, nil), (.pong, senders[0]),
            (.pong, senders[1]),
        ]
        for (name, sender) in probes {
            let label = "probe \(name.rawValue) from \(sender.map { "sender \(senders[0] === $0 ? 0 : 1)" } ?? "nil")"
            let expected = infos.filter { info in
                listening[ObjectIdentifier(info)]! && info.name == name
                    && (!info.filtersBySender || info.object === sender)
            }
            let queues = infos.compactMap { info in (info.queue as? CountingQueue).map { (info, $0, $0.addedCount) } }
            let plainBefore = log.total
            let mainBefore = mainActorCalls()
            let id = post(name, from: sender)

            let tapped = Set(taps.handlers(for: id).keys)
            let wanted = Set(expected.map { "t\(ObjectIdentifier($0).hashValue)" })
            if tapped != wanted {
                problems.append(
                    "\(label): \(wanted.count) infos listen for it, but \(tapped.count) ran "
                        + "(\(wanted.subtracting(tapped).count) missing, \(tapped.subtracting(wanted).count) unexpected)"
                )
            }
            let plain = expected.filter { mode != .mainActor || isStandalone($0) }.count
            if log.total - plainBefore != plain {
                problems.append("\(label): \(plain) handlers should run, \(log.total - plainBefore) did")
            }
            if mainActorCalls() - mainBefore != expected.count - plain {
                problems.append(
                    "\(label): \(expected.count - plain) main-actor handlers should run at once, "
                        + "\(mainActorCalls() - mainBefore) did"
                )
            }
            for (info, queue, count) in queues {
                let added = queue.addedCount - count
                let wantedCount = expected.contains { $0 === info } ? 1 : 0
                if added != wantedCount {
                    problems.append(
                        "\(label): the center holds \(added) matching registration(s) for \(info), not \(wantedCount)"
                    )
                }
            }
        }
        return problems
    }

    /// The main-actor handler calls so far (0 outside main-actor mode). Main-actor mode calls it on the main actor.
    private func mainActorCalls() -> Int {
        guard mode == .mainActor else { return 0 }
        return MainActor.assumeIsolated { mainLog.total }
    }

    private func isStandalone(_ info: NotificationInfo) -> Bool {
        standalone.withLock { $0.contains { $0 === info } }
    }

    /// Releases every controller and standalone info; returns what stayed alive or registered.
    func releaseEverything() -> [String] {
        var problems: [String] = []
        slots.withLock { $0 = [nil, nil, nil] }
        standalone.withLock { $0 = [] }
        // Another thread of the process may hold an info for a moment (see `settles(within:_:)`).
        _ = settles {
            made.withLock { $0.allSatisfy { $0.controller == nil } } && RegistrationLedger.infos(on: center).isEmpty
        }
        let alive = made.withLock { $0.filter { $0.controller != nil }.count }
        if alive > 0 { problems.append("\(alive) released controllers are still alive") }
        let listening = RegistrationLedger.listeningInfos(on: center)
        if !listening.isEmpty { problems.append("\(listening.count) infos still listen: \(listening.prefix(3))") }
        let infos = RegistrationLedger.infos(on: center)
        if !infos.isEmpty { problems.append("\(infos.count) infos are still alive: \(infos.prefix(3))") }
        return problems
    }
}
