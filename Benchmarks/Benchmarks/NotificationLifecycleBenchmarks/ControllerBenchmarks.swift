import Benchmark
import BenchmarkSupport
import Foundation
import NotificationLifecycle

/// Pairs 4, 5 and 7: a whole controller, by ``ControllerBase``, by hand (``HandController``) and with OpenCombine
/// sinks (``CombineController``).
func registerControllerBenchmarks() {
    let visible20 = Names.numbered(20, prefix: "visible")
    let lifetime10 = Names.numbered(10, prefix: "lifetime")
    let visible10 = Names.numbered(10, prefix: "visible")

    mainActorBenchmark("4 appear+disappear 20 visible [framework]", configuration: .macro) { benchmark in
        let center = NotificationCenter()
        let controller = FrameworkController(center: center, lifetime: [], visible: visible20)
        let checker = DeliveryChecker(benchmark, center: center, names: visible20) { controller.deliveries }
        checker.expectDelivery(appear: { controller.appear() }, disappear: { controller.disappear() })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            controller.appear()
            controller.disappear()
        }
        benchmark.stopMeasurement()
        checker.expectSilence()
    }

    mainActorBenchmark("4 appear+disappear 20 visible [raw]", configuration: .macro) { benchmark in
        let center = NotificationCenter()
        let controller = HandController(center: center, lifetime: [], visible: visible20)
        let checker = DeliveryChecker(benchmark, center: center, names: visible20) { controller.deliveries }
        checker.expectDelivery(appear: { controller.appear() }, disappear: { controller.disappear() })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            controller.appear()
            controller.disappear()
        }
        benchmark.stopMeasurement()
        checker.expectSilence()
    }

    mainActorBenchmark("4 appear+disappear 20 visible [OpenCombine sink]", configuration: .macro) { benchmark in
        let center = NotificationCenter()
        let controller = CombineController(center: center, lifetime: [], visible: visible20)
        let checker = DeliveryChecker(benchmark, center: center, names: visible20) { controller.deliveries }
        checker.expectDelivery(appear: { controller.appear() }, disappear: { controller.disappear() })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            controller.appear()
            controller.disappear()
        }
        benchmark.stopMeasurement()
        checker.expectSilence()
    }

    registerControllerLifeBenchmarks(lifetime: lifetime10, visible: visible10)
}

/// Pairs 5 and 7, 5n and 5r: a controller's whole life, on each side.
///
/// Pairs 5 and 7 use one center for every run of a benchmark, as an app uses `.default` for all its controllers:
/// what they measure is a controller's life on a center that has seen controllers before, like the profiling
/// harness's `lifecycle-*` and `busy-*` scenarios. Pair 5n makes a new center for every run, so it measures the
/// first controller a center ever sees: there the framework also pays the center's first registration of each name.
/// Pair 5r is 5n with the center released inside the measurement (the center itself is made before it).
private func registerControllerLifeBenchmarks(lifetime: [Notification.Name], visible: [Notification.Name]) {
    typealias MakeController = @MainActor (NotificationCenter) -> AnyObject
    let sides: [(side: String, make: MakeController)] = [
        (
            "framework",
            { center in
                let controller = FrameworkController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
                return controller
            }
        ),
        (
            "raw",
            { center in
                let controller = HandController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
                return controller
            }
        ),
        (
            "OpenCombine sink",
            { center in
                let controller = CombineController(center: center, lifetime: lifetime, visible: visible)
                controller.appear()
                controller.disappear()
                return controller
            }
        ),
    ]
    for (side, make) in sides {
        let sharedCenter = NotificationCenter()
        // Pair 7's center: every name the controller uses also has an observer of its own.
        let busyCenter = NotificationCenter()
        nonisolated(unsafe) let others = observe(lifetime + visible, on: busyCenter)  // only kept alive
        let variants: [(name: String, center: @Sendable () -> NotificationCenter)] = [
            ("5 create+appear+disappear+release 10+10", { sharedCenter }),
            ("7 create+appear+disappear+release 10+10 busy center", { busyCenter }),
            ("5n create+appear+disappear+release 10+10 new center", { NotificationCenter() }),
        ]
        for (name, makeCenter) in variants {
            mainActorBenchmark("\(name) [\(side)]", configuration: .macro) { benchmark in
                let center = makeCenter()
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(make(center))
                }
                benchmark.stopMeasurement()
                blackHole(others)
            }
        }
        // Pair 5r: pair 5n, and the center's release (its last reference dropped inside the measurement).
        mainActorBenchmark(
            "5r create+appear+disappear+release 10+10 new center, then the center released [\(side)]",
            configuration: .macro
        ) { benchmark in
            var center: NotificationCenter? = NotificationCenter()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(make(center!))
            }
            center = nil
            benchmark.stopMeasurement()
        }
    }
}

/// One observer of its own for each name, added by hand: what an app's other code has on a center.
private func observe(_ names: [Notification.Name], on center: NotificationCenter) -> [any NSObjectProtocol] {
    names.map { name in center.addObserver(forName: name, object: nil, queue: nil) { _ in } }
}

/// Checks, outside the measurement, that a controller's visible listeners deliver while it appears and stop
/// delivering when it disappears, so that a benchmark cannot pass while measuring a controller that does nothing.
struct DeliveryChecker {
    private let benchmark: Benchmark
    private let center: NotificationCenter
    private let names: [Notification.Name]
    private let deliveries: () -> Int

    init(
        _ benchmark: Benchmark,
        center: NotificationCenter,
        names: [Notification.Name],
        deliveries: @escaping () -> Int
    ) {
        self.benchmark = benchmark
        self.center = center
        self.names = names
        self.deliveries = deliveries
    }

    /// Appears, posts every name once, expects one delivery per name, and disappears again.
    func expectDelivery(appear: () -> Void, disappear: () -> Void) {
        let before = deliveries()
        appear()
        postAll()
        disappear()
        if deliveries() - before != names.count {
            benchmark.error("Expected \(names.count) deliveries after appear(), but got \(deliveries() - before).")
        }
    }

    /// Posts every name once (the controller has disappeared) and expects no delivery.
    func expectSilence() {
        let before = deliveries()
        postAll()
        if deliveries() != before {
            benchmark.error("Expected no delivery after disappear(), but got \(deliveries() - before).")
        }
    }

    private func postAll() {
        for name in names {
            center.post(name: name, object: nil)
        }
    }
}
