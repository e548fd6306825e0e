import Foundation
import NotificationLifecycle
import Testing
import XCTest

@testable import NotificationLifecycleTesting

/// Where a failure goes when no test runs in the current task (issue 24, item 7): decided in the order
/// ``TestFramework`` states, never dropped.
@Suite("Failure routing outside the test's task")
struct FailureRoutingTests {
    @Test func aCheckInADetachedTaskOfASwiftTestingTestFailsTheRun() async {
        // Before issue 24 this answered .xcTest, where no test runs: the failure was dropped and the test passed.
        // Asking in the test's own task notes the Swift Testing run, as any expectation or recorder made there does.
        #expect(TestFramework.current == .swiftTesting)
        let framework = await Task.detached { TestFramework.current }.value
        #expect(framework == .swiftTestingOutsideTest)
    }

    @Test func aCheckOnAThreadOfASwiftTestingTestFailsTheRun() {
        #expect(TestFramework.current == .swiftTesting)
        let framework = LockedValueBox<TestFramework?>(nil)
        onAnotherThreadAndWait { framework.withLock { $0 = TestFramework.current } }
        #expect(framework.withLock { $0 } == .swiftTestingOutsideTest)
    }

    @Test func aCheckInTheTestsOwnTaskIsAnIssueOfTheTest() async {
        #expect(TestFramework.current == .swiftTesting)
        #expect(await Task { TestFramework.current }.value == .swiftTesting)
        #expect(SwiftTestingRun.seen)
    }

    /// The situation in which a Swift Testing test runs in the current task (`test`), an XCTest case runs (`xcCase`),
    /// and a Swift Testing test was seen in the process (`seen`). No argument of the process takes part: `swift test`
    /// (one framework per process) and `xcodebuild test` (both in one, without `--testing-library`) are told apart
    /// by these alone.
    private static func situation(
        test: Bool = false,
        xcCase: XCTestCases.State = .unknown,
        seen: Bool = false
    ) -> TestFramework.Situation {
        .init(swiftTestingTest: test, xcTestCase: xcCase, swiftTestingSeen: seen)
    }

    /// The order, one situation per row.
    @Test(arguments: [
        // A Swift Testing test in this task wins over everything (under xcodebuild, also while an XCTest case runs).
        (situation(test: true, xcCase: .running, seen: true), TestFramework.swiftTesting),
        (situation(test: true), .swiftTesting),
        // Then a running XCTest case: swift test's XCTest process, or xcodebuild's shared one.
        (situation(xcCase: .running), .xcTest),
        (situation(xcCase: .running, seen: true), .xcTest),
        // Then a Swift Testing run seen in the process: an issue outside any test, which fails the run.
        (situation(seen: true), .swiftTestingOutsideTest),
        (situation(xcCase: .between, seen: true), .swiftTestingOutsideTest),
        // Neither known: every framework that may hear it, and standard error. Before XCTest's observer saw a case
        // start or end, the case running (if any) gets it too; between two cases it would drop it.
        (situation(), .undetermined(xcTestCaseMayRun: true)),
        (situation(xcCase: .between), .undetermined(xcTestCaseMayRun: false)),
    ])
    func theOrder(_ situation: TestFramework.Situation, _ expected: TestFramework) {
        #expect(TestFramework.deciding(situation) == expected)
    }
}

/// The XCTest side: a check made on another thread while a case runs fails that case.
final class XCTestFailureRoutingTests: FailureCapturingTestCase {
    func testACheckOnAnotherThreadFailsTheRunningCase() async {
        let recorder = DeliveryRecorder()
        let failures = await capturedFailures {
            onAnotherThreadAndWait { expectDelivered(.name(.ping), in: recorder) }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.hasPrefix("Expected notification ping") == true)
    }

    func testTheRunningCaseIsSeen() {
        let framework = LockedValueBox<TestFramework?>(nil)
        onAnotherThreadAndWait { framework.withLock { $0 = TestFramework.current } }
        XCTAssertEqual(framework.withLock { $0 }, .xcTest)
        XCTAssertNotEqual(XCTestCases.state, .between)
    }
}
