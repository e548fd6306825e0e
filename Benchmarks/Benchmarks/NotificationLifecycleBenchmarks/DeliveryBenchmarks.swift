import Benchmark
import BenchmarkSupport
import Foundation
import NotificationLifecycle
import OpenCombine
import OpenCombineFoundation

/// Pairs 3, 3c, 8 and 8c: one post delivered to one listener's handler, or to 20.
///
/// The framework's listener is a listening closure info; the baselines are a raw token observer, an OpenCombine
/// `NotificationCenter` publisher with a sink, and Foundation's typed `MainActorMessage` and `AsyncMessage`
/// observers. Every benchmark checks after measuring that each post reached the handler exactly once.
func registerDeliveryBenchmarks() {
    mainActorBenchmark("3 post to one listener x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
        info.startListening()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        info.stopListening()
        check(benchmark, delivered: counter.value)
    }

    mainActorBenchmark("3 post to one listener x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        center.removeObserver(token)
        check(benchmark, delivered: counter.value)
    }

    mainActorBenchmark("3 post to one listener x1000 [OpenCombine sink]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        subscription.cancel()
        check(benchmark, delivered: counter.value)
    }

    // Foundation's typed messages exist from these versions on Apple platforms (on Linux, in every Swift 6.3).
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        // Typed main-actor messages are posted on the main actor and delivered synchronously there.
        mainActorBenchmark("3 post to one listener x1000 [MainActorMessage]", configuration: .micro) { benchmark in
            let center = NotificationCenter()
            let counter = Counter()
            // The runner waits for this closure while the main actor uses the benchmark: never at the same time.
            nonisolated(unsafe) let measured = benchmark
            runOnMainActor {
                let token = center.addObserver(for: PingMainActorMessage.self) { _ in counter.value += 1 }
                measured.startMeasurement()
                for _ in measured.scaledIterations {
                    center.post(PingMainActorMessage())
                }
                measured.stopMeasurement()
                center.removeObserver(token)
            }
            check(benchmark, delivered: counter.value)
        }

        // Typed async messages run their observers as tasks: the run posts 1,000 messages and ends when the observer
        // has run 1,000 times (throughput, the most favourable measure for this API).
        Benchmark("3 post to one listener x1000 [AsyncMessage]", configuration: .micro) { benchmark async in
            let center = NotificationCenter()
            let countdown = Countdown()
            let token = center.addObserver(for: PingAsyncMessage.self) { _ in countdown.tick() }
            countdown.expect(benchmark.scaledIterations.count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                center.post(PingAsyncMessage())
            }
            await countdown.wait()
            benchmark.stopMeasurement()
            center.removeObserver(token)
        }
    }

    // Pair 3c: one post to one controller's listener, declared as the README shows (`CountingController`, a
    // `ControllerBase` subclass with `addLifetimeNotificationInfo(forName:) { owner, _ in owner.count += 1 }`),
    // against a hand-written controller's `[weak self]` block observer (`HandCountingController`).
    mainActorBenchmark("3c post to one controller's listener x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let controller = CountingController(notificationCenter: center)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        check(benchmark, delivered: controller.count)
    }

    mainActorBenchmark("3c post to one controller's listener x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let controller = HandCountingController(center: center)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        check(benchmark, delivered: controller.count)
    }

    // Pair 8c: one post reaching 20 such controllers, all listening to one name.
    mainActorBenchmark("8c post to 20 controllers' listeners of one name x1000 [framework]", configuration: .micro) {
        benchmark in
        let center = NotificationCenter()
        let controllers = (0..<20).map { _ in CountingController(notificationCenter: center) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        check(benchmark, delivered: controllers.reduce(0) { $0 + $1.count } / 20)
    }

    mainActorBenchmark("8c post to 20 controllers' listeners of one name x1000 [raw]", configuration: .micro) {
        benchmark in
        let center = NotificationCenter()
        let controllers = (0..<20).map { _ in HandCountingController(center: center) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        check(benchmark, delivered: controllers.reduce(0) { $0 + $1.count } / 20)
    }

    // Pair 8: one post to 20 listeners of one name: 20 closure infos against 20 token observers.
    mainActorBenchmark("8 post to 20 listeners of one name x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let infos = (0..<20).map { _ in
            NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
        }
        for info in infos { info.startListening() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        for info in infos { info.stopListening() }
        check(benchmark, delivered: counter.value / 20)
    }

    mainActorBenchmark("8 post to 20 listeners of one name x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let tokens = (0..<20).map { _ in
            center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        for token in tokens { center.removeObserver(token) }
        check(benchmark, delivered: counter.value / 20)
    }

    mainActorBenchmark("8 post to 20 listeners of one name x1000 [OpenCombine sink]", configuration: .micro) {
        benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let subscriptions = (0..<20).map { _ in
            center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            center.post(name: Names.ping, object: nil)
        }
        benchmark.stopMeasurement()
        for subscription in subscriptions { subscription.cancel() }
        check(benchmark, delivered: counter.value / 20)
    }
}

/// Fails the benchmark unless every post of the run reached the handler once.
private func check(_ benchmark: Benchmark, delivered: Int) {
    let expected = benchmark.scaledIterations.count
    if delivered != expected {
        benchmark.error("Expected \(expected) deliveries in one run, but the handler ran \(delivered) times.")
    }
}
