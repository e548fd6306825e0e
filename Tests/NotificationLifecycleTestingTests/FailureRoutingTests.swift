import Foundation
import NotificationLifecycle
import Testing
import XCTest

@testable import NotificationLifecycleTesting

/// Where a failure goes when no test runs in the current task (issue 24, item 7; issue 36, item 5): decided in the
/// order ``TestFramework`` states, never dropped, and never sent to two frameworks when one is known.
@Suite("Failure routing outside the test's task")
struct FailureRoutingTests {
    @Test func aCheckInADetachedTaskOfASwiftTestingTestFailsTheRun() async {
        // Asking in the test's own task notes the Swift Testing run, as any expectation or recorder made there does.
        #expect(TestFramework.current() == .swiftTesting)
        let framework = await Task.detached { TestFramework.current() }.value
        #expect(framework == .swiftTestingOutsideTest)
    }

    @Test func aCheckOnAThreadOfASwiftTestingTestFailsTheRun() {
        #expect(TestFramework.current() == .swiftTesting)
        let framework = LockedValueBox<TestFramework?>(nil)
        onAnotherThreadAndWait { framework.withLock { $0 = TestFramework.current() } }
        #expect(framework.withLock { $0 } == .swiftTestingOutsideTest)
    }

    @Test func aCheckInTheTestsOwnTaskIsAnIssueOfTheTest() async {
        #expect(TestFramework.current() == .swiftTesting)
        #expect(await Task { TestFramework.current() }.value == .swiftTesting)
        #expect(SwiftTestingRun.seen)
    }

    /// Before issue 36 this failure went to an issue of no test (`Test «unknown»`), and the test passed: a
    /// `withKnownIssue` around the same lines captured nothing.
    @Test func aFailureInADetachedTaskAboutARecorderReachesTheTestThatMadeIt() async {
        let failures = await capturingFailures {
            let recorder = DeliveryRecorder()
            _ = await Task.detached { expectDelivered(.name(.ping), in: recorder) }.value
        }
        #expect(failures.count == 1)
        #expect(failures.first?.summary.hasPrefix("Expected notification ping to be delivered once") == true)
    }

    @Test func aFailureOnAThreadAboutARecorderReachesTheTestThatMadeIt() async {
        let failures = capturingFailures {
            let recorder = DeliveryRecorder()
            onAnotherThreadAndWait { expectDelivered(.name(.ping), in: recorder) }
        }
        #expect(failures.count == 1)
    }

