import Foundation
import Testing

@testable import NotificationLifecycle

/// A start that links into a registration another thread is still making with Foundation does not wait for that
/// thread: it makes a Foundation registration itself, and whichever is made first is kept (the other is removed, and
/// its block calls no one meanwhile). So a controller's `appear()` on the main actor never blocks on a thread of lower
/// priority, and each post still reaches each listener once.
// The time limit stops a hang; it is no measure.
@Suite("Starting without waiting for another thread", .timeLimit(.minutes(5)))
struct RegisteringWithoutWaitingTests {
    /// Two starts of one name decided before either registered with Foundation: the second has a registration to
    /// make too (before: a wait for the first one's), and whichever order they make them in, a post reaches each once.
    @Test(arguments: [false, true])
    func aStartIntoARegistrationBeingMadeRegistersInsteadOfWaiting(secondFinishesFirst: Bool) {
        let center = NotificationCenter()
        let calls = LockedValueBox((first: 0, second: 0))
        let first = NotificationInfo(name: .ping, center: center) { _ in calls.withLock { $0.first += 1 } }
        let second = NotificationInfo(name: .ping, center: center) { _ in calls.withLock { $0.second += 1 } }
        let registry = first.listener.registry
        var firstWork = Effects()
        var secondWork = Effects()
        registry.lock.withLock {
            first.listener.start(byHold: false, into: &firstWork)
            second.listener.start(byHold: false, into: &secondWork)
        }
        guard case .register = secondWork.list.first else {
            Issue.record(
                "Expected the second start to register itself, but it waits for the first: \(secondWork.list)"
            )
            return
        }
        // Before either registration is kept, the blocks registered call no one: no start has returned yet.
        if secondFinishesFirst {
            secondWork.perform(on: center)
            firstWork.perform(on: center)
        } else {
            firstWork.perform(on: center)
            secondWork.perform(on: center)
        }
        center.post(name: .ping, object: nil)
        #expect(calls.withLock { $0 } == (1, 1))
        first.stopListening()
        second.stopListening()
    }

    /// A utility-priority thread starts and stops infos of one name while the main actor makes, appears and
    /// disappears controllers on it: every post made while both listen reaches each once.
    @MainActor
    @Test func aUtilityThreadStartingTheSameNameWhileTheMainActorAppears() async {
        for _ in 1...200 {
            let center = NotificationCenter()
            let calls = LockedValueBox((utility: 0, screen: 0))
            let utilityInfo = NotificationInfo(name: .ping, center: center) { _ in calls.withLock { $0.utility += 1 } }
            let started = DispatchSemaphore(value: 0)
            let utility = Thread {
                utilityInfo.startListening()
                started.signal()
            }
            utility.qualityOfService = .utility
            utility.start()
            let engine = NotificationEngine(center: center)
            engine.add(
                NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in
                    calls.withLock { $0.screen += 1 }
                }
            )
            engine.appear()
            center.post(name: .ping, object: nil)
            await onAnotherThread { started.wait() }
            center.post(name: .ping, object: nil)
            let (utilityCalls, screenCalls) = calls.withLock { ($0.utility, $0.screen) }
            #expect(screenCalls == 2)
            #expect(utilityCalls >= 1 && utilityCalls <= 2)
            utilityInfo.stopListening()
            engine.disappear()
        }
    }
}
