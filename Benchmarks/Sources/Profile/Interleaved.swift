// Wall-clock pairs timed in one process: the package's round, then the by-hand round, alternating, for many rounds;
// each side's figure is the median of its rounds' time per operation, and a pair's figure the ratio of the medians.
// Interleaving puts both sides under the same load on a shared machine, which separate runs do not (wall-clock moves
// by 10 % from one run to the next here). Every round checks that its side's handlers ran, and the run fails
// otherwise.
//
//   Benchmarks/.build/release/NotificationLifecycleProfile interleaved [--rounds N] [PAIR ...]

import BenchmarkSupport
import Foundation
import NotificationLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A round of one side: `run` is timed whole, `check` runs after the clock stops.
struct Round {
    /// The round's operations, timed whole.
    let run: @MainActor () -> Void
    /// Answers what went wrong (a handler that did not run, a registration that stayed), or `nil`.
    let check: @MainActor () -> String?
}

/// One side of a pair.
struct Side {
    let label: String
    /// Makes a round of `operations` operations: what it needs is made here, untimed.
    let makeRound: @MainActor (_ operations: Int) -> Round
}

/// A pair: the package's side and one or more by-hand sides, each compared with the package's.
struct InterleavedPair {
    let name: String
    let summary: String
    /// Operations per round: enough for a round to last some milliseconds.
    let operations: Int
    let framework: Side
    let byHand: [Side]
}

/// The controller's life both sides go through in the controller pairs: made, appeared, disappeared, released.
/// Both sides are called through it, so both pay the same witness calls. (`ControllerBase`'s `appear()` and
/// `disappear()` take default arguments, which a protocol requirement cannot name.)
@MainActor
protocol LifeController: AnyObject {
    var deliveries: Int { get }
    func appearNow()
    func disappearNow()
}

extension FrameworkController: LifeController {
    func appearNow() { appear() }
    func disappearNow() { disappear() }
}

extension HandController: LifeController {
    func appearNow() { appear() }
    func disappearNow() { disappear() }
}

/// Checks a controller's life outside the clock, the same way as the timed operations make it, with a post of each
/// name while appeared (20 handler calls), one after `disappear()` (the 10 lifetime ones) and one after its release
/// (none: by hand its tokens are removed, the package's infos stopped; a weak reference shows it was released).
@MainActor
func checkLife(
    _ side: String,
    center: NotificationCenter,
    make: (NotificationCenter) -> any LifeController
) -> String? {
    let names = lifetime10 + visible10
    weak var released: (any LifeController)?
    do {
        let controller = make(center)
        released = controller
        controller.appearNow()
        for name in names { center.post(name: name, object: nil) }
        guard controller.deliveries == 20 else {
            return "\(side): expected 20 handler calls while appeared, got \(controller.deliveries)"
        }
        controller.disappearNow()
        for name in names { center.post(name: name, object: nil) }
        guard controller.deliveries == 30 else {
            return "\(side): expected 10 more handler calls once disappeared, got \(controller.deliveries - 20)"
        }
    }
    guard released == nil else { return "\(side): the controller outlived its last reference" }
    for name in names { center.post(name: name, object: nil) }
    return nil
}

/// A post pair's round: `operations` posts of `Names.ping` to one listener made on a new center.
@MainActor
func postRound(
    _ side: String,
    operations: Int,
    make: (NotificationCenter) -> AnyObject,
    count: @escaping @MainActor (AnyObject) -> Int
) -> Round {
    let center = NotificationCenter()
    let listener = make(center)
    let before = count(listener)
    return Round(
        run: {
            for _ in 0..<operations { postPing(on: center, keeping: listener) }
        },
        check: {
            let delivered = count(listener) - before
            return delivered == operations ? nil : "\(side): expected \(operations) handler calls, got \(delivered)"
        }
    )
}

