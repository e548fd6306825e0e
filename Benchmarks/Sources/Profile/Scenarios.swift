// The profiling scenarios. Their operations are main-actor closures, typed so (a `ControllerBase` is made and driven
// on the main actor): calling one checks nothing. A closure that is main-actor by inference but typed nonisolated
// (one handed to `withExtendedLifetime` inside an operation, say) checks its isolation at each call
// (`swift_task_isCurrentExecutor`, 222 to 330 instructions per operation on both sides, that measured nothing of
// either), so the post scenarios post through the nonisolated `postPing(on:keeping:)`. The message scenarios post on
// the main actor with `MainActor.assumeIsolated`, which Foundation's `MainActorMessage` requires: on both sides, the
// same check. The scenarios whose post hops to the main actor are in `MainActorHop.swift`.

import BenchmarkSupport
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import OpenCombine
import OpenCombineFoundation

/// One scenario: made once, then its operation runs `repetitions` times inside ``measuredLoop(_:_:)`` (and once
/// before it, outside the count, so that lazily made state is not counted).
struct Scenario {
    /// What one operation is: exactly the work the loop counts.
    let summary: String
    /// The handler calls one operation makes, checked after the run on ``Measured/delivered``; `nil` for the
    /// scenarios that do not post (each of those checks its registrations another way, or cannot fail silently).
    var deliveriesPerOperation: Int? = nil
    let make: @MainActor (_ setup: Setup) -> Measured
}

/// What a scenario is made for.
struct Setup {
    /// `n`: infos, listeners or controllers per operation, as the scenario's summary says (default 20).
    let size: Int
    /// How many times the operation will run: the repetitions and the warm-up.
    let operations: Int
}

/// A made scenario: its operation and how to read the handler calls it made.
struct Measured {
    let operation: @MainActor () -> Void
    var delivered: @MainActor () -> Int = { deliveries.value }
}

/// The counter of the scenarios that check their deliveries, so that a side that stops delivering fails the run.
let deliveries = Counter()

let lifetime10 = Names.numbered(10, prefix: "lifetime")
let visible10 = Names.numbered(10, prefix: "visible")

/// Exits with a message on standard error: profile.sh shows it and stops.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NotificationLifecycleProfile: \(message)\n".utf8))
    exit(1)
}

/// The part callgrind counts (`--toggle-collect='*measuredLoop*'`).
@inline(never)
func measuredLoop(_ repetitions: Int, _ operation: () -> Void) {
    for _ in 0..<repetitions {
        operation()
    }
}

/// One post of `Names.ping` on `center`, with `listeners` kept alive across it: what the post scenarios' operations do.
/// A nonisolated function, so that it holds no isolation check: the closure a main-actor operation hands to
/// `withExtendedLifetime` is main-actor by inference but typed nonisolated, and Swift checks its isolation at each call
/// (`swift_task_isCurrentExecutor` and the main actor's executor, 330 instructions per post on both sides).
func postPing<Listeners>(on center: NotificationCenter, keeping listeners: Listeners) {
    withExtendedLifetime(listeners) { center.post(name: Names.ping, object: nil) }
}

/// Checks, outside the measured loop, that a registration delivers once while started and not once stopped, so
/// that a start+stop scenario cannot measure a registration that does nothing.
func expectOneDelivery(_ scenario: String, start: () -> Void, post: () -> Void, stop: () -> Void) {
    let before = deliveries.value
    start()
    post()
    stop()
    post()
    if deliveries.value - before != 1 {
        fail("\(scenario): expected 1 delivery while started and none once stopped, got \(deliveries.value - before)")
    }
}

/// Every scenario by name. Pair numbers are those of the ordo-one suite (`Benchmarks/compare.sh`) that times the
/// same work; `-framework` is the package, `-raw` the same by hand, `-combine` OpenCombine.
func allScenarios() -> [String: Scenario] {
    var all: [String: Scenario] = [:]
    for group in [
        startStopScenarios(), postScenarios(), mainActorHopScenarios(), controllerScenarios(), combineScenarios(),
    ] {
        all.merge(group) { first, _ in first }
    }
    // Foundation's typed messages exist from these versions on Apple platforms (on Linux, in every Swift 6.3).
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        all.merge(messageScenarios()) { first, _ in first }
    }
    return all
}

