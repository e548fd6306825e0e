import Benchmark
import BenchmarkSupport
import Foundation
import NotificationLifecycle

/// Pairs 9 and 10: a main-actor message info (`NotificationInfo(for: PingMainActorMessage.self, …)`) against
/// Foundation's `addObserver(for:using:)` by hand: start + stop, and one post to one listener. Main-actor messages are
/// posted on the main actor: each benchmark runs its measurement there (`runOnMainActor`), on both sides alike.
/// Foundation's typed messages exist from these versions on Apple platforms (on Linux, in every Swift 6.3).
func registerMessageBenchmarks() {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        registerAvailableMessageBenchmarks()
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
private func registerAvailableMessageBenchmarks() {
    Benchmark("9 message start+stop x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        // The runner waits for this closure while the main actor uses the benchmark: never at the same time.
        nonisolated(unsafe) let measured = benchmark
        runOnMainActor {
            let info = NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            info.startListening()
            center.post(PingMainActorMessage())
            info.stopListening()
            measured.startMeasurement()
            for _ in measured.scaledIterations {
                info.startListening()
                info.stopListening()
            }
            measured.stopMeasurement()
            center.post(PingMainActorMessage())
        }
        if counter.value != 1 {
            benchmark.error("Expected 1 delivery while started and none once stopped, but got \(counter.value).")
        }
    }

    Benchmark("9 message start+stop x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        nonisolated(unsafe) let measured = benchmark
        runOnMainActor {
            let token = center.addObserver(for: PingMainActorMessage.self) { _ in counter.value += 1 }
            center.post(PingMainActorMessage())
            center.removeObserver(token)
            measured.startMeasurement()
            for _ in measured.scaledIterations {
                let token = center.addObserver(for: PingMainActorMessage.self) { _ in counter.value += 1 }
                center.removeObserver(token)
            }
            measured.stopMeasurement()
            center.post(PingMainActorMessage())
        }
        if counter.value != 1 {
            benchmark.error("Expected 1 delivery while started and none once stopped, but got \(counter.value).")
        }
    }

    Benchmark("10 message post to one listener x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        nonisolated(unsafe) let measured = benchmark
        runOnMainActor {
            let info = NotificationInfo(for: PingMainActorMessage.self, center: center) { _ in counter.value += 1 }
            info.startListening()
            measured.startMeasurement()
            for _ in measured.scaledIterations {
                center.post(PingMainActorMessage())
            }
            measured.stopMeasurement()
            info.stopListening()
        }
        if counter.value != benchmark.scaledIterations.count {
            benchmark.error("Expected \(benchmark.scaledIterations.count) deliveries, but got \(counter.value).")
        }
    }

    Benchmark("10 message post to one listener x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
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
        if counter.value != benchmark.scaledIterations.count {
            benchmark.error("Expected \(benchmark.scaledIterations.count) deliveries, but got \(counter.value).")
        }
    }
}
