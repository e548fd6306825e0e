import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

/// Every expectation, run in XCTest: the same calls as in Swift Testing record XCTest failures at the caller's
/// file and line, with the whole message.
final class XCTestExpectationTests: FailureCapturingTestCase {
    @MainActor func testEveryExpectationPassesOnACorrectController() async {
        for scenario in Scenario.all {
            await scenario.passes()
        }
    }

    @MainActor func testEveryExpectationFailsWithItsMessageAtTheCallersLine() async {
        for (index, scenario) in Scenario.all.enumerated() {
            let site = Scenario.site(index)
            let failures = await capturedFailures { await scenario.fails(site) }
            XCTAssertEqual(failures.count, 1, "\(scenario)")
            guard let failure = failures.first else { continue }
            XCTAssertTrue(scenario.accepts(failure.description), "\(scenario): \(failure.description)")
            XCTAssertEqual(failure.file, "\(site.filePath)", "\(scenario)")
            XCTAssertEqual(failure.line, Int(site.line), "\(scenario)")
        }
    }

    @MainActor func testRecordsAtTheCallersFileAndLineByDefault() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let failures = capturedFailures {
            expectListening(screen, to: .name(.sync))
        }
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertEqual(failures.first?.line, #line - 3)
    }

    @MainActor func testASynchronousTestRecordsToo() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let failures = capturedFailures {
            expectNotListening(screen, to: .name(.ping))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("Expected InboxScreen not to be listening to ping") == true)
    }

    @MainActor func testStrictModeFailsWhenItsBodyEndsForAReportRaisedOnAnotherThread() async {
        let failures = capturedFailures {
            expectNoDiagnostics {
                let engine = NotificationEngine(center: NotificationCenter())
                onAnotherThreadAndWait { engine.stop(.lifetime) }
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.hasPrefix(
                "Expected no NotificationLifecycle diagnostic (expectNoDiagnostics), but one was reported on another "
                    + "thread or task: [lifetime-stop]."
            ) == true
        )
        XCTAssertEqual(failures.first?.line, #line - 12)
    }

    @MainActor func testCaptureSeesAReportRaisedOnAnotherThread() async {
        let center = NotificationCenter()
        await expectDiagnostics([.lifetimeStop]) {
            let engine = NotificationEngine(center: center)
            await onAnotherThread { engine.stop(.lifetime) }
        }
    }

    /// Issue 36, item 6: the wait on an info whose lifespan is inactive fails after the grace of 0.5 seconds, not
    /// after its timeout of 5 seconds, with the reason. XCTest runs one case at a time, so the time is the wait's own.
    func testAWaitThatCannotSucceedFailsInWellUnderASecond() async {
        let host = EngineHost(center: NotificationCenter())
        let recorder = DeliveryRecorder()
        recorder.record(host)
        let start = Date()
        let failures = await capturedFailures {
            await waitForDeliveries(of: .name(.pong), in: recorder)
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.5)
        XCTAssertLessThan(elapsed, 1)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.hasPrefix(
                "Expected notification pong to be delivered once within 5.0 seconds, but it was never delivered. "
                    + "Nothing recorded listens to pong. EngineHost: its matching info (row 2) does not listen: its "
                    + "lifespan visible is not active."
            ) == true,
            failures.first?.description ?? "none"
        )
        withExtendedLifetime(host) {}
    }

    /// Issue 36, item 6: a recorder given no source, one whose sources were all released, and one whose only info
    /// does not listen, with a wait that names no topic, each end their wait after the grace with the reason.
    /// Before, each waited its whole 5 s (no reason was known) and said nothing of why.
    func testAWaitThatNoRecordedSourceCanSatisfyFailsAfterTheGrace() async {
        let stopped = NotificationInfo(name: .sync, center: NotificationCenter()) { _ in }
        let cases: [(name: String, record: (DeliveryRecorder) -> Void, reason: String)] = [
            ("no source", { _ in }, "The recorder records nothing: pass it the controllers and infos to watch"),
            (
                "released source",
                { recorder in recorder.record(EngineHost(center: NotificationCenter())) },
                "Every controller and info the recorder recorded has been released."
            ),
            (
                "no topic",
                { recorder in recorder.record(stopped) },
                "Nothing recorded listens. The info"
            ),
        ]
        for (name, record, reason) in cases {
            let recorder = DeliveryRecorder()
            record(recorder)
            let start = Date()
            let failures = await capturedFailures {
                await waitForDeliveries(.atLeast(1), in: recorder)
            }
            let elapsed = Date().timeIntervalSince(start)
            XCTAssertGreaterThanOrEqual(elapsed, 0.5, name)
            XCTAssertLessThan(elapsed, 1, name)
            XCTAssertEqual(failures.count, 1, name)
            let text = failures.first?.description ?? "none"
            XCTAssertTrue(text.contains(reason), "\(name): \(text)")
            XCTAssertTrue(text.contains("The wait ended after 0.5 seconds"), "\(name): \(text)")
        }
        withExtendedLifetime(stopped) {}
    }

    /// `.never` is proven by the whole timeout only, also on a recorder that records nothing.
    func testNeverOnARecorderWithNoSourceKeepsItsTimeout() async {
        let recorder = DeliveryRecorder()
        let start = Date()
        let deliveries = await waitForDeliveries(.never, in: recorder, timeout: 0.7)
        XCTAssertEqual(deliveries.count, 0)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.7)
    }

    /// A source recorded during the grace, and listening, is waited for past the grace.
    func testASourceRecordedDuringTheGraceIsWaitedFor() async {
        let center = NotificationCenter()
        let info = NotificationInfo(name: .sync, center: center) { _ in }
        info.startListening()
        let recorder = DeliveryRecorder()
        let start = Date()
        let poster = Task.detached {
            try? await Task.sleep(nanoseconds: 50_000_000)
            recorder.record(info)
            try? await Task.sleep(nanoseconds: 750_000_000)
            center.post(name: .sync, object: nil)
        }
        let deliveries = await waitForDeliveries(of: .name(.sync), in: recorder, timeout: 30)
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.8)
        await poster.value
        info.stopListening()
    }

    /// An info that starts listening during the grace is waited for, past the grace: here it starts after 0.05 s and
    /// the post comes after 0.8 s. In XCTest, which runs one case at a time, so that the start falls in the grace.
    func testAnInfoThatStartsDuringTheGraceIsWaitedFor() async {
        let center = NotificationCenter()
        let info = NotificationInfo(name: .sync, center: center) { _ in }
        let recorder = DeliveryRecorder()
        recorder.record(info)
        let start = Date()
        let starting = Task.detached {
            try? await Task.sleep(nanoseconds: 50_000_000)
            info.startListening()
            try? await Task.sleep(nanoseconds: 750_000_000)
            center.post(name: .sync, object: nil)
        }
        let deliveries = await waitForDeliveries(of: .name(.sync), in: recorder, timeout: 30)
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.8)
        await starting.value
        info.stopListening()
    }

    @MainActor func testWaitsForAHandlerOnAnotherThread() async {
        let (center, recorder, screen) = recordedScreen()
        let poster = Task.detached { center.post(name: .ping, object: nil) }
        await waitForDeliveries(of: .name(.ping), in: recorder)
        await poster.value
        withExtendedLifetime(screen) {}
    }
}
