import Benchmark

extension Benchmark.Configuration {
    /// One measured run repeats a small operation 1,000 times (names say `x1000`); time and mallocs.
    static var micro: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 2_000
        )
    }

    /// One measured run is one operation on a whole controller; time and mallocs.
    static var macro: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            warmupIterations: 10,
            scalingFactor: .one,
            maxDuration: .seconds(2),
            maxIterations: 20_000
        )
    }

    /// The scaling benchmarks: time, mallocs and the peak resident memory of the process.
    static var scaling: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .seconds(2),
            maxIterations: 20_000
        )
    }
}

/// Registers a benchmark whose body runs on the main actor, where a `ControllerBase` (main-actor) is made and driven.
///
/// The runner calls benchmark bodies on its own task; the hop to the main actor happens before the body's explicit
/// `startMeasurement()`, so it is not measured. Both sides of a pair are registered this way, so that they run alike.
func mainActorBenchmark(
    _ name: String,
    configuration: Benchmark.Configuration,
    closure body: @escaping @MainActor (Benchmark) -> Void,
    setup: (@MainActor () -> Void)? = nil,
    teardown: (@MainActor () -> Void)? = nil
) {
    Benchmark(
        name,
        configuration: configuration,
        closure: { benchmark in
            // The runner does not touch the benchmark while its closure runs, which is the whole of this hop.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run { body(benchmark) }
        },
        setup: setup.map { setup in { await setup() } },
        teardown: teardown.map { teardown in { await teardown() } }
    )
}
