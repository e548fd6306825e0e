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
/// 3. Swift Testing runs the process, but no test runs in the current task (`Task.detached`, a `Thread`, a
///    `DispatchQueue` block): an issue recorded outside any test, which Swift Testing reports and which fails the run.
/// 4. XCTest runs the process and no case has been seen to start or end yet: a failure of the case running.
/// 5. Otherwise (no test framework runs, or an XCTest failure raised between cases, which XCTest would drop): a line
///    on standard error.
enum TestFramework: Equatable {
    case swiftTesting
    case xcTest
    /// Swift Testing runs the process; the issue belongs to no test.
    case swiftTestingOutsideTest
    case none

    /// What the current process and task run; see the type's discussion.
    struct Situation: Equatable {
        var swiftTestingTest: Bool
        var xcTestCase: XCTestCases.State
        var swiftTestingProcess: Bool
        var xcTestProcess: Bool
    }

    /// The framework for `situation`, in the order of the type's discussion.
    static func deciding(_ situation: Situation) -> TestFramework {
        if situation.swiftTestingTest { return .swiftTesting }
        if situation.xcTestCase == .running { return .xcTest }
        if situation.swiftTestingProcess { return .swiftTestingOutsideTest }
        if situation.xcTestProcess && situation.xcTestCase == .unknown { return .xcTest }
        return .none
    }

    static var current: TestFramework {
        deciding(currentSituation)
    }

    static var currentSituation: Situation {
        var swiftTestingTest = false
        swiftTestingTest = Test.current != nil
        return Situation(
            swiftTestingTest: swiftTestingTest,
            xcTestCase: XCTestCases.state,
            swiftTestingProcess: ProcessRole.swiftTesting,
            xcTestProcess: ProcessRole.xcTest
        )
    }
}

/// What the process was started to run, from its arguments and name.
enum ProcessRole {
    /// SwiftPM starts the test product with `--testing-library swift-testing` for its Swift Testing run.
    static let swiftTesting: Bool = {
        let arguments = CommandLine.arguments
        return zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
    }()

    /// An XCTest bundle (`….xctest` on Linux, the `xctest` tool on Apple platforms) outside the Swift Testing run.
    static let xcTest: Bool = {
        let name = (CommandLine.arguments.first ?? "").split(separator: "/").last.map(String.init) ?? ""
        return !swiftTesting && (name.hasSuffix(".xctest") || name == "xctest")
    }()
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

    /// Starts watching, once.
    static func watch() {
        _ = observer
    }

    private final class Observer: NSObject, XCTestObservation {
        func testCaseWillStart(_ testCase: XCTestCase) {
            XCTestCases.observed.withLock { $0 = .running }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            XCTestCases.observed.withLock { $0 = .between }
        }
    }

    private static let observer: Void = {
        guard ProcessRole.xcTest else { return }
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
    switch TestFramework.current {
    case .swiftTesting, .swiftTestingOutsideTest:
        recordIssue(
            failure,
            at: SourceLocation(
                fileID: "\(site.fileID)",
                filePath: "\(site.filePath)",
                line: Int(site.line),
                column: Int(site.column)
            )
        )
    case .xcTest:
        XCTFail(failure.message, file: site.filePath, line: site.line)
    case .none:
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
