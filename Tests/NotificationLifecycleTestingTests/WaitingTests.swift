import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// `waitForDeliveries` returns as soon as the deliveries arrived, from whichever thread, and fails when they do not.
/// The tests measure the wait with `ContinuousClock`: each is available from macOS 13, iOS 16, tvOS 16, watchOS 9
/// (Swift Testing does not accept `@available` on a suite).
@Suite("Waiting for deliveries")
@MainActor
struct WaitingTests {
    let center = NotificationCenter()

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func returnsOnceHandlersOnAQueueRan() async {
        let queue = OperationQueue()
        let info = NotificationInfo(name: .sync, center: center, queue: queue) { _ in }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        let poster = Task.detached { [center] in
            for _ in 1...3 { center.post(name: .sync, object: nil) }
        }
        let deliveries = await waitForDeliveries(of: .name(.sync), .atLeast(3), in: recorder)
        #expect(deliveries.count >= 3)
        await poster.value
        info.stopListening()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func neverWaitsTheWholeTimeout() async {
        let (_, recorder, screen) = recordedScreen()
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            await waitForDeliveries(of: .name(.ping), .never, in: recorder, timeout: 0.03)
        }
        #expect(elapsed >= .milliseconds(30))
        withExtendedLifetime(screen) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func exactlyFailsAtOnceWhenMoreAlreadyArrived() async {
        let (center, recorder, screen) = recordedScreen()
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: nil)
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        let issues = await capturedIssues {
            elapsed = await clock.measure {
                await waitForDeliveries(of: .name(.ping), in: recorder, timeout: 30)
            }
        }
        #expect(elapsed < .seconds(30))
        #expect(
            issues.first?.message.hasPrefix(
                "Expected notification ping to be delivered once within 30.0 seconds, but it was delivered twice."
            ) == true
        )
        withExtendedLifetime(screen) {}
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func atLeastZeroReturnsAtOnce() async {
        let (_, recorder, screen) = recordedScreen()
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            await waitForDeliveries(.atLeast(0), in: recorder, timeout: 30)
        }
        #expect(elapsed < .seconds(30))
        withExtendedLifetime(screen) {}
    }
}

/// What a wait that times out says, and the `Duration` form.
@Suite("Waiting: timeouts and durations")
@MainActor
struct WaitingTimeoutTests {
    @Test func aTimeoutSaysWhichLifespanIsInactive() async {
        let (_, recorder, screen) = recordedScreen()
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.pong), in: recorder, timeout: 0.01)
        }
        #expect(
            issues.first?.message.hasPrefix(
                "Expected notification pong to be delivered once within 0.01 seconds, but it was never delivered. "
                    + "Nothing recorded listens to pong. InboxScreen: its matching info (row 2) does not listen: its "
                    + "lifespan visible is not active. Call appear() first."
            ) == true,
            "\(issues.map(\.message))"
        )
        withExtendedLifetime(screen) {}
    }

    @Test func aTimeoutSaysThatTheInfoDoesNotListen() async {
        let info = NotificationInfo(name: .sync, center: NotificationCenter()) { _ in }
        let recorder = DeliveryRecorder()
        recorder.record(info)
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.sync), in: recorder, timeout: 0.01)
        }
        #expect(
            issues.first?.message.contains(
                "but it was never delivered. Nothing recorded listens to sync. The info NotificationInfo(name: sync, "
                    + "sender: any, handler: closure, not listening): it does not listen: it was stopped on its own"
            ) == true,
            "\(issues.map(\.message))"
        )
    }

    @Test func aTimeoutSaysNothingMoreWhenTheInfoListens() async {
        let info = NotificationInfo(name: .sync, center: NotificationCenter()) { _ in }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.sync), in: recorder, timeout: 0.01)
        }
        #expect(issues.first?.headline.hasSuffix("but it was never delivered.") == true)
        info.stopListening()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aDurationTimeout() async {
        let (center, recorder, screen) = recordedScreen()
        Task.detached { center.post(name: .ping, object: nil) }
        let deliveries = await waitForDeliveries(of: .name(.ping), in: recorder, timeout: .seconds(10))
        #expect(deliveries.count == 1)
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.pong), in: recorder, timeout: .milliseconds(10))
        }
        #expect(issues.first?.headline.contains("to be delivered once within 0.01 seconds, but") == true)
        withExtendedLifetime(screen) {}
    }
}

/// The waits that end early: a wait that cannot succeed, and a cancelled one. Not on the main actor, so that a busy
/// main actor does not stretch what they measure.
@Suite("Waiting: waits that end early")
struct WaitingEndsEarlyTests {
    /// Before issue 36 the failure said the wait had run out its timeout.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aCancelledWaitEndsAndSaysItWasCancelled() async {
        let host = EngineHost(center: NotificationCenter())
        let recorder = DeliveryRecorder()
        recorder.record(host)
        let clock = ContinuousClock()
        let start = clock.now
        let waiter = Task {
            await capturedIssues {
                await waitForDeliveries(of: .name(.ping), in: recorder, timeout: 600)
            }
        }
        waiter.cancel()
        let issues = await waiter.value
        // At once, not after 600 s. The bound leaves room for a busy machine: under ThreadSanitizer, with other
        // suites' handlers blocking the two threads of a two-core machine's pool, this took 15 s.
        #expect(clock.now - start < .seconds(120))
        #expect(issues.count == 1)
        #expect(
            issues.first?.headline
                == "Expected notification ping to be delivered once within 600.0 seconds, but the wait was cancelled "
                + "first: it was never delivered."
        )
        withExtendedLifetime(host) {}
    }

    /// Issue 36, item 6: nothing recorded listens to pong (its lifespan, visible, is not active) and no handler runs,
    /// so the wait fails after its grace of 0.5 seconds instead of its timeout. Before, it waited the whole timeout.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aWaitThatCannotSucceedFailsAfterItsGrace() async {
        let host = EngineHost(center: NotificationCenter())
        let recorder = DeliveryRecorder()
        recorder.record(host)
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        let issues = await capturedIssues {
            elapsed = await clock.measure {
                await waitForDeliveries(of: .name(.pong), in: recorder, timeout: 60)
            }
        }
        // The message says the grace ended the wait; the time only has to be far from the timeout, as Swift Testing
        // runs this test beside others that may hold the cooperative threads (XCTestExpectationTests measures it
        // alone).
        #expect(elapsed >= .milliseconds(500))
        #expect(elapsed < .seconds(30))
        let summary = issues.first?.headline ?? ""
        #expect(
            summary.hasPrefix(
                "Expected notification pong to be delivered once within 60.0 seconds, but it was never delivered. "
                    + "Nothing recorded listens to pong. EngineHost: its matching info (row 2) does not listen: its "
                    + "lifespan visible is not active."
            ),
            "\(summary)"
        )
        #expect(
            summary.hasSuffix(
                " The wait ended after 0.5 seconds, as nothing recorded listened and no matching handler ran."
            ),
            "\(summary)"
        )
        withExtendedLifetime(host) {}
    }

    /// `.never` is proven only by waiting its whole timeout, also when nothing listens.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func neverKeepsItsTimeoutWhenNothingListens() async {
        let host = EngineHost(center: NotificationCenter())
        let recorder = DeliveryRecorder()
        recorder.record(host)
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            await waitForDeliveries(of: .name(.pong), .exactly(0), in: recorder, timeout: 0.7)
        }
        #expect(elapsed >= .milliseconds(700))
        withExtendedLifetime(host) {}
    }
}
