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
