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
        let framework = await Task.detached { TestFramework.current }.value
        #expect(framework == .swiftTestingOutsideTest)
    }

    @Test func aCheckOnAThreadOfASwiftTestingTestFailsTheRun() {
        let framework = LockedValueBox<TestFramework?>(nil)
        onAnotherThreadAndWait { framework.withLock { $0 = TestFramework.current } }
        #expect(framework.withLock { $0 } == .swiftTestingOutsideTest)
    }

    @Test func aCheckInTheTestsOwnTaskIsAnIssueOfTheTest() async {
        #expect(TestFramework.current == .swiftTesting)
        #expect(await Task { TestFramework.current }.value == .swiftTesting)
    }

    /// The situation in which a Swift Testing test (`test`), an XCTest case (`xcCase`), and a process run by Swift
    /// Testing or by XCTest are present.
    private static func situation(
        test: Bool = false,
        xcCase: XCTestCases.State = .unknown,
        swiftTesting: Bool = false,
        xcTest: Bool = false
    ) -> TestFramework.Situation {
        .init(swiftTestingTest: test, xcTestCase: xcCase, swiftTestingProcess: swiftTesting, xcTestProcess: xcTest)
    }

    /// The order, one situation per row.
    @Test(arguments: [
        // A Swift Testing test in this task wins over everything.
        (situation(test: true, xcCase: .running, swiftTesting: true, xcTest: true), TestFramework.swiftTesting),
        // Then a running XCTest case, whatever the process.
        (situation(xcCase: .running, swiftTesting: true), .xcTest),
        // Then Swift Testing running the process: an issue outside any test.
        (situation(swiftTesting: true), .swiftTestingOutsideTest),
        (situation(xcCase: .between, swiftTesting: true), .swiftTestingOutsideTest),
        // Then XCTest running the process, while no case was seen to start or end.
        (situation(xcTest: true), .xcTest),
        // Between two XCTest cases XCTest would drop the failure: standard error.
        (situation(xcCase: .between, xcTest: true), .none),
        // No test framework.
        (situation(), .none),
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
