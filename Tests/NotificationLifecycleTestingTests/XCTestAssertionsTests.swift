import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

/// An XCTest case that can run assertions expected to fail and keep their failures instead of failing.
///
/// XCTest on Linux has no `XCTExpectFailure`; overriding how the case records failures does the same job.
class FailureCapturingTestCase: XCTestCase {
    struct CapturedFailure {
        let description: String
        let file: String
        let line: Int
    }

    private var captured: [CapturedFailure]?

    /// Runs `body` and returns the failures it recorded, which do not fail the test.
    func capturedFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
        captured = []
        defer { captured = nil }
        try body()
        return captured ?? []
    }

    /// Runs the asynchronous `body` and returns the failures it recorded.
    func capturedFailures(_ body: () async throws -> Void) async rethrows -> [CapturedFailure] {
        captured = []
        defer { captured = nil }
        try await body()
        return captured ?? []
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard captured != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured?.append(
            CapturedFailure(
                description: issue.compactDescription,
                file: location?.fileURL.path ?? "",
                line: location?.lineNumber ?? 0
            )
        )
    }
    #else
    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        guard captured != nil else {
            return super.recordFailure(
                withDescription: description,
                inFile: filePath,
                atLine: lineNumber,
                expected: expected
            )
        }
        captured?.append(CapturedFailure(description: description, file: filePath, line: lineNumber))
    }
    #endif

    /// Asserts that `failures` is one failure at `line` of this file whose description contains `text`.
    func assertOneFailure(
        _ failures: [CapturedFailure],
        atLine line: Int,
        containing text: String,
        file: StaticString = #filePath,
        assertionLine: UInt = #line
    ) {
        XCTAssertEqual(failures.count, 1, "failures: \(failures)", file: file, line: assertionLine)
        guard let failure = failures.first else { return }
        XCTAssertEqual(failure.line, line, file: file, line: assertionLine)
        XCTAssertTrue(
            failure.file.hasSuffix("XCTestAssertionsTests.swift"),
            failure.file,
            file: file,
            line: assertionLine
        )
        XCTAssertTrue(failure.description.contains(text), failure.description, file: file, line: assertionLine)
    }
}

final class XCTestAssertionsTests: FailureCapturingTestCase {
    let center = NotificationCenter()

    func testListening_passesWhenListeningAndFailsAtTheCallersLineWhenNot() {
        let screen = InboxScreen(notificationCenter: center)
        XCTAssertListening(screen, to: .ping, lifespan: .lifetime, handler: .selector("didPing:"))
        XCTAssertNotListening(screen, to: .pong)

        let line = #line + 1
        let failures = capturedFailures { XCTAssertListening(screen, to: .pong, lifespan: .visible) }
        assertOneFailure(failures, atLine: line, containing: "Expected InboxScreen to be listening to pong")
        XCTAssertTrue(failures.first?.description.contains("Call appear() first.") == true)

        let notLine = #line + 1
        let notFailures = capturedFailures { XCTAssertNotListening(screen, to: .ping) }
        assertOneFailure(notFailures, atLine: notLine, containing: "Expected InboxScreen not to be listening to ping")
    }

    func testListening_standaloneInfo() {
        let store = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        XCTAssertNotListening(info)
        let line = #line + 1
        let failures = capturedFailures { XCTAssertListening(info, to: .save, sender: .object(store)) }
        assertOneFailure(failures, atLine: line, containing: "Expected the info NotificationInfo(name: save")

        info.startListening()
        XCTAssertListening(info, to: .save, sender: .object(store))
        let notLine = #line + 1
        let notFailures = capturedFailures { XCTAssertNotListening(info) }
        assertOneFailure(notFailures, atLine: notLine, containing: "not to be listening, but it is.")
        info.stopListening()
    }

    func testRegistrations_exactListPassesAndADifferenceFails() {
        let screen = InboxScreen(notificationCenter: center)
        XCTAssertRegistrations(
            of: screen,
            [
                .listening(to: .ping, handler: .selector("didPing:")),
                .notListening(to: .pong, lifespan: .visible),
                .notListening(to: .save, lifespan: .editing),
            ]
        )
        let line = #line + 1
        let failures = capturedFailures { XCTAssertRegistrations(of: screen, [.listening(to: .ping)]) }
        assertOneFailure(failures, atLine: line, containing: "but it has 3; rows 1, 2, 3 differ.")
    }

    func testCenters_noRegistrationsAndNoInfosAfterRelease() {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        let line = #line + 1
        let failures = capturedFailures { XCTAssertNoRegistrations(on: center) }
        assertOneFailure(failures, atLine: line, containing: "but 1 info still listens.")
        let infosLine = #line + 1
        let infoFailures = capturedFailures { XCTAssertNoInfos(on: center) }
        assertOneFailure(infoFailures, atLine: infosLine, containing: "but 3 are.")
        XCTAssertNotNil(screen)
        screen = nil
        XCTAssertNoRegistrations(on: center)
        XCTAssertNoInfos(on: center)
    }

