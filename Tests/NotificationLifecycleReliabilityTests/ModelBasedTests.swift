import Foundation
import Testing

/// The seeds of the lifecycle walk: 64 by default, or the one named by `NL_WALK_SEED` to replay a failure.
///
/// `NL_WALK_STEPS` changes the steps per seed (200 by default: 12,800 steps in all). A seed always makes the same
/// steps; whether a new object lands at the address of a released one depends on the allocator, so a failure about
/// sender or observer identity may need `NL_WALK_REPEAT=50` to run the replayed seed often enough to meet it again.
enum WalkSeeds {
    static let selected: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["NL_WALK_SEED"], let seed = UInt64(text) {
            let repeats = environment["NL_WALK_REPEAT"].flatMap(Int.init) ?? 1
            return Array(repeating: seed, count: max(1, repeats))
        }
        return (1...64).map { UInt64($0) }
    }()

    static let steps: Int = {
        ProcessInfo.processInfo.environment["NL_WALK_STEPS"].flatMap(Int.init) ?? 200
    }()
}

extension ReliabilityTests {
    @Suite("Model-based lifecycle walk")
    @MainActor
    struct ModelBasedTests {
        @Test("A seeded random walk matches the reference model after every step", arguments: WalkSeeds.selected)
        func randomWalk(seed: UInt64) {
            let failure = LifecycleWalk(seed: seed, steps: WalkSeeds.steps).run()
            if let failure {
                print(failure)
                Issue.record(Comment(rawValue: failure.description))
            }
        }
    }
}
