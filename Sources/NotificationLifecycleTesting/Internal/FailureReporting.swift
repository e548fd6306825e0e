// Both frameworks exist wherever this module is built: the Swift toolchains for Linux and Xcode 26's SDKs for macOS,
// iOS, tvOS, watchOS and visionOS. Platform code lives in the core's lock only.
import Foundation
import NotificationLifecycle
import Testing
import XCTest

/// Where an expectation was called: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// Every expectation makes one when it is called: XCTest's cases are watched from then on (see
    /// ``XCTestCases``), so that a failure raised later on another thread knows whether a case still runs.
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        XCTestCases.watch()
    }

    /// `InboxTests.swift:12`, for messages that name a site.
    var shortDescription: String {
        let file = "\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"
        return "\(file):\(line)"
    }
}

/// Where a failure goes, decided when it happens, in this order:
///
/// 1. A Swift Testing test runs in the current task (`Test.current` is set: in a `@Test` function, its traits and
///    the tasks it creates): an issue of that test.
/// 2. An XCTest case is running (seen through `XCTestObservation`; XCTest's current case is process-wide, so this
///    holds on any thread): a failure of that case.
/// 3. A Swift Testing test was seen in this process, but none runs in the current task (`Task.detached`, a `Thread`,
///    a `DispatchQueue` block): an issue recorded outside any test, which Swift Testing reports and which fails the
///    run.
/// 4. Otherwise the failure goes everywhere it can be heard: an issue outside any test (a Swift Testing run under way
///    reports it, and fails), a failure of XCTest's running case when XCTest may be running one this module has not
///    seen start (it watches from the first expectation on), and a line on standard error.
///
/// Nothing here reads the process's arguments: `swift test` runs each framework in a process of its own and tells
/// Swift Testing's with `--testing-library swift-testing`, but `xcodebuild test` runs both in one process without it.
/// So a Swift Testing run is known by its tests, and a failure no test can be found for goes to both frameworks.
enum TestFramework: Equatable {
    case swiftTesting
    case xcTest
    /// A Swift Testing test ran in this process; the issue belongs to no test.
    case swiftTestingOutsideTest
    /// Neither framework is known to run a test now: an issue outside any test, a failure of XCTest's running case if
    /// `xcTestCaseMayRun`, and a line on standard error.
    case undetermined(xcTestCaseMayRun: Bool)

    /// What the current process and task run; see the type's discussion.
    struct Situation: Equatable {
        var swiftTestingTest: Bool
        var xcTestCase: XCTestCases.State
        /// Whether a Swift Testing test was seen in this process (``SwiftTestingRun``).
        var swiftTestingSeen: Bool
    }

    /// The framework for `situation`, in the order of the type's discussion.
    static func deciding(_ situation: Situation) -> TestFramework {
        if situation.swiftTestingTest { return .swiftTesting }
        if situation.xcTestCase == .running { return .xcTest }
        if situation.swiftTestingSeen { return .swiftTestingOutsideTest }
        return .undetermined(xcTestCaseMayRun: situation.xcTestCase == .unknown)
    }

    static var current: TestFramework {
        deciding(currentSituation)
    }

    static var currentSituation: Situation {
        let swiftTestingTest = SwiftTestingRun.inTest()
        return Situation(
            swiftTestingTest: swiftTestingTest,
            xcTestCase: XCTestCases.state,
            swiftTestingSeen: SwiftTestingRun.seen
        )
    }
}

/// Whether Swift Testing runs tests in this process, known from its tests: the first time this module is used in a
/// Swift Testing test's task, it notes so for the rest of the process.
enum SwiftTestingRun {
    private static let noted = LockedValueBox(false)

    static var seen: Bool { noted.withLock { $0 } }

    /// Whether a Swift Testing test runs in the current task; notes a run when one does.
    static func inTest() -> Bool {
        guard Test.current != nil else { return false }
        noted.withLock { $0 = true }
        return true
    }
}

/// Whether an XCTest case is running, as XCTest's observation tells; watched from the first expectation, recorder
/// or capture a test uses.
enum XCTestCases {
    enum State: Equatable {
        /// No case has been seen to start or end since watching began.
        case unknown
        case running
        case between
    }

    private static let observed = LockedValueBox(State.unknown)

    static var state: State {
        watch()
        return observed.withLock { $0 }
    }

    /// Starts watching, once; notes a Swift Testing run when called in one of its tests.
    static func watch() {
        _ = observer
        _ = SwiftTestingRun.inTest()
    }

    private final class Observer: NSObject, XCTestObservation {
        func testCaseWillStart(_ testCase: XCTestCase) {
            XCTestCases.observed.withLock { $0 = .running }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            XCTestCases.observed.withLock { $0 = .between }
        }
    }

    /// Registered in every process: under `xcodebuild test` the XCTest cases and the Swift Testing tests share one.
    private static let observer: Void = {
        let register: @Sendable () -> Void = { XCTestObservationCenter.shared.addTestObserver(Observer()) }
        if Thread.isMainThread {
            register()
        } else {
            DispatchQueue.main.async(execute: register)
        }
    }()
}

/// Records `failure` at `site` in the framework that runs the current test: the one reporting function every
/// expectation of this module goes through. See ``TestFramework`` for where it goes when no test runs in the
/// current task.
func recordFailure(_ failure: InspectionFailure, at site: CallSite) {
    let location = SourceLocation(
        fileID: "\(site.fileID)",
        filePath: "\(site.filePath)",
        line: Int(site.line),
        column: Int(site.column)
    )
    switch TestFramework.current {
    case .swiftTesting, .swiftTestingOutsideTest:
        recordIssue(failure, at: location)
    case .xcTest:
        XCTFail(failure.message, file: site.filePath, line: site.line)
    case .undetermined(let xcTestCaseMayRun):
        recordIssue(failure, at: location)
        if xcTestCaseMayRun { XCTFail(failure.message, file: site.filePath, line: site.line) }
        FileHandle.standardError.write(Data("\(site.shortDescription): error: \(failure.message)\n".utf8))
    }
}

/// Records `failure` as a Swift Testing issue whose headline is the summary and whose comment is the details (none
/// when there are none), so that the sentence shows once.
///
/// `Issue.record(_:sourceLocation:)` heads its issue "Issue recorded" and shows the text one line lower; a failed
/// expectation is headed by its expression, so the summary is passed as the expression of a failed check, as
/// `#expect` does.
func recordIssue(_ failure: InspectionFailure, at location: SourceLocation) {
    _ = __checkValue(
        false,
        expression: .__fromSyntaxNode(failure.summary),
        comments: failure.details.isEmpty ? [] : [Comment(rawValue: failure.details)],
        isRequired: false,
        sourceLocation: location
    )
}