    func testDeallocated_passesOnceDroppedAndFailsWhileHeld() {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        let probe = DeallocationProbe(screen!)
        let line = #line + 1
        let failures = capturedFailures { XCTAssertDeallocated(probe) }
        assertOneFailure(failures, atLine: line, containing: "Expected InboxScreen to be deallocated")
        screen = nil
        XCTAssertDeallocated(probe)
        XCTAssertDeallocated { InboxScreen(notificationCenter: center) }

        let store = Store()
        let closureLine = #line + 1
        let closureFailures = capturedFailures { XCTAssertDeallocated { store } }
        assertOneFailure(closureFailures, atLine: closureLine, containing: "Expected Store to be deallocated")
    }

    func testDeliveries_onceNeverAndSequence() {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        XCTAssertDelivered(.ping, to: .selector("didPing:"), in: recorder)
        XCTAssertNotDelivered(.pong, in: recorder)
        XCTAssertDeliveries([.delivery(of: .ping)], in: recorder)

        let line = #line + 1
        let failures = capturedFailures { XCTAssertDelivered(.pong, in: recorder) }
        assertOneFailure(failures, atLine: line, containing: "to be delivered once, but it was never delivered.")
        let notLine = #line + 1
        let notFailures = capturedFailures { XCTAssertNotDelivered(.ping, in: recorder) }
        assertOneFailure(notFailures, atLine: notLine, containing: "not to be delivered, but it was delivered once.")
        let sequenceLine = #line + 1
        let sequenceFailures = capturedFailures { XCTAssertDeliveries([], in: recorder) }
        assertOneFailure(sequenceFailures, atLine: sequenceLine, containing: "Expected 0 deliveries in this order")
    }

    func testLifecycle_scriptPassesAndAWrongStepFails() {
        let screen = InboxScreen(notificationCenter: center)
        XCTAssertLifecycle(
            of: screen,
            [
                .initially(listening: [.ping]),
                .appear(listening: [.ping, .pong]),
                .disappear(listening: [.ping]),
            ]
        )
        let line = #line + 1
        let failures = capturedFailures { XCTAssertLifecycle(of: screen, [.appear(listening: [])]) }
        assertOneFailure(failures, atLine: line, containing: "after step 1 (appear()) it listens to ping, pong")
    }

    func testDiagnostics_expectedRulesPassAndOthersFail() {
        let screen = InboxScreen(notificationCenter: center)
        let diagnostics = XCTAssertDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
        XCTAssertEqual(diagnostics.map(\.rule), [.lifetimeStop])
        XCTAssertNoDiagnostics { screen.appear() }

        let line = #line + 1
        let failures = capturedFailures { XCTAssertDiagnostics([.lifetimeStop]) { screen.disappear() } }
        assertOneFailure(failures, atLine: line, containing: "to report [lifetime-stop], but it reported none.")

        let strictLine = #line + 2
        let strictFailures = capturedFailures {
            XCTAssertNoDiagnostics { _ = screen.notificationEngine.add(screen.ping) }
        }
        assertOneFailure(
            strictFailures,
            atLine: strictLine,
            containing: "(XCTAssertNoDiagnostics), but one was reported"
        )
    }

    func testDiagnostics_asyncForms() async {
        let screen = InboxScreen(notificationCenter: center)
        await XCTAssertDiagnostics([.lifetimeStop]) {
            await Task.yield()
            screen.notificationEngine.stop(.lifetime)
        }
        let value = await XCTAssertNoDiagnostics {
            await Task.yield()
            return 7
        }
        XCTAssertEqual(value, 7)
        let line = #line + 1
        let failures = await capturedFailures { await XCTAssertDiagnostics([]) { await screen.stopLifetimeLater() } }
        assertOneFailure(
            failures,
            atLine: line,
            containing: "to report no diagnostic, but it reported [lifetime-stop]."
        )
    }
}

/// XCTest's strict mode: every test of this case fails at a diagnostic it does not capture.
final class XCTestStrictModeTests: FailureCapturingTestCase {
    override func invokeTest() {
        XCTAssertNoDiagnostics { super.invokeTest() }
    }

    func testWithoutMisusePasses() {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        screen.appear()
        screen.appear()
    }

    func testCapturedDiagnosticDoesNotFail() {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        XCTAssertDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
    }

    func testUnexpectedDiagnosticFails() {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let failures = capturedFailures { screen.notificationEngine.stop(.lifetime) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("[lifetime-stop]") == true)
    }

    func testUnexpectedDiagnosticInAnAsyncTestFails() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let failures = await capturedFailures {
            await Task.yield()
            screen.notificationEngine.stop(.lifetime)
        }
        XCTAssertEqual(failures.count, 1)
    }
}