/// Pairs 1 and 2: one registration started and stopped (the info or the observer made before the loop).
private func startStopScenarios() -> [String: Scenario] {
    [
        "closure-framework": Scenario(summary: "1: startListening() + stopListening() of one closure info") { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
            expectOneDelivery(
                "closure-framework",
                start: { info.startListening() },
                post: { center.post(name: Names.ping, object: nil) },
                stop: { info.stopListening() }
            )
            return Measured {
                info.startListening()
                info.stopListening()
            }
        },
        "closure-raw": Scenario(summary: "1: addObserver(forName:object:queue:using:) + removeObserver(token)") { _ in
            let center = NotificationCenter()
            let counter = deliveries
            return Measured {
                let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
                center.removeObserver(token)
            }
        },
        "selector-framework": Scenario(summary: "2: startListening() + stopListening() of one selector info") { _ in
            let observer = SelectorObserver()
            let info = NotificationInfo(
                observer: observer,
                selector: "didPing:",
                name: Names.ping,
                center: NotificationCenter()
            )
            return Measured {
                withExtendedLifetime(observer) {
                    info.startListening()
                    info.stopListening()
                }
            }
        },
        "selector-raw": Scenario(
            summary: "2: addObserver with a block holding the observer weakly + removeObserver(token)"
        ) { _ in
            let center = NotificationCenter()
            let observer = SelectorObserver()
            return Measured {
                let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak observer] note in
                    observer?.didPing(note)
                }
                center.removeObserver(token)
            }
        },
    ]
}

/// Pairs 3, 3c, 8 and 8c: one `post(name:object:)` on the main thread, to standalone infos and to controllers'
/// listeners (by hand main-actor controllers, and the nonisolated one of before issue 28 for comparison).
private func postScenarios() -> [String: Scenario] {
    [
        "post-framework": Scenario(
            summary: "3: one post to one listening standalone closure info",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
            info.startListening()
            return Measured {
                postPing(on: center, keeping: info)
            }
        },
        "postrecorded-framework": Scenario(
            summary: "3r: one post to one listening standalone closure info that a DeliveryRecorder records (the "
                + "recorder's cost per post is this less post-framework; its deliveries grow by one per post)",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
            info.startListening()
            let recorder = DeliveryRecorder()
            recorder.record(info)
            return Measured(
                operation: { withExtendedLifetime(info) { center.post(name: Names.ping, object: nil) } },
                delivered: {
                    guard recorder.deliveries.count == counter.value else {
                        fail("the recorder saw \(recorder.deliveries.count) deliveries of \(counter.value)")
                    }
                    return counter.value
                }
            )
        },
        "post-raw": Scenario(summary: "3: one post to one block observer", deliveriesPerOperation: 1) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
            return Measured {
                postPing(on: center, keeping: token)
            }
        },
        "postcontroller-framework": Scenario(
            summary: "3c: one main-thread post to one ControllerBase subclass's addLifetimeNotificationInfo "
                + "{ owner, _ in ... } (main-actor: called at once)",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let controller = CountingController(notificationCenter: center)
            return Measured(
                operation: { postPing(on: center, keeping: controller) },
                delivered: { controller.count }
            )
        },
        "postcontroller-raw": Scenario(
            summary: "3c: one main-thread post to one hand-written main-actor controller's [weak self] block observer, "
                + "its body in MainActor.assumeIsolated",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let controller = HandCountingController(center: center)
            return Measured(
                operation: { postPing(on: center, keeping: controller) },
                delivered: { controller.count }
            )
        },
        "postcontroller-raw-nonisolated": Scenario(
            summary: "3c before issue 28: one post to one nonisolated (@unchecked Sendable) hand-written controller's "
                + "[weak self] block observer, its body on the posting thread",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let controller = NonisolatedHandCountingController(center: center)
            return Measured(
                operation: { postPing(on: center, keeping: controller) },
                delivered: { controller.count }
            )
        },
        "post20-framework": Scenario(
            summary: "8: one post to n listening standalone closure infos of one name (default 20)",
            deliveriesPerOperation: 20
        ) { setup in
            let center = NotificationCenter()
            let counter = deliveries
            let infos = (0..<setup.size).map { _ in
                NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
            }
            for info in infos { info.startListening() }
            return Measured {
                postPing(on: center, keeping: infos)
            }
        },
        "post20-raw": Scenario(
            summary: "8: one post to n block observers of one name (default 20)",
            deliveriesPerOperation: 20
        ) { setup in
            let center = NotificationCenter()
            let counter = deliveries
            let tokens = (0..<setup.size).map { _ in
                center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
            }
            return Measured {
                postPing(on: center, keeping: tokens)
            }
        },
        "post20controllers-framework": Scenario(
            summary: "8c: one post to n ControllerBase subclasses listening to it as 3c (default 20)",
            deliveriesPerOperation: 20
        ) { setup in
            let center = NotificationCenter()
            let controllers = (0..<setup.size).map { _ in CountingController(notificationCenter: center) }
            return Measured(
                operation: { postPing(on: center, keeping: controllers) },
                delivered: { controllers.reduce(0) { $0 + $1.count } }
            )
        },
        "post20controllers-raw": Scenario(
            summary: "8c: one post to n hand-written main-actor controllers listening to it as 3c (default 20)",
            deliveriesPerOperation: 20
        ) { setup in
            let center = NotificationCenter()
            let controllers = (0..<setup.size).map { _ in HandCountingController(center: center) }
            return Measured(
                operation: { postPing(on: center, keeping: controllers) },
                delivered: { controllers.reduce(0) { $0 + $1.count } }
            )
        },
        "post20controllers-raw-nonisolated": Scenario(
            summary: "8c before issue 28: one post to n nonisolated hand-written controllers as 3c's (default 20)",
            deliveriesPerOperation: 20
        ) { setup in
            let center = NotificationCenter()
            let controllers = (0..<setup.size).map { _ in NonisolatedHandCountingController(center: center) }
            return Measured(
                operation: { postPing(on: center, keeping: controllers) },
                delivered: { controllers.reduce(0) { $0 + $1.count } }
            )
        },
    ]
}

