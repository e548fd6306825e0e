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

    @MainActor func testWaitsForAHandlerOnAnotherThread() async {
        let (center, recorder, screen) = recordedScreen()
        let poster = Task.detached { center.post(name: .ping, object: nil) }
        await waitForDeliveries(of: .name(.ping), in: recorder)
        await poster.value
        withExtendedLifetime(screen) {}
    }
}
