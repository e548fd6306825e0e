// The cost of a retain and a release of an object that has a weak reference (a side table) against one that has
// none: each round stores each of 20 objects in a global, which retains it and releases the one stored before.
//   swiftc -O Benchmarks/Scripts/side-table.swift -o /tmp/side-table && /tmp/side-table
// (Benchmarks/README.md, "Issue 35: a second controller's time".)
import Dispatch

final class Object {}

struct WeakObject {
    weak var object: Object?
}

nonisolated(unsafe) var stored: Object?

/// Nanoseconds per store (one retain, one release) over `rounds` rounds of `objects`.
@inline(never)
func nanosecondsPerStore(_ objects: [Object], rounds: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<rounds {
        for object in objects { stored = object }
    }
    stored = nil
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds * objects.count)
}

let plain = (0..<20).map { _ in Object() }
let weaklyReferenced = (0..<20).map { _ in Object() }
let weakReferences = weaklyReferenced.map { WeakObject(object: $0) }
for _ in 0..<3 {
    let withoutSideTable = nanosecondsPerStore(plain, rounds: 200_000)
    let withSideTable = nanosecondsPerStore(weaklyReferenced, rounds: 200_000)
    print("retain + release: \(Int(withoutSideTable)) ns without a side table, \(Int(withSideTable)) ns with one")
}
withExtendedLifetime(weakReferences) {}