/// Pairs 4, 5, 5n, 5r and 7: a whole controller of `FrameworkController` (`ControllerBase`, one closure info per
/// name) against `HandController` (tokens in arrays).
private func controllerScenarios() -> [String: Scenario] {
    [
        "appear-framework": Scenario(summary: "4/6a: appear() + disappear() of a controller of n visible infos") {
            setup in
            let controller = FrameworkController(
                center: NotificationCenter(),
                lifetime: [],
                visible: Names.numbered(setup.size, prefix: "visible")
            )
            return Measured {
                controller.appear()
                controller.disappear()
            }
        },
        "appear-raw": Scenario(summary: "4/6a: n addObserver + n removeObserver(token) by hand (default 20)") { setup in
            let controller = HandController(
                center: NotificationCenter(),
                lifetime: [],
                visible: Names.numbered(setup.size, prefix: "visible")
            )
            return Measured {
                controller.appear()
                controller.disappear()
            }
        },
        "lifecycle-framework": Scenario(
            summary: "5/6b: a controller of n/2 lifetime + n/2 visible infos made, appeared, disappeared, released, "
                + "on a center used before"
        ) { setup in
            let center = NotificationCenter()
            let lifetime = Names.numbered(setup.size / 2, prefix: "lifetime")
            let visible = Names.numbered(setup.size - setup.size / 2, prefix: "visible")
            return Measured {
                let controller = FrameworkController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
            }
        },
        "lifecycle-raw": Scenario(summary: "5/6b: the same by hand") { setup in
            let center = NotificationCenter()
            let lifetime = Names.numbered(setup.size / 2, prefix: "lifetime")
            let visible = Names.numbered(setup.size - setup.size / 2, prefix: "visible")
            return Measured {
                let controller = HandController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
            }
        },
        "busy-framework": Scenario(
            summary: "7: lifecycle 10+10 on a center where every name already has another observer"
        ) { _ in
            let center = NotificationCenter()
            let others = (lifetime10 + visible10).map {
                center.addObserver(forName: $0, object: nil, queue: nil) { _ in }
            }
            return Measured {
                withExtendedLifetime(others) {
                    let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
                    controller.appear()
                    controller.disappear()
                }
            }
        },
        "busy-raw": Scenario(summary: "7: the same by hand") { _ in
            let center = NotificationCenter()
            let others = (lifetime10 + visible10).map {
                center.addObserver(forName: $0, object: nil, queue: nil) { _ in }
            }
            return Measured {
                withExtendedLifetime(others) {
                    let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
                    controller.appear()
                    controller.disappear()
                }
            }
        },
        "secondcontroller-framework": Scenario(
            summary: "7s: lifecycle 10+10 on a center where a controller of the same kind stays appeared (a second "
                + "controller: every name observed already)"
        ) { _ in
            let center = NotificationCenter()
            let resident = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
            resident.appear()
            return Measured(
                operation: {
                    let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
                    controller.appear()
                    controller.disappear()
                },
                // Keeps the resident controller for the run (the harness reads this after the loop).
                delivered: { withExtendedLifetime(resident) { deliveries.value } }
            )
        },
        "secondcontroller-raw": Scenario(summary: "7s: the same by hand") { _ in
            let center = NotificationCenter()
            let resident = HandController(center: center, lifetime: lifetime10, visible: visible10)
            resident.appear()
            return Measured(
                operation: {
                    let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
                    controller.appear()
                    controller.disappear()
                },
                // Keeps the resident controller for the run (the harness reads this after the loop).
                delivered: { withExtendedLifetime(resident) { deliveries.value } }
            )
        },
        "firstcontroller-framework": Scenario(
            summary: "5n: lifecycle 10+10, the first controller on a new center (each center made before the loop "
                + "and released after it)"
        ) { setup in
            let centers = (0..<setup.operations).map { _ in NotificationCenter() }
            var next = 0
            return Measured {
                let controller = FrameworkController(center: centers[next], lifetime: lifetime10, visible: visible10)
                next += 1
                controller.appear()
                controller.disappear()
            }
        },
        "firstcontroller-raw": Scenario(summary: "5n: the same by hand") { setup in
            let centers = (0..<setup.operations).map { _ in NotificationCenter() }
            var next = 0
            return Measured {
                let controller = HandController(center: centers[next], lifetime: lifetime10, visible: visible10)
                next += 1
                controller.appear()
                controller.disappear()
            }
        },
        "firstcontroller-release-framework": Scenario(
            summary: "5r: 5n, then the center released too (each center made before the loop, its last reference "
                + "dropped in the operation)"
        ) { setup in
            var centers: [NotificationCenter?] = (0..<setup.operations).map { _ in NotificationCenter() }
            var next = 0
            return Measured {
                guard let center = centers[next] else { fail("firstcontroller-release-framework: no center left") }
                centers[next] = nil
                next += 1
                let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
            }
        },
        "firstcontroller-release-raw": Scenario(summary: "5r: the same by hand") { setup in
            var centers: [NotificationCenter?] = (0..<setup.operations).map { _ in NotificationCenter() }
            var next = 0
            return Measured {
                guard let center = centers[next] else { fail("firstcontroller-release-raw: no center left") }
                centers[next] = nil
                next += 1
                let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
            }
        },
    ]
}