/// A controller pair's round on centers made by `center`: `operations` lives of a 10 + 10 controller, then one
/// checked life.
@MainActor
func lifeRound(
    _ side: String,
    operations: Int,
    make: @escaping @MainActor (NotificationCenter) -> any LifeController,
    operation: @escaping @MainActor (_ make: (NotificationCenter) -> any LifeController) -> Void,
    checkCenter: @escaping @MainActor () -> NotificationCenter
) -> Round {
    Round(
        run: {
            for _ in 0..<operations { operation(make) }
        },
        check: { checkLife(side, center: checkCenter(), make: make) }
    )
}

@MainActor
func makeFramework(_ center: NotificationCenter) -> any LifeController {
    FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
}

@MainActor
func makeHand(_ center: NotificationCenter) -> any LifeController {
    HandController(center: center, lifetime: lifetime10, visible: visible10)
}

/// One controller's life: made on `center`, appeared, disappeared, released.
@MainActor
func live(_ make: (NotificationCenter) -> any LifeController, on center: NotificationCenter) {
    let controller = make(center)
    controller.appearNow()
    controller.disappearNow()
}

/// The controller pairs' sides: the same rounds with the package's controller and with the one by hand.
@MainActor
func lifeSides(
    framework: String,
    byHand: String,
    _ round:
        @escaping @MainActor (
            _ side: String, _ operations: Int, _ make: @escaping @MainActor (NotificationCenter) -> any LifeController
        ) -> Round
) -> (Side, Side) {
    (
        Side(label: framework) { operations in round(framework, operations, makeFramework) },
        Side(label: byHand) { operations in round(byHand, operations, makeHand) }
    )
}

