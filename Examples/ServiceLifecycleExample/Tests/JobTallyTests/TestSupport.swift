import Foundation
import JobTally
import Testing

/// Waits, a millisecond at a time (or, `spinning`, only yielding), until `condition` holds; records an issue and
/// throws after five seconds.
func waitUntil(
    _ what: String,
    spinning: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("Timed out after 5 s waiting until \(what)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        if spinning {
            await Task.yield()
        } else {
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Posts `jobsEach` jobs from each of `threads` threads of their own at once (worker numbers 0..<threads), while
/// this task reads the service's tally; returns once every thread is done.
func postJobs(
    from threads: Int,
    jobsEach: Int,
    to center: NotificationCenter,
    whileReading service: JobTallyService
) async {
    let done = DispatchGroup()
    for worker in 0..<threads {
        done.enter()
        Thread {
            for _ in 0..<jobsEach { center.postJobDidFinish(worker: worker) }
            done.leave()
        }.start()
    }
    // Read while the posts run: each read is a whole tally, which only grows.
    var previous = service.tally
    while done.wait(timeout: .now()) == .timedOut {
        let tally = service.tally
        #expect(tally.jobs >= previous.jobs)
        #expect(tally.jobsByWorker.values.reduce(0, +) == tally.jobs)
        previous = tally
        await Task.yield()
    }
}
