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

/// One scenario: made once, then its operation runs `repetitions` times inside `measuredLoop`.
struct Scenario {
    let summary: String
    let make: (_ size: Int) -> () -> Void
}

let visible20 = Names.numbered(20, prefix: "visible")
let lifetime10 = Names.numbered(10, prefix: "lifetime")
let visible10 = Names.numbered(10, prefix: "visible")

let scenarios: [String: Scenario] = [
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
]

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
if let name = arguments.first, name == "memory-framework" || name == "memory-raw" {
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
    let bytes = residentBytesPerInfo(count: count) { center in
        if name == "memory-framework" {
            let controller = FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
            controller.appear()
            return controller
        }
        let controller = HandController(center: center, lifetime: lifetime10, visible: visible10)
        controller.appear()
        return controller
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
    print("       NotificationLifecycleProfile memory-framework|memory-raw [controllers=10000]")
    for (name, scenario) in scenarios.sorted(by: { $0.key < $1.key }) {
        print("  \(name): \(scenario.summary)")
    }
    exit(2)
}
let repetitions = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
let size = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20
let operation = scenario.make(size)
operation()
let start = ContinuousClock.now
measuredLoop(repetitions, operation)
let elapsed = ContinuousClock.now - start
print("\(name) n=\(size): \(repetitions) repetitions in \(elapsed)")
