// Runs one benchmark's measured operation many times in a plain process, so that valgrind can count its
// instructions repeatably. Only `measuredLoop` is meant to be counted:
//
//   swift build -c release --package-path Benchmarks --product NotificationLifecycleProfile
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
//       Benchmarks/.build/release/NotificationLifecycleProfile closure-framework 10000
//
// Divide the total by the repetitions for instructions per operation. Scenarios mirror the benchmarks of the same
// pair: run `NotificationLifecycleProfile` without arguments for the list.

import BenchmarkSupport
import Foundation
import NotificationLifecycle
import OpenCombine
import OpenCombineFoundation

/// One scenario: made once, then its operation runs `repetitions` times inside `measuredLoop`.
struct Scenario {
    let summary: String
    /// The handler calls one operation makes, counted on ``deliveries`` and checked after the run; `nil` for
    /// scenarios that do not count.
    var deliveriesPerOperation: Int? = nil
    let make: (_ size: Int) -> () -> Void
}

/// The counter of the scenarios that check their deliveries, so that a side that stops delivering fails the run.
let deliveries = Counter()

/// Exits with a message on standard error: profile.sh shows it and stops.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NotificationLifecycleProfile: \(message)\n".utf8))
    exit(1)
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

let visible20 = Names.numbered(20, prefix: "visible")
let lifetime10 = Names.numbered(10, prefix: "lifetime")
let visible10 = Names.numbered(10, prefix: "visible")