/// Every interleaved pair, in the order they run.
@MainActor
func interleavedPairs() -> [InterleavedPair] {
    var pairs: [InterleavedPair] = []

    pairs.append(
        InterleavedPair(
            name: "postcontroller",
            summary: "3c: one post on the main thread to a main-actor ControllerBase subclass's lifetime listener "
                + "(CountingController); by hand the main-actor controller (MainActor.assumeIsolated in its block), "
                + "and the nonisolated controller by hand",
            operations: 20_000,
            framework: Side(label: "framework") { operations in
                postRound("postcontroller-framework", operations: operations) {
                    CountingController(notificationCenter: $0)
                } count: {
                    ($0 as! CountingController).count
                }
            },
            byHand: [
                Side(label: "by hand, main-actor") { operations in
                    postRound("postcontroller-raw", operations: operations) {
                        HandCountingController(center: $0)
                    } count: {
                        ($0 as! HandCountingController).count
                    }
                },
                Side(label: "by hand, nonisolated") { operations in
                    postRound("postcontroller-raw-nonisolated", operations: operations) {
                        NonisolatedHandCountingController(center: $0)
                    } count: {
                        ($0 as! NonisolatedHandCountingController).count
                    }
                },
            ]
        )
    )

    // The first controller on a new center: the center made in the operation and kept until the round ends.
    let first = lifeSides(framework: "firstcontroller-framework", byHand: "firstcontroller-raw") {
        side,
        operations,
        make in
        var centers: [NotificationCenter] = []
        centers.reserveCapacity(operations)
        return lifeRound(
            side,
            operations: operations,
            make: make,
            operation: { make in
                let center = NotificationCenter()
                centers.append(center)
                live(make, on: center)
            },
            checkCenter: { NotificationCenter() }
        )
    }
    pairs.append(
        InterleavedPair(
            name: "firstcontroller",
            summary: "5n: a new center made, the first controller of 10 lifetime + 10 visible listeners on it made, "
                + "appeared, disappeared and released (the center released after the round)",
            operations: 500,
            framework: first.0,
            byHand: [first.1]
        )
    )

    // The same with the center released in the operation too.
    let firstRelease = lifeSides(framework: "firstcontroller-release-framework", byHand: "firstcontroller-release-raw")
    {
        side,
        operations,
        make in
        lifeRound(
            side,
            operations: operations,
            make: make,
            operation: { make in live(make, on: NotificationCenter()) },
            checkCenter: { NotificationCenter() }
        )
    }
    pairs.append(
        InterleavedPair(
            name: "firstcontroller-release",
            summary: "5r: the same, the center released in the operation too",
            operations: 500,
            framework: firstRelease.0,
            byHand: [firstRelease.1]
        )
    )

    // A second controller on a used center: one controller of the same side stays appeared on it, so every name is
    // observed already.
    let second = lifeSides(framework: "secondcontroller-framework", byHand: "secondcontroller-raw") {
        side,
        operations,
        make in
        let center = NotificationCenter()
        let resident = make(center)
        resident.appearNow()
        return lifeRound(
            side,
            operations: operations,
            make: make,
            operation: { make in withExtendedLifetime(resident) { live(make, on: center) } },
            checkCenter: { center }
        )
    }
    pairs.append(
        InterleavedPair(
            name: "secondcontroller",
            summary: "7s: a controller of 10 lifetime + 10 visible listeners made, appeared, disappeared and released "
                + "on a center where the same controller of the same side stays appeared (every name observed)",
            operations: 500,
            framework: second.0,
            byHand: [second.1]
        )
    )

    // Pair 5 and 7 as the existing scenarios make them (a center used before; every name observed by a plain block).
    let lifecycle = lifeSides(framework: "lifecycle-framework", byHand: "lifecycle-raw") { side, operations, make in
        let center = NotificationCenter()
        return lifeRound(
            side,
            operations: operations,
            make: make,
            operation: { make in live(make, on: center) },
            checkCenter: { center }
        )
    }
    pairs.append(
        InterleavedPair(
            name: "lifecycle",
            summary: "5: a controller of 10 + 10 made, appeared, disappeared, released on a center used before",
            operations: 500,
            framework: lifecycle.0,
            byHand: [lifecycle.1]
        )
    )
    let busy = lifeSides(framework: "busy-framework", byHand: "busy-raw") { side, operations, make in
        let center = NotificationCenter()
        let others = (lifetime10 + visible10).map { center.addObserver(forName: $0, object: nil, queue: nil) { _ in } }
        return lifeRound(
            side,
            operations: operations,
            make: make,
            operation: { make in withExtendedLifetime(others) { live(make, on: center) } },
            checkCenter: { center }
        )
    }
    pairs.append(
        InterleavedPair(
            name: "busy",
            summary: "7: the same on a center where every name already has another (plain block) observer",
            operations: 500,
            framework: busy.0,
            byHand: [busy.1]
        )
    )

    pairs.append(
        InterleavedPair(
            name: "mainhop",
            summary: "H: one post from a background thread to a main-actor controller's listener, until it has run "
                + "on the main actor; by hand addObserver(queue: .main) with MainActor.assumeIsolated in its block",
            operations: 500,
            framework: Side(label: "framework") { operations in
                hopRound("mainhop-framework", operations: operations) {
                    CountingController(notificationCenter: $0)
                } count: {
                    ($0 as! CountingController).count
                }
            },
            byHand: [
                Side(label: "by hand, main-actor") { operations in
                    hopRound("mainhop-raw", operations: operations) {
                        MainQueueHandCountingController(center: $0)
                    } count: {
                        ($0 as! MainQueueHandCountingController).count
                    }
                }
            ]
        )
    )
    return pairs
}

/// A hop pair's round: `operations` posts from a thread of their own, each waited for on the main run loop.
@MainActor
func hopRound(
    _ side: String,
    operations: Int,
    make: (NotificationCenter) -> AnyObject,
    count: @escaping @MainActor (AnyObject) -> Int
) -> Round {
    let center = NotificationCenter()
    let listener = make(center)
    let before = count(listener)
    let poster = BackgroundPoster(center: center, operations: operations)
    let deadline = Date(timeIntervalSinceNow: 600)
    return Round(
        run: {
            for done in 1...operations {
                poster.post()
                runMainLoop(until: before + done, { count(listener) }, deadline: deadline, scenario: side)
            }
        },
        check: {
            let delivered = count(listener) - before
            return delivered == operations ? nil : "\(side): expected \(operations) handler calls, got \(delivered)"
        }
    )
}