/// The OpenCombine baselines: `NotificationCenter.Publisher` + `sink`, the same work as the pairs named.
private func combineScenarios() -> [String: Scenario] {
    [
        "closure-combine": Scenario(summary: "1: OpenCombine publisher(for:) + sink, then cancel()") { _ in
            let center = NotificationCenter()
            let counter = deliveries
            var subscription: AnyCancellable?
            expectOneDelivery(
                "closure-combine",
                start: { subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 } },
                post: { center.post(name: Names.ping, object: nil) },
                stop: { subscription?.cancel() }
            )
            return Measured {
                let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
                subscription.cancel()
            }
        },
        "post-combine": Scenario(summary: "3: one post to one OpenCombine sink", deliveriesPerOperation: 1) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
            return Measured {
                postPing(on: center, keeping: subscription)
            }
        },
        "post20-combine": Scenario(
            summary: "8: one post to 20 OpenCombine sinks of one name",
            deliveriesPerOperation: 20
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subscriptions = (0..<20).map { _ in
                center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
            }
            return Measured {
                postPing(on: center, keeping: subscriptions)
            }
        },
        "appear-combine": Scenario(summary: "4/6a: appear() + disappear() of n visible OpenCombine sinks") { setup in
            let center = NotificationCenter()
            let names = Names.numbered(setup.size, prefix: "visible")
            let controller = CombineController(center: center, lifetime: [], visible: names)
            let before = controller.deliveries
            controller.appear()
            for name in names { center.post(name: name, object: nil) }
            controller.disappear()
            for name in names { center.post(name: name, object: nil) }
            let delivered = controller.deliveries - before
            if delivered != setup.size {
                fail("appear-combine: expected \(setup.size) deliveries after appear(), got \(delivered)")
            }
            return Measured {
                controller.appear()
                controller.disappear()
            }
        },
        "lifecycle-combine": Scenario(summary: "5/6b: the same with OpenCombine sinks") { setup in
            let center = NotificationCenter()
            let lifetime = Names.numbered(setup.size / 2, prefix: "lifetime")
            let visible = Names.numbered(setup.size - setup.size / 2, prefix: "visible")
            return Measured {
                let controller = CombineController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
            }
        },
        "busy-combine": Scenario(summary: "7: the same with OpenCombine sinks") { _ in
            let center = NotificationCenter()
            let others = (lifetime10 + visible10).map {
                center.addObserver(forName: $0, object: nil, queue: nil) { _ in }
            }
            return Measured {
                withExtendedLifetime(others) {
                    let controller = CombineController(center: center, lifetime: lifetime10, visible: visible10)
                    controller.appear()
                    controller.disappear()
                }
            }
        },
    ]
}