var scenarios: [String: Scenario] = [
    "closure-framework": Scenario(summary: "1: start+stop one closure info") { _ in
        let info = NotificationInfo(name: Names.ping, center: NotificationCenter()) { _ in }
        return {
            info.startListening()
            info.stopListening()
        }
    },
    "closure-raw": Scenario(summary: "1: addObserver + removeObserver(token)") { _ in
        let center = NotificationCenter()
        return {
            let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in }
            center.removeObserver(token)
        }
    },
    "selector-framework": Scenario(summary: "2: start+stop one selector info") { _ in
        let observer = SelectorObserver()
        let info = NotificationInfo(
            observer: observer,
            selector: "didPing:",
            name: Names.ping,
            center: NotificationCenter()
        )
        return {
            withExtendedLifetime(observer) {
                info.startListening()
                info.stopListening()
            }
        }
    },
    "selector-raw": Scenario(summary: "2: addObserver with a block holding the observer weakly + removeObserver") { _ in
        let center = NotificationCenter()
        let observer = SelectorObserver()
        return {
            let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak observer] note in
                observer?.didPing(note)
            }
            center.removeObserver(token)
        }
    },
    "post-framework": Scenario(summary: "3: one post to one listening closure info") { _ in
        let center = NotificationCenter()
        let counter = Counter()
        let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
        info.startListening()
        return {
            withExtendedLifetime(info) { center.post(name: Names.ping, object: nil) }
        }
    },
    "post-raw": Scenario(summary: "3: one post to one token observer") { _ in
        let center = NotificationCenter()
        let counter = Counter()
        let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
        return {
            withExtendedLifetime(token) { center.post(name: Names.ping, object: nil) }
        }
    },
    "post20-framework": Scenario(summary: "8: one post to 20 listening closure infos of one name") { _ in
        let center = NotificationCenter()
        let counter = Counter()
        let infos = (0..<20).map { _ in NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 } }
        for info in infos { info.startListening() }
        return {
            withExtendedLifetime(infos) { center.post(name: Names.ping, object: nil) }
        }
    },
    "post20-raw": Scenario(summary: "8: one post to 20 token observers of one name") { _ in
        let center = NotificationCenter()
        let counter = Counter()
        let tokens = (0..<20).map { _ in
            center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
        }
        return {
            withExtendedLifetime(tokens) { center.post(name: Names.ping, object: nil) }
        }
    },
    "appear-framework": Scenario(summary: "4/6a: appear+disappear, n visible infos (default 20)") { size in
        let controller = FrameworkController(
            center: NotificationCenter(),
            lifetime: [],
            visible: Names.numbered(size, prefix: "visible")
        )
        return {
            controller.appear()
            controller.disappear()
        }
    },
    "appear-raw": Scenario(summary: "4/6a: n adds + n removes by hand (default 20)") { size in
        let controller = HandController(
            center: NotificationCenter(),
            lifetime: [],
            visible: Names.numbered(size, prefix: "visible")
        )
        return {
            controller.appear()
            controller.disappear()
        }
    },
    "lifecycle-framework": Scenario(summary: "5/6b: create, appear, disappear, release; n/2+n/2 infos") { size in
        let center = NotificationCenter()
        let lifetime = Names.numbered(size / 2, prefix: "lifetime")
        let visible = Names.numbered(size - size / 2, prefix: "visible")
        return {
            let controller = FrameworkController(center: center, lifetime: lifetime, visible: visible)
            controller.appear()
            controller.disappear()
        }
    },
    "busy-framework": Scenario(summary: "7: lifecycle 10+10 on a center where every name has an observer") { _ in
        let center = NotificationCenter()
        let others = (lifetime10 + visible10).map { center.addObserver(forName: $0, object: nil, queue: nil) { _ in } }
        return {
            withExtendedLifetime(others) {
                let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
            }
        }
    },
    "busy-raw": Scenario(summary: "7: the same by hand") { _ in
        let center = NotificationCenter()
        let others = (lifetime10 + visible10).map { center.addObserver(forName: $0, object: nil, queue: nil) { _ in } }
        return {
            withExtendedLifetime(others) {
                let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
            }
        }
    },
    "lifecycle-raw": Scenario(summary: "5/6b: the same by hand") { size in
        let center = NotificationCenter()
        let lifetime = Names.numbered(size / 2, prefix: "lifetime")
        let visible = Names.numbered(size - size / 2, prefix: "visible")
        return {
            let controller = HandController(center: center, lifetime: lifetime, visible: visible)
            controller.appear()
            controller.disappear()
        }
    },
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
        return {
            let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
            subscription.cancel()
        }
    },
    "post-combine": Scenario(summary: "3: one post to one OpenCombine sink", deliveriesPerOperation: 1) { _ in
        let center = NotificationCenter()
        let counter = deliveries
        let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
        return {
            withExtendedLifetime(subscription) { center.post(name: Names.ping, object: nil) }
        }
    },
    "post20-combine": Scenario(summary: "8: one post to 20 OpenCombine sinks of one name", deliveriesPerOperation: 20) {
        _ in
        let center = NotificationCenter()
        let counter = deliveries
        let subscriptions = (0..<20).map { _ in
            center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
        }
        return {
            withExtendedLifetime(subscriptions) { center.post(name: Names.ping, object: nil) }
        }
    },
    "appear-combine": Scenario(summary: "4/6a: appear+disappear, n visible OpenCombine sinks (default 20)") { size in
        let center = NotificationCenter()
        let names = Names.numbered(size, prefix: "visible")
        let controller = CombineController(center: center, lifetime: [], visible: names)
        let before = controller.deliveries
        controller.appear()
        for name in names { center.post(name: name, object: nil) }
        controller.disappear()
        for name in names { center.post(name: name, object: nil) }
        if controller.deliveries - before != size {
            fail("appear-combine: expected \(size) deliveries after appear(), got \(controller.deliveries - before)")
        }
        return {
            controller.appear()
            controller.disappear()
        }
    },
    "lifecycle-combine": Scenario(summary: "5/6b: the same with OpenCombine sinks") { size in
        let center = NotificationCenter()
        let lifetime = Names.numbered(size / 2, prefix: "lifetime")
        let visible = Names.numbered(size - size / 2, prefix: "visible")
        return {
            let controller = CombineController(center: center, lifetime: lifetime, visible: visible)
            controller.appear()
            controller.disappear()
        }
    },
    "busy-combine": Scenario(summary: "7: the same with OpenCombine sinks") { _ in
        let center = NotificationCenter()
        let others = (lifetime10 + visible10).map { center.addObserver(forName: $0, object: nil, queue: nil) { _ in } }
        return {
            withExtendedLifetime(others) {
                let controller = CombineController(center: center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
            }
        }
    },
]
if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    scenarios.merge(messageScenarios()) { notification, _ in notification }
}

