// Runs one benchmark's measured operation many times in a plain process, so that valgrind can count its
// instructions repeatably. Only `measuredLoop` is meant to be counted:
//
//   swift build -c release --package-path Benchmarks --product NotificationLifecycleProfile
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredLoop*' \
//       Benchmarks/.build/release/NotificationLifecycleProfile closure-framework 10000
//
// Divide the total by the repetitions for instructions per operation (`Benchmarks/profile.sh` does all this).
// The scenarios are in `Scenarios.swift`, out of top-level code (see there why); they mirror the benchmarks of the
// same pair: run `NotificationLifecycleProfile` without arguments for the list.

import BenchmarkSupport
import Foundation
import NotificationLifecycle

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
switch arguments.first {
case "interleaved":
    runInterleaved(Array(arguments.dropFirst()))
    exit(0)
case "remove":
    runRemove(Array(arguments.dropFirst()))
    exit(0)
case "memory-classes-framework", "memory-classes-raw":
    runMemoryClasses(framework: arguments.first == "memory-classes-framework")
    exit(0)
default:
    break
}
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
let scenarios = allScenarios()
guard let name = arguments.first, let scenario = scenarios[name] else {
    print("usage: NotificationLifecycleProfile <scenario> [repetitions=10000] [n=20]")
    print("       NotificationLifecycleProfile memory-framework|memory-raw|memory-combine [controllers=10000]")
    print("       NotificationLifecycleProfile memory-classes-framework|memory-classes-raw")
    print("       NotificationLifecycleProfile interleaved [--rounds N] [PAIR ...]")
    print("       NotificationLifecycleProfile remove [rounds=7]")
    for (name, scenario) in scenarios.sorted(by: { $0.key < $1.key }) {
        print("  \(name): \(scenario.summary)")
    }
    exit(2)
}
let repetitions = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let size = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20
let measured = scenario.make(Setup(size: size, operations: repetitions + 1))
let deliveredBefore = measured.delivered()
measured.operation()
let start = ContinuousClock.now
measuredLoop(repetitions, measured.operation)
let elapsed = ContinuousClock.now - start
if let perOperation = scenario.deliveriesPerOperation {
    let expected = perOperation * (repetitions + 1)
    if measured.delivered() - deliveredBefore != expected {
        fail("\(name): expected \(expected) handler calls, got \(measured.delivered() - deliveredBefore)")
    }
}
print("\(name) n=\(size): \(repetitions) repetitions in \(elapsed)")
