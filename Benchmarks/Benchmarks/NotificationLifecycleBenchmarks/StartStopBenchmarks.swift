import Benchmark
import BenchmarkSupport
import Foundation
import NotificationLifecycle
import OpenCombine
import OpenCombineFoundation

/// Pairs 1 and 2: one registration started and stopped, by an info, by hand, and (pair 1) by an OpenCombine sink.
///
/// The info is made before the measurement: the pair measures starting and stopping, not making the info. Before
/// measuring, each benchmark checks that what it starts really delivers, and after, that it was left stopped.
func registerStartStopBenchmarks() {
    Benchmark("1 closure start+stop x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        let info = NotificationInfo(name: Names.ping, center: center) { _ in counter.value += 1 }
        let check = RegistrationCheck(benchmark, center: center) { counter.value }
        check.expectDelivery(start: { info.startListening() }, stop: { info.stopListening() })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            info.startListening()
            info.stopListening()
        }
        benchmark.stopMeasurement()
        check.expectSilence()
    }

    Benchmark("1 closure start+stop x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        var token: (any NSObjectProtocol)?
        let start = {
            token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
        }
        let stop = { if let token { center.removeObserver(token) } }
        let check = RegistrationCheck(benchmark, center: center) { counter.value }
        check.expectDelivery(start: start, stop: stop)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { _ in counter.value += 1 }
            center.removeObserver(token)
        }
        benchmark.stopMeasurement()
        check.expectSilence()
    }

    // OpenCombine: a `NotificationCenter` publisher's sink subscribed, then cancelled.
    Benchmark("1 closure start+stop x1000 [OpenCombine sink]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let counter = Counter()
        var subscription: AnyCancellable?
        let start = { subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 } }
        let stop: () -> Void = { subscription?.cancel() }
        let check = RegistrationCheck(benchmark, center: center) { counter.value }
        check.expectDelivery(start: start, stop: stop)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let subscription = center.ocombine.publisher(for: Names.ping).sink { _ in counter.value += 1 }
            subscription.cancel()
        }
        benchmark.stopMeasurement()
        check.expectSilence()
    }

    Benchmark("2 selector start+stop x1000 [framework]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let observer = SelectorObserver()
        let info = NotificationInfo(observer: observer, selector: "didPing:", name: Names.ping, center: center)
        let check = RegistrationCheck(benchmark, center: center) { observer.deliveries }
        check.expectDelivery(start: { info.startListening() }, stop: { info.stopListening() })
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            info.startListening()
            info.stopListening()
        }
        benchmark.stopMeasurement()
        check.expectSilence()
    }

    // By hand, a selector-style observer is a block that holds the observer weakly and calls its method.
    Benchmark("2 selector start+stop x1000 [raw]", configuration: .micro) { benchmark in
        let center = NotificationCenter()
        let observer = SelectorObserver()
        var token: (any NSObjectProtocol)?
        let start = {
            token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak observer] note in
                observer?.didPing(note)
            }
        }
        let stop = { if let token { center.removeObserver(token) } }
        let check = RegistrationCheck(benchmark, center: center) { observer.deliveries }
        check.expectDelivery(start: start, stop: stop)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak observer] note in
                observer?.didPing(note)
            }
            center.removeObserver(token)
        }
        benchmark.stopMeasurement()
        check.expectSilence()
    }
}

/// Checks, outside the measurement, that a registration delivers while started and not once stopped, so that a
/// benchmark cannot pass while measuring a registration that does nothing.
struct RegistrationCheck {
    private let benchmark: Benchmark
    private let center: NotificationCenter
    private let deliveries: () -> Int

    init(_ benchmark: Benchmark, center: NotificationCenter, deliveries: @escaping () -> Int) {
        self.benchmark = benchmark
        self.center = center
        self.deliveries = deliveries
    }

    /// Starts, posts once, expects one delivery, and stops again.
    func expectDelivery(start: () -> Void, stop: () -> Void) {
        let before = deliveries()
        start()
        center.post(name: Names.ping, object: nil)
        stop()
        if deliveries() - before != 1 {
            benchmark.error("Expected 1 delivery while started, but got \(deliveries() - before).")
        }
    }

    /// Posts once (everything is stopped) and expects no delivery.
    func expectSilence() {
        let before = deliveries()
        center.post(name: Names.ping, object: nil)
        if deliveries() != before {
            benchmark.error("Expected no delivery once stopped, but got \(deliveries() - before).")
        }
    }
}
