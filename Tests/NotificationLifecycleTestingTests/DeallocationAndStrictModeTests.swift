import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// What issue 24 (item 8) added: `expectDeallocated` gives a leaked object back, and waits for a holder on another
/// thread that lets go at once; `waitForDeliveries` takes seconds on every platform; `expectNoDiagnostics` has an
/// asynchronous form that returns its body's value.
@Suite("Deallocation, waiting in seconds, asynchronous strict mode")
@MainActor
struct DeallocationAndStrictModeTests {
    @Test func aFailedDeallocationExpectationGivesTheObjectBack() async {
        var screen: LeakyScreen? = LeakyScreen(notificationCenter: NotificationCenter())
        weak let probe = screen
        // A short grace: the whole second would hold the main actor (XCTestExpectationTests waits it out).
        let issues = await DeallocationGrace.$seconds.withValue(0.05) {
            await capturedIssues { expectDeallocated(&screen) }
        }
        #expect(issues.count == 1)
        // Before issue 24 the variable was nil here, and the test could not look at what leaked.
        #expect(screen != nil)
        #expect(screen === probe)
        screen?.notificationEngine.stopAll()  // breaks the cycle
        screen = nil
        #expect(probe == nil)
    }

    @Test func aPassingDeallocationExpectationLeavesNil() {
        var screen: InboxScreen? = InboxScreen(notificationCenter: NotificationCenter())
        expectDeallocated(&screen)
        #expect(screen == nil)
    }

    @Test func anObjectAnotherThreadHoldsForAMomentIsDeallocated() {
        var store: Store? = Store()
        // Another thread holds it and lets go shortly after the expectation starts checking.
        let held = LockedValueBox<Store?>(store)
        let started = DispatchSemaphore(value: 0)
        Thread {
            started.signal()
            usleep(20_000)
            held.withLock { $0 = nil }
        }
        .start()
        started.wait()
        expectDeallocated(&store)
        #expect(store == nil)
    }

    @Test func waitForDeliveriesTakesSeconds() async {
        let (center, recorder, screen) = recordedScreen()
        let poster = Task.detached { center.post(name: .ping, object: nil) }
        let deliveries = await waitForDeliveries(of: .name(.ping), in: recorder, timeout: 10)
        #expect(deliveries.count == 1)
        await poster.value
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.pong), in: recorder, timeout: 0.05)
        }
        #expect(
            issues.first?.message.hasPrefix(
                "Expected notification pong to be delivered once within 0.05 seconds, but it was never delivered."
            ) == true
        )
        withExtendedLifetime(screen) {}
    }

    @Test func asynchronousStrictModeReturnsTheBodysValue() async {
        let value = await expectNoDiagnostics {
            await Task.yield()
            return 42
        }
        #expect(value == 42)
    }

    @Test func asynchronousStrictModeFailsAtAReport() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let issues = await capturedIssues {
            let value = await expectNoDiagnostics {
                await Task.yield()
                screen.notificationEngine.stop(.lifetime)
                return "done"
            }
            #expect(value == "done")
        }
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("[lifetime-stop]") == true)
    }
}