/// The CPU time the process has used (every thread's, user and system), in nanoseconds: `clock()`, whose
/// `CLOCKS_PER_SEC` POSIX fixes at 1,000,000 (glibc reads `CLOCK_PROCESS_CPUTIME_ID`; a round lasts milliseconds).
func processCPUNanoseconds() -> Double {
    Double(clock()) * 1_000
}

/// Times one round, in wall-clock and in the process's CPU time per operation; fails the run when its check does.
/// CPU time leaves out the time other processes of a shared machine take the cores away, which wall-clock counts.
@MainActor
func timeRound(_ side: Side, operations: Int) -> (wall: Double, cpu: Double) {
    let round = side.makeRound(operations)
    let cpuStart = processCPUNanoseconds()
    let start = ContinuousClock.now
    round.run()
    let elapsed = ContinuousClock.now - start
    let cpu = processCPUNanoseconds() - cpuStart
    if let problem = round.check() { fail(problem) }
    let (seconds, attoseconds) = elapsed.components
    let wall = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    return (wall / Double(operations), cpu / Double(operations))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func formatNanoseconds(_ value: Double) -> String {
    value >= 10_000 ? String(format: "%.2f us", value / 1000) : String(format: "%.0f ns", value)
}

/// Runs the named pairs (all when none is named): one warm-up round per side, then `rounds` rounds in which every
/// side runs once, the order turning by one side each round, so that no side always runs first.
@MainActor
func runInterleaved(_ arguments: [String]) {
    var rounds = 31
    var names: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        if argument == "--rounds", let value = rest.popFirst().flatMap({ Int($0) }), value > 0 {
            rounds = value
        } else {
            names.append(argument)
        }
    }
    let pairs = interleavedPairs()
    let unknown = names.filter { name in !pairs.contains { $0.name == name } }
    guard unknown.isEmpty else {
        fail(
            "no interleaved pair named \(unknown.joined(separator: ", ")); pairs: \(pairs.map(\.name).joined(separator: ", "))"
        )
    }
    let chosen = names.isEmpty ? pairs : pairs.filter { names.contains($0.name) }
    print("interleaved: \(rounds) rounds per pair, medians of time per operation")
    for pair in chosen {
        print("\(pair.name) (\(pair.operations) operations per round): \(pair.summary)")
        let sides = [pair.framework] + pair.byHand
        for side in sides { _ = timeRound(side, operations: pair.operations) }
        var wall = Array(repeating: [Double](), count: sides.count)
        var cpu = Array(repeating: [Double](), count: sides.count)
        for round in 0..<rounds {
            for step in 0..<sides.count {
                let index = (round + step) % sides.count
                let time = timeRound(sides[index], operations: pair.operations)
                wall[index].append(time.wall)
                cpu[index].append(time.cpu)
            }
        }
        let wallMedians = wall.map(median)
        let cpuMedians = cpu.map(median)
        for (index, side) in sides.enumerated() {
            let spread = wall[index].sorted()
            let quartiles =
                "\(formatNanoseconds(spread[spread.count / 4]))-\(formatNanoseconds(spread[spread.count * 3 / 4]))"
            let ratio =
                index == 0
                ? ""
                : String(
                    format: "  framework / this: %.2fx wall, %.2fx CPU",
                    wallMedians[0] / wallMedians[index],
                    cpuMedians[0] / cpuMedians[index]
                )
            print(
                "  \(side.label): median \(formatNanoseconds(wallMedians[index])) wall (quartiles \(quartiles)), "
                    + "\(formatNanoseconds(cpuMedians[index])) CPU\(ratio)"
            )
        }
    }
}
