import Dispatch
import Foundation

/// Runs `body` on the main actor and waits for it, from the benchmark's own thread.
///
/// `MainActorMessage` posts must be made on the main actor. The benchmark runner's `main` is async, so the main
/// queue is drained while the benchmark closures run on another thread.
package func runOnMainActor(_ body: @MainActor () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}
