// The scenarios whose post is made on another thread and must reach a main-actor closure: the post runs on a thread
// of its own (`BackgroundPoster`), the main thread runs the main run loop until the handler has run there. Callgrind
// counts both threads: the main thread inside `measuredLoop` (signalling the poster, waiting in the run loop,
// running the main queue's job and the handler), the poster inside `measuredLoopOnPoster` (the post itself: handing
// the call over to the main actor). The harness's own part, a semaphore and a turn of the run loop, is the same on
// both sides.

import BenchmarkSupport
import Foundation

/// A thread that makes one `post(name: Names.ping, object: nil)` on `center` each time ``post()`` is called, for as
/// many operations as the scenario makes. The first post (the harness's warm-up) is not counted.
final class BackgroundPoster: Sendable {
    private let go = DispatchSemaphore(value: 0)

    init(center: NotificationCenter, operations: Int) {
        let go = self.go
        let thread = Thread {
            let post = { center.post(name: Names.ping, object: nil) }
            go.wait()
            post()
            measuredLoopOnPoster(operations - 1, go: go, post: post)
        }
        thread.start()
    }

    /// Lets the poster make its next post; returns at once.
    func post() {
        go.signal()
    }
}

/// The poster's counted part (its name matches profile.sh's `--toggle-collect='*measuredLoop*'`). It calls nothing
/// declared inside it, whose name would contain its own and toggle the count off.
@inline(never)
func measuredLoopOnPoster(_ repetitions: Int, go: DispatchSemaphore, post: () -> Void) {
    for _ in 0..<repetitions {
        go.wait()
        post()
    }
}

/// Runs the main run loop, which drains the main queue (where the main actor's jobs and `OperationQueue.main`'s
/// operations run), until `delivered()` reaches `expected`. A side that stops delivering fails the run: each turn
/// waits at most until `deadline`, and 1,000 turns without the delivery end it.
@MainActor
func runMainLoop(until expected: Int, _ delivered: () -> Int, deadline: Date, scenario: String) {
    var turns = 0
    while delivered() < expected {
        turns += 1
        if turns > 1_000 { fail("\(scenario): expected \(expected) handler calls, got \(delivered())") }
        _ = RunLoop.main.run(mode: .default, before: deadline)
    }
}

/// Pair H: one post from a background thread to a main-actor closure, until it has run on the main actor.
func mainActorHopScenarios() -> [String: Scenario] {
    [
        "mainhop-framework": Scenario(
            summary: "H: one post from a background thread to one ControllerBase subclass's "
                + "addLifetimeNotificationInfo { owner, _ in ... } (scheduled on the main actor), until it has run there",
            deliveriesPerOperation: 1
        ) { setup in
            let center = NotificationCenter()
            let controller = CountingController(notificationCenter: center)
            let poster = BackgroundPoster(center: center, operations: setup.operations)
            // Far enough for the slowest run under callgrind; only a side that stops delivering waits this long.
            let deadline = Date(timeIntervalSinceNow: 600)
            var expected = controller.count
            return Measured(
                operation: {
                    expected += 1
                    poster.post()
                    runMainLoop(
                        until: expected,
                        { controller.count },
                        deadline: deadline,
                        scenario: "mainhop-framework"
                    )
                },
                delivered: { controller.count }
            )
        },
        "mainhop-raw": Scenario(
            summary: "H: the same to one hand-written main-actor controller's addObserver(forName:object:queue: .main) "
                + "[weak self] block, its body in MainActor.assumeIsolated, until it has run (the count includes "
                + "Foundation's wait for it on the posting thread, not repeatable: see Benchmarks/README.md)",
            deliveriesPerOperation: 1
        ) { setup in
            let center = NotificationCenter()
            let controller = MainQueueHandCountingController(center: center)
            let poster = BackgroundPoster(center: center, operations: setup.operations)
            let deadline = Date(timeIntervalSinceNow: 600)
            var expected = controller.count
            return Measured(
                operation: {
                    expected += 1
                    poster.post()
                    runMainLoop(until: expected, { controller.count }, deadline: deadline, scenario: "mainhop-raw")
                },
                delivered: { controller.count }
            )
        },
    ]
}
