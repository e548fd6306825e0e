import Benchmark

/// Every benchmark of the suite, registered for the benchmark runner. Run them with `Benchmarks/compare.sh`.
///
/// Names follow one pattern that `compare.py` reads: `<pair> <operation> [<side>]`, where the side is `framework`
/// or a baseline (`raw`, `OpenCombine sink`, …). `x1000` in a name means one measured run repeats the operation
/// 1,000 times; `n=` is the number of infos one run handles.
let benchmarks: @Sendable () -> Void = {
    registerStartStopBenchmarks()
    registerDeliveryBenchmarks()
    registerMessageBenchmarks()
    registerControllerBenchmarks()
    registerScalingBenchmarks()
}
