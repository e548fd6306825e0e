import Benchmark
import BenchmarkSupport
import Foundation
import NotificationLifecycle

/// The sizes of the scaling benchmarks: infos on one controller.
let scalingSizes = [10, 100, 1_000, 10_000]

/// How many other live controllers share the center in the loaded benchmarks.
let liveControllerCount = 10_000

/// Benchmark 6: pairs 4 and 5 at growing sizes, and on a center shared with 10,000 live controllers.
///
/// Names carry `n=`, the number of infos one run handles, so that the figures can be read per info. Each benchmark
/// has a raw twin doing the same by hand.
func registerScalingBenchmarks() {
    for size in scalingSizes {
        let visible = Names.numbered(size, prefix: "visible")
        let lifetimeHalf = Names.numbered(size / 2, prefix: "lifetime")
        let visibleHalf = Names.numbered(size - size / 2, prefix: "visible")

        mainActorBenchmark("6a appear+disappear n=\(size) [framework]", configuration: .scaling) { benchmark in
            let controller = FrameworkController(center: NotificationCenter(), lifetime: [], visible: visible)
            benchmark.startMeasurement()
            controller.appear()
            controller.disappear()
            benchmark.stopMeasurement()
            blackHole(controller)
        }

        mainActorBenchmark("6a appear+disappear n=\(size) [raw]", configuration: .scaling) { benchmark in
            let controller = HandController(center: NotificationCenter(), lifetime: [], visible: visible)
            benchmark.startMeasurement()
            controller.appear()
            controller.disappear()
            benchmark.stopMeasurement()
            blackHole(controller)
        }

        mainActorBenchmark("6b create+appear+disappear+release n=\(size) [framework]", configuration: .scaling) {
            benchmark in
            let center = NotificationCenter()
            benchmark.startMeasurement()
            do {
                let controller = FrameworkController(center: center, lifetime: lifetimeHalf, visible: visibleHalf)
                controller.appear()
                controller.disappear()
                blackHole(controller)
            }
            benchmark.stopMeasurement()
        }

        mainActorBenchmark("6b create+appear+disappear+release n=\(size) [raw]", configuration: .scaling) { benchmark in
            let center = NotificationCenter()
            benchmark.startMeasurement()
            do {
                let controller = HandController(center: center, lifetime: lifetimeHalf, visible: visibleHalf)
                controller.appear()
                controller.disappear()
                blackHole(controller)
            }
            benchmark.stopMeasurement()
        }
    }
    registerLoadedCenterBenchmarks()
}

/// Pairs 4 and 5 (20 infos) on a center where 10,000 other controllers of the same kind live and appear, all
/// listening for the same 20 names: 200,000 infos, every one registered.
private func registerLoadedCenterBenchmarks() {
    let visible20 = Names.numbered(20, prefix: "visible")
    let lifetime10 = Names.numbered(10, prefix: "lifetime")
    let visible10 = Names.numbered(10, prefix: "visible")
    let loaded = "with \(liveControllerCount) live controllers"

    let frameworkCenter = LoadedCenter { center in
        let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
        controller.appear()
        return controller
    }
    let rawCenter = LoadedCenter { center in
        let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
        controller.appear()
        return controller
    }

    mainActorBenchmark(
        "6c appear+disappear n=20 \(loaded) [framework]",
        configuration: .scaling,
        closure: { benchmark in
            let controller = FrameworkController(center: frameworkCenter.center, lifetime: [], visible: visible20)
            benchmark.startMeasurement()
            controller.appear()
            controller.disappear()
            benchmark.stopMeasurement()
            blackHole(controller)
        },
        setup: { frameworkCenter.fill() },
        teardown: { frameworkCenter.empty() }
    )

    mainActorBenchmark(
        "6c appear+disappear n=20 \(loaded) [raw]",
        configuration: .scaling,
        closure: { benchmark in
            let controller = HandController(center: rawCenter.center, lifetime: [], visible: visible20)
            benchmark.startMeasurement()
            controller.appear()
            controller.disappear()
            benchmark.stopMeasurement()
            blackHole(controller)
        },
        setup: { rawCenter.fill() },
        teardown: { rawCenter.empty() }
    )

    mainActorBenchmark(
        "6d create+appear+disappear+release n=20 \(loaded) [framework]",
        configuration: .scaling,
        closure: { benchmark in
            benchmark.startMeasurement()
            do {
                let controller = FrameworkController(
                    center: frameworkCenter.center,
                    lifetime: lifetime10,
                    visible: visible10
                )
                controller.appear()
                controller.disappear()
                blackHole(controller)
            }
            benchmark.stopMeasurement()
        },
        setup: { frameworkCenter.fill() },
        teardown: { frameworkCenter.empty() }
    )

    mainActorBenchmark(
        "6d create+appear+disappear+release n=20 \(loaded) [raw]",
        configuration: .scaling,
        closure: { benchmark in
            benchmark.startMeasurement()
            do {
                let controller = HandController(center: rawCenter.center, lifetime: lifetime10, visible: visible10)
                controller.appear()
                controller.disappear()
                blackHole(controller)
            }
            benchmark.stopMeasurement()
        },
        setup: { rawCenter.fill() },
        teardown: { rawCenter.empty() }
    )
}

/// A center and the live controllers that load it, made in a benchmark's setup (outside the measurement).
///
/// `@unchecked Sendable`: the benchmark runner calls setup, the measured closure and teardown one after another.
@MainActor
final class LoadedCenter {
    let center = NotificationCenter()
    private let make: @MainActor (NotificationCenter) -> AnyObject
    private var controllers: [AnyObject] = []

    nonisolated init(make: @escaping @MainActor (NotificationCenter) -> AnyObject) {
        self.make = make
    }

    /// Makes the live controllers.
    func fill() {
        controllers = (0..<liveControllerCount).map { _ in make(center) }
    }

    /// Releases them.
    func empty() {
        controllers = []
    }
}