/// Typed messages: a main-actor message info against Foundation's `addObserver(of:for:using:)` by hand. Main-actor
/// messages are posted on the main actor: this harness runs on the main thread, as the top-level code that calls this.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
@MainActor
func messageScenarios() -> [String: Scenario] {
    [
        "message-framework": Scenario(summary: "9: start+stop one main-actor message info") { _ in
            let center = NotificationCenter()
            let counter = deliveries
            let info = NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            expectOneDelivery(
                "message-framework",
                start: { info.startListening() },
                post: { MainActor.assumeIsolated { center.post(PingMainActorMessage()) } },
                stop: { info.stopListening() }
            )
            return {
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
            return {
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
            return {
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
            return {
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
            return {
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
            return {
                withExtendedLifetime(tokens) {
                    MainActor.assumeIsolated { center.post(PingMainActorMessage(), subject: subject) }
                }
            }
        },
    ]
}

/// The part callgrind counts (`--toggle-collect='*measuredLoop*'`).
@inline(never)
func measuredLoop(_ repetitions: Int, _ operation: () -> Void) {
    for _ in 0..<repetitions {
        operation()
    }
}

/// Resident bytes held per info by `count` live controllers of 10 lifetime + 10 visible infos, all appeared, on one
/// center: the process's resident set (`/proc/self/statm`) after making them, less before. Unlike the scaling
/// benchmark's peak, it counts neither the runner nor memory freed before the measurement.
func residentBytesPerInfo(count: Int, make: (NotificationCenter) -> AnyObject) -> Double? {
    func resident() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    let center = NotificationCenter()
    // One controller first, so that the center's tables and the package's per-center state exist before counting.
    let warm = make(center)
    guard let before = resident() else { return nil }
    let controllers = (0..<count).map { _ in make(center) }
    guard let after = resident() else { return nil }
    withExtendedLifetime((warm, controllers)) {}
    return Double(after - before) / Double(count * 20)
}

let arguments = CommandLine.arguments.dropFirst()
if let name = arguments.first, ["memory-framework", "memory-raw", "memory-combine"].contains(name) {
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
    let bytes = residentBytesPerInfo(count: count) { center in
        switch name {
        case "memory-framework":
            let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
            controller.appear()
            return controller
        case "memory-combine":
            let controller = CombineController(center: center, lifetime: lifetime10, visible: visible10)
            controller.appear()
            return controller
        default:
            let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
            controller.appear()
            return controller
        }
    }
    guard let bytes else {
        print("\(name): /proc/self/statm is not readable here")
        exit(1)
    }
    print("\(name): \(count) controllers x 20 infos, \(Int(bytes.rounded())) resident bytes per info")
    exit(0)
}
guard let name = arguments.first, let scenario = scenarios[name] else {
    print("usage: NotificationLifecycleProfile <scenario> [repetitions=10000] [n=20]")
    print("       NotificationLifecycleProfile memory-framework|memory-raw|memory-combine [controllers=10000]")
    for (name, scenario) in scenarios.sorted(by: { $0.key < $1.key }) {
        print("  \(name): \(scenario.summary)")
    }
    exit(2)
}
let repetitions = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let size = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20
let operation = scenario.make(size)
let deliveredBefore = deliveries.value
operation()
let start = ContinuousClock.now
measuredLoop(repetitions, operation)
let elapsed = ContinuousClock.now - start
if let perOperation = scenario.deliveriesPerOperation {
    let expected = perOperation * (repetitions + 1)
    if deliveries.value - deliveredBefore != expected {
        fail("\(name): expected \(expected) handler calls, got \(deliveries.value - deliveredBefore)")
    }
}
print("\(name) n=\(size): \(repetitions) repetitions in \(elapsed)")
