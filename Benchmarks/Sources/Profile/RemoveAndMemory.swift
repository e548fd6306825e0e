// `NotificationEngine.remove(_:)` at two engine sizes, and the memory of many controller classes.

import BenchmarkSupport
import Foundation
import NotificationLifecycle

/// The process's resident bytes and, of them, those not backed by a file (`/proc/self/statm`: resident less shared),
/// or `nil` where it is not readable. The second leaves out the code pages that running 200 classes' code for the
/// first time brings in, which the first counts.
func residentBytes() -> (resident: Int, anonymous: Int)? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 2, let pages = Int(fields[1]), let shared = Int(fields[2]) else { return nil }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    return (pages * page, (pages - shared) * page)
}

/// Time per `remove(_:)` from an engine of `size` started closure infos (one name each): each round makes the
/// engine (untimed), then times `removes` removes of infos spread evenly over its order (the first, then every
/// `size / removes`-th), so that neither end of the engine's list is favoured. Each round checks, untimed, that the
/// infos to remove hear a post before and none after, and that the engine holds `size - removes` infos.
@MainActor
func runRemove(_ arguments: [String]) {
    let rounds = arguments.first.flatMap { Int($0) } ?? 7
    let removes = 50
    print("remove: \(rounds) rounds, \(removes) removes per round, median time per remove")
    let counter = Counter()
    for size in [100, 100_000] {
        var times: [Double] = []
        for round in 0..<rounds {
            let center = NotificationCenter()
            let engine = NotificationEngine(center: center)
            let names = Names.numbered(size, prefix: "remove.\(round)")
            let infos = names.map { name in NotificationInfo(name: name, center: center) { _ in counter.value += 1 } }
            for info in infos { engine.add(info) }
            let chosen = stride(from: 0, to: size, by: size / removes).prefix(removes).map { infos[$0] }
            let chosenNames = stride(from: 0, to: size, by: size / removes).prefix(removes).map { names[$0] }
            let before = counter.value
            for name in chosenNames { center.post(name: name, object: nil) }
            guard counter.value - before == removes else {
                fail(
                    "remove n=\(size): expected \(removes) handler calls before the removes, got \(counter.value - before)"
                )
            }
            let start = ContinuousClock.now
            for info in chosen { engine.remove(info) }
            let elapsed = ContinuousClock.now - start
            let after = counter.value
            for name in chosenNames { center.post(name: name, object: nil) }
            guard counter.value == after else {
                fail("remove n=\(size): \(counter.value - after) handler calls after the removes, expected none")
            }
            guard engine.infos.count == size - removes else {
                fail("remove n=\(size): the engine holds \(engine.infos.count) infos, expected \(size - removes)")
            }
            let (seconds, attoseconds) = elapsed.components
            times.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(removes))
            withExtendedLifetime(infos) {}
        }
        let sorted = times.sorted()
        print(
            "  n=\(size): median \(formatNanoseconds(median(times))) per remove "
                + "(min \(formatNanoseconds(sorted[0])), max \(formatNanoseconds(sorted[sorted.count - 1])))"
        )
    }
}

/// Resident bytes per listener of one instance of each of the 200 generated classes (`ManyControllers.swift`), each
/// of 10 lifetime + 10 visible listeners, appeared, on one center; then a post of each name checks that every
/// listener's handler runs (the figure is taken before it).
@MainActor
func runMemoryClasses(framework: Bool) {
    let factories = framework ? manyFrameworkControllers : manyHandControllers
    let center = NotificationCenter()
    // One controller of the other shape first, so that the center's tables and the package's per-center state exist
    // before counting, as in `memory-framework`.
    let warm: AnyObject =
        framework
        ? FrameworkController(center: center, lifetime: lifetime10, visible: visible10)
        : HandController(center: center, lifetime: lifetime10, visible: visible10)
    guard let before = residentBytes() else { fail("/proc/self/statm is not readable here") }
    let controllers = factories.map { make in
        let controller = make(center)
        controller.appearNow()
        return controller
    }
    guard let after = residentBytes() else { fail("/proc/self/statm is not readable here") }
    let listeners = controllers.count * 20
    for name in lifetime10 + visible10 { center.post(name: name, object: nil) }
    let delivered = controllers.reduce(0) { $0 + $1.deliveries }
    guard delivered == listeners else { fail("expected \(listeners) handler calls, got \(delivered)") }
    withExtendedLifetime(warm) {}
    let name = framework ? "memory-classes-framework" : "memory-classes-raw"
    let resident = Int((Double(after.resident - before.resident) / Double(listeners)).rounded())
    let anonymous = Int((Double(after.anonymous - before.anonymous) / Double(listeners)).rounded())
    print(
        "\(name): \(controllers.count) classes x 1 instance x 20 listeners, \(resident) resident bytes per listener, "
            + "\(anonymous) of them not file-backed"
    )
}
