import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// `waitForDeliveries` returns as soon as the deliveries arrived, from whichever thread, and fails when they do not.
/// The tests measure the wait with `ContinuousClock`: each is available from macOS 13, iOS 16, tvOS 16, watchOS 9
/// (Swift Testing does not accept `@available` on a suite).
@Suite("Waiting for deliveries")
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
    @Test func aCancelledWaitEndsAndChecksWhatArrived() async {
        let (_, recorder, screen) = recordedScreen()
        let waiter = Task {
            await capturedIssues {
                await waitForDeliveries(of: .name(.ping), in: recorder, timeout: 60)
            }
        }
        waiter.cancel()
        let issues = await waiter.value
        #expect(issues.first?.message.contains("but it was never delivered.") == true)
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
