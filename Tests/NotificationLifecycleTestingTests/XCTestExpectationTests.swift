import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

/// Every expectation, run in XCTest: the same calls as in Swift Testing record XCTest failures at the caller's
/// file and line, with the whole message.
final class XCTestExpectationTests: XCTestCase {
    /// A failure this case recorded while capturing.
    struct Failure: Sendable {
        let description: String
        let file: String
        let line: Int
    }

    private let capture = LockedValueBox<[Failure]?>(nil)

    /// Runs `body` and returns the failures it recorded, instead of failing this test with them.
    func capturedFailures(_ body: () async -> Void) async -> [Failure] {
        capture.withLock { $0 = [] }
        await body()
        return capture.withLock { captured in
            defer { captured = nil }
            return captured ?? []
        }
    }

    /// Keeps a failure recorded while capturing; fails the test with any other.
    private func captured(_ failure: Failure) -> Bool {
        capture.withLock { captured in
            guard captured != nil else { return false }
            captured?.append(failure)
            return true
        }
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        let failure = Failure(
            description: issue.compactDescription,
            file: issue.sourceCodeContext.location?.fileURL.path ?? "",
            line: issue.sourceCodeContext.location?.lineNumber ?? 0
        )
        if !captured(failure) { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        // XCTFail's description is "failed - " followed by the message.
        let message = description.hasPrefix("failed - ") ? String(description.dropFirst(9)) : description
        let failure = Failure(description: message, file: filePath, line: lineNumber)
        if !captured(failure) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testEveryExpectationPassesOnACorrectController() async {
        for scenario in Scenario.all {
            await scenario.passes()
        }
    }

    func testEveryExpectationFailsWithItsMessageAtTheCallersLine() async {
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

    func testRecordsAtTheCallersFileAndLineByDefault() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let failures = await capturedFailures {
            expectListening(screen, to: .name(.sync))
        }
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertEqual(failures.first?.line, #line - 3)
    }

    func testASynchronousTestRecordsToo() {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        capture.withLock { $0 = [] }
        expectNotListening(screen, to: .name(.ping))
        let failures = capture.withLock { captured in
            defer { captured = nil }
            return captured ?? []
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("Expected InboxScreen not to be listening to ping") == true)
    }

    func testStrictModeFailsWhenItsBodyEndsForAReportRaisedOnAnotherThread() async {
        let failures = await capturedFailures {
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

    func testCaptureSeesAReportRaisedOnAnotherThread() async {
        let center = NotificationCenter()
        await expectDiagnostics([.lifetimeStop]) {
            let engine = NotificationEngine(center: center)
            await onAnotherThread { engine.stop(.lifetime) }
        }
    }

    func testWaitsForAHandlerOnAnotherThread() async {
        let (center, recorder, screen) = recordedScreen()
        let poster = Task.detached { center.post(name: .ping, object: nil) }
        await waitForDeliveries(of: .name(.ping), in: recorder)
        await poster.value
        withExtendedLifetime(screen) {}
    }
}