/// Pairs 9, 10 and 10b: a main-actor message info against Foundation's `addObserver(for:using:)` by hand.
/// Main-actor messages are posted on the main actor: this harness runs on the main thread. The function is not
/// `@MainActor` (its closures would then check that isolation at each call); the subject is `Sendable`, so the posts'
/// `MainActor.assumeIsolated` closures may capture it.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
private func messageScenarios() -> [String: Scenario] {
    [
        "message-framework": Scenario(summary: "9: startListening() + stopListening() of one main-actor message info") {
            _ in
            let center = NotificationCenter()
            let counter = deliveries
            let info = NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            expectOneDelivery(
                "message-framework",
                start: { info.startListening() },
                post: { MainActor.assumeIsolated { center.post(PingMainActorMessage()) } },
                stop: { info.stopListening() }
            )
            return Measured {
                info.startListening()
                info.stopListening()
            }
        },
        "message-raw": Scenario(summary: "9: addObserver(for:using:) + removeObserver(token)") { _ in
            let center = NotificationCenter()
            let counter = deliveries
            var token: NotificationCenter.ObservationToken?
            expectOneDelivery(
                "message-raw",
                start: {
                    token = center.addObserver(for: PingMainActorMessage.self) {
                        @MainActor _ in counter.value += 1
                    }
                },
                post: { MainActor.assumeIsolated { center.post(PingMainActorMessage()) } },
                stop: { if let token { center.removeObserver(token) } }
            )
            return Measured {
                let token = center.addObserver(for: PingMainActorMessage.self) {
                    @MainActor _ in counter.value += 1
                }
                center.removeObserver(token)
            }
        },
        "messagepost-framework": Scenario(
            summary: "10: one main-actor message post to one listening message info",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subject = BenchmarkSupport.MessageSubject()
            let info = NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            info.startListening()
            return Measured {
                withExtendedLifetime(info) {
                    MainActor.assumeIsolated { center.post(PingMainActorMessage(), subject: subject) }
                }
            }
        },
        "messagepost-raw": Scenario(
            summary: "10: one main-actor message post to one addObserver(for:using:) observer",
            deliveriesPerOperation: 1
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subject = BenchmarkSupport.MessageSubject()
            let token = center.addObserver(for: PingMainActorMessage.self) {
                @MainActor _ in counter.value += 1
            }
            return Measured {
                withExtendedLifetime(token) {
                    MainActor.assumeIsolated { center.post(PingMainActorMessage(), subject: subject) }
                }
            }
        },
        "messagepost20-framework": Scenario(
            summary: "10b: one main-actor message post to 20 listening message infos",
            deliveriesPerOperation: 20
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subject = BenchmarkSupport.MessageSubject()
            let infos = (0..<20).map { _ in
                NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            }
            for info in infos { info.startListening() }
            return Measured {
                withExtendedLifetime(infos) {
                    MainActor.assumeIsolated { center.post(PingMainActorMessage(), subject: subject) }
                }
            }
        },
        "messagepost20-raw": Scenario(
            summary: "10b: one main-actor message post to 20 addObserver(for:using:) observers",
            deliveriesPerOperation: 20
        ) { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let subject = BenchmarkSupport.MessageSubject()
            let tokens = (0..<20).map { _ in
                center.addObserver(for: PingMainActorMessage.self) { @MainActor _ in counter.value += 1 }
            }
            return Measured {
                withExtendedLifetime(tokens) {
                    MainActor.assumeIsolated { center.post(PingMainActorMessage(), subject: subject) }
                }
            }
        },
    ]
}