    /// The trait keeps such a failure and records it in the test's task when the test ends: here the trait runs
    /// inside the package's seam, which keeps what it records.
    @Test func theTraitFailsItsTestWithAFailureRaisedInADetachedTask() async throws {
        let test = try #require(Test.current)
        let failures = await capturingFailures {
            try? await UnexpectedDiagnosticsTrait().provideScope(for: test, testCase: nil) {
                let recorder = DeliveryRecorder()
                _ = await Task.detached { expectDelivered(.name(.ping), in: recorder) }.value
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == #line - 4)
    }

    /// A check that is not about a recorder follows the core's claim: the trait's scope made the screen's engine
    /// for its center, so the failure about the host reaches the test. Before, it was an issue of no test and the
    /// capture kept nothing.
    @Test func theTraitFailsItsTestWithAListeningFailureRaisedInADetachedTask() async throws {
        let test = try #require(Test.current)
        let failures = await capturingFailures {
            try? await UnexpectedDiagnosticsTrait().provideScope(for: test, testCase: nil) {
                let host = EngineHost(center: NotificationCenter())
                _ = await Task.detached { expectListening(host, to: .name(.pong)) }.value
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == #line - 4)
    }

    @Test func theTraitFailsItsTestWithAnInfoFailureRaisedOnAThread() async throws {
        let test = try #require(Test.current)
        let failures = await capturingFailures {
            try? await UnexpectedDiagnosticsTrait().provideScope(for: test, testCase: nil) {
                let pong = EngineHost(center: NotificationCenter()).notificationEngine.infos[1]
                onAnotherThreadAndWait { expectListening(pong) }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.summary.contains("pong") == true)
    }

    /// Without the trait, a failure about a subject first checked in the test's task names that test.
    @Test func withoutAScopeAFailureAboutACheckedSubjectNamesTheTest() async {
        let center = NotificationCenter()
        let host = EngineHost(center: center)
        expectNotListening(host, to: .name(.pong))  // passes, and notes the center as checked here
        let origin = await Task.detached { FailureOrigin.about(center) }.value
        let name = "withoutAScopeAFailureAboutACheckedSubjectNamesTheTest() at FailureRoutingTests.swift:\(#line - 5)"
        #expect(origin?.testName == name)
        let failure = InspectionFailure(summary: "Expected it.").namingOrigin(origin)
        #expect(
            failure.summary
                == "Expected it. (Raised outside the task of the test that checked the center's engines and infos "
                + "first, \(name).)"
        )
        #expect(await Task.detached { FailureOrigin.about(NotificationCenter()) }.value == nil)
    }

    /// Without a scope Swift Testing cannot attribute the failure to the test: the issue belongs to no test, and
    /// its text names the test that made the recorder.
    @Test func withoutAScopeTheFailureNamesTheTestThatMadeTheRecorder() async {
        let recorder = DeliveryRecorder()
        let framework = await Task.detached { TestFramework.current(origin: recorder.origin) }.value
        #expect(framework == .swiftTestingOutsideTest)
        let name = "withoutAScopeTheFailureNamesTheTestThatMadeTheRecorder() at FailureRoutingTests.swift:\(#line - 4)"
        #expect(recorder.origin.testName == name)
        let failure = InspectionFailure(summary: "Expected it.").namingOrigin(recorder.origin)
        #expect(
            failure.summary == "Expected it. (Raised outside the task of the test that made the recorder, \(name).)"
        )
    }

    /// The order, one situation per row.
    @Test(arguments: [
        // The package's seam, in the current task, wins over everything.
        (TestFramework.Situation(capture: true, swiftTestingTest: true, xcTestCase: .running), TestFramework.capture),
        // Then a Swift Testing test in this task (under xcodebuild, also while an XCTest case runs).
        (
            .init(swiftTestingTest: true, recorderScope: true, xcTestCase: .running, swiftTestingSeen: true),
            .swiftTesting
        ),
        (.init(swiftTestingTest: true), .swiftTesting),
        // Then the scope open where the recorder the failure is about was made.
        (.init(recorderScope: true, xcTestCase: .running, swiftTestingSeen: true), .recorderScope),
        // Then a running XCTest case: swift test's XCTest process, or xcodebuild's shared one.
        (.init(xcTestCase: .running), .xcTest),
        (.init(xcTestCase: .running, swiftTestingSeen: true), .xcTest),
        // Then a Swift Testing run known in the process: an issue outside any test, which fails the run.
        (.init(swiftTestingSeen: true), .swiftTestingOutsideTest),
        (.init(xcTestCase: .between, swiftTestingSeen: true, xcTestProcess: true), .swiftTestingOutsideTest),
        // Then XCTest's first case that uses the module, which started before the module watched: XCTest alone.
        (.init(xcTestCase: .unknown, xcTestProcess: true), .xcTest),
        // Neither known: every framework that may hear it, and standard error. Before XCTest's observer saw a case
        // start or end, the case running (if any) gets it too; between two cases it would drop it.
        (.init(), .undetermined(xcTestCaseMayRun: true)),
        (.init(xcTestCase: .between), .undetermined(xcTestCaseMayRun: false)),
        (.init(xcTestCase: .between, xcTestProcess: true), .undetermined(xcTestCaseMayRun: false)),
    ])
    func theOrder(_ situation: TestFramework.Situation, _ expected: TestFramework) {
        #expect(TestFramework.deciding(situation) == expected)
    }

    /// `swift test` starts Swift Testing's process with `--testing-library swift-testing`, and XCTest's without it
    /// (on Linux, one `.xctest` executable runs both).
    #if os(Linux)
    @Test func theProcessIsKnownFromItsLaunch() {
        #expect(TestProcess.runsSwiftTestingAlone, "\(ProcessInfo.processInfo.arguments)")
        #expect(!TestProcess.runsXCTest)
    }
    #endif
}

/// The XCTest side: a check made on another thread while a case runs fails that case.
final class XCTestFailureRoutingTests: FailureCapturingTestCase {
    func testACheckOnAnotherThreadAboutARecorderMadeInTheCaptureIsCaptured() async {
        let failures = capturedFailures {
            let recorder = DeliveryRecorder()
            onAnotherThreadAndWait { expectDelivered(.name(.ping), in: recorder) }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.hasPrefix("Expected notification ping") == true)
    }

    func testTheRunningCaseIsSeen() {
        let framework = LockedValueBox<TestFramework?>(nil)
        onAnotherThreadAndWait { framework.withLock { $0 = TestFramework.current() } }
        XCTAssertEqual(framework.withLock { $0 }, .xcTest)
        XCTAssertNotEqual(XCTestCases.state, .between)
    }

    #if os(Linux)
    func testThisProcessRunsXCTest() {
        XCTAssertTrue(TestProcess.runsXCTest, "\(ProcessInfo.processInfo.arguments)")
        XCTAssertFalse(TestProcess.runsSwiftTestingAlone)
    }
    #endif
}
