// The XCTest case of the testing catalog's article "Testing your listeners", verbatim, and a check of where its
// strict mode records an unexpected diagnostic. Keep the snippet identical to the article's.

import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

nonisolated final class MailboxScreenXCTests: XCTestCase {
    override func invokeTest() {
        // Strict mode: fails the test at this line.
        expectNoDiagnostics { super.invokeTest() }
    }

    @MainActor func testListensToTheStoreForItsWholeLife() async {
        let center = NotificationCenter()
        var screen: MailboxScreen? = MailboxScreen(notificationCenter: center)
        expectListening(
            screen!,
            to: .name(.storeDidChange),
            lifespan: .lifetime,
            handler: .selector("storeDidChange:")
        )
        // Visible: not appeared yet.
        expectNotListening(screen!, to: .name(.fontSizeDidChange))
        expectDeallocated(&screen)
        expectNoRegistrations(on: center)
    }
}

/// The article's strict mode in XCTest, with a misuse in the test: the failure is recorded at the
/// `expectNoDiagnostics` line of `invokeTest()`, and its message names the misuse's line.
final class MailboxScreenStrictModeXCTests: FailureCapturingTestCase {
    private let strictModeLine = LockedValueBox(0)
    private let misuseLine = LockedValueBox(0)

    override func invokeTest() {
        let failures = capturedFailures {
            strictModeLine.withLock { $0 = #line + 1 }
            expectNoDiagnostics { super.invokeTest() }
        }
        // Checked here, after strict mode ended: its failure is known by now.
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, strictModeLine.withLock { $0 })
        let misuse = "\(#fileID):\(misuseLine.withLock { $0 })"
        XCTAssertTrue(failures.first?.description.contains(misuse) == true, failures.first?.description ?? "none")
    }

    @MainActor func testAnUnexpectedDiagnosticFailsAtTheStrictModeLine() async {
        let screen = MailboxScreen(notificationCenter: NotificationCenter())
        misuseLine.withLock { $0 = #line + 1 }
        screen.notificationEngine.stop(.lifetime)
    }
}
