// Both frameworks exist wherever this module is built: the Swift toolchains for Linux and Xcode 26's SDKs for macOS,
// iOS, tvOS, watchOS and visionOS. Platform code lives in the core's lock only.
import Foundation
import NotificationLifecycle
import Testing
import XCTest

/// Why an expectation did not hold: one sentence "Expected …, but …" with the remedy, then what is registered; and,
/// once raised, where. The package's seam (``capturingFailures(isolation:_:)``) hands it out as it is.
package struct InspectionFailure: Error, Sendable {
    /// The sentence: "Expected …, but …".
    package var summary: String
    /// A plain-text table of what is registered, recorded or reported; empty when there is nothing to show.
    package var details = ""
    /// The caller's place, set when the failure is raised.
    var location: SourceLocation?

    /// The summary, then the details on the following lines: the text every framework records.
    package var message: String { details.isEmpty ? summary : summary + "\n" + details }
    package var fileID: String { location?.fileID ?? "" }
    package var filePath: String { location?.filePath ?? "" }
    package var line: Int { location?.line ?? 0 }
    package var column: Int { location?.column ?? 0 }

    /// The failure with `text` appended to its summary.
    func appending(_ text: String) -> Self { Self(summary: summary + text, details: details, location: location) }

    /// The failure with the test of `origin` named in its summary, for an issue that belongs to no test.
    func namingOrigin(_ origin: FailureOrigin?) -> InspectionFailure {
        guard let origin, let name = origin.testName else { return self }
        return appending(" (Raised outside the task of the test that \(origin.role), \(name).)")
    }
}

/// A failure this module raised, as ``capturingFailures(isolation:_:)`` keeps it: its summary, details, message and
/// the caller's `fileID`, `filePath`, `line` and `column`.
package typealias CapturedFailure = InspectionFailure

/// Where an expectation was called: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}

/// Where a failure goes, decided when it happens, in this order:
///
/// 1. A failure capture is open in the current task (``FailureScope``, this package's test seam): kept there.
/// 2. A Swift Testing test runs in the current task (`Test.current` is set: in a `@Test` function, its traits and
///    the tasks it creates): an issue of that test.
/// 3. The failure's origin (``FailureOrigin``: where its recorder was made, or the test that made or first checked
///    its subject's center) has a scope that is still open (a capture, or the test of the
///    `.failsOnUnexpectedDiagnostics` trait): kept there; the trait records it in its test when the test ends.
/// 4. An XCTest case is running (seen through `XCTestObservation`; XCTest's current case is process-wide, so this
///    holds on any thread): a failure of that case.
/// 5. A Swift Testing test was seen in this process, or the process was started to run Swift Testing alone
///    (`--testing-library swift-testing`), but none runs in the current task (`Task.detached`, a `Thread`, a
///    `DispatchQueue` block): an issue recorded outside any test, whose text names the test of the origin when there
///    is one.
/// 6. No XCTest case has been seen to start or end, and the process runs XCTest (a `.xctest` bundle or executable, or
///    Xcode's test environment): a failure of XCTest's running case. This is the first case that uses the module,
///    which started before the module could watch it.
/// 7. Otherwise the failure goes everywhere it can be heard: an issue outside any test, a failure of XCTest's running
///    case when no case has been seen to end, and a line on standard error.
enum TestFramework: Equatable {
    /// `swiftTestingOutsideTest`: a Swift Testing run is known; the issue belongs to no test.
    case capture, swiftTesting, recorderScope, xcTest, swiftTestingOutsideTest
    /// Neither framework is known to run a test now: an issue outside any test, a failure of XCTest's running case if
    /// `xcTestCaseMayRun`, and a line on standard error.
    case undetermined(xcTestCaseMayRun: Bool)

    /// What the current process and task run; see the type's discussion.
    struct Situation: Equatable {
        var capture = false
        var swiftTestingTest = false
        /// Whether the failure's origin has a scope that is still open.
        var recorderScope = false
        var xcTestCase = XCTestCases.State.unknown
        /// Whether a Swift Testing test was seen in this process, or the process runs Swift Testing alone.
        var swiftTestingSeen = false
        /// Whether the process was started to run XCTest (``TestProcess``).
        var xcTestProcess = false
    }

    /// The framework for `situation`, in the order of the type's discussion.
    static func deciding(_ situation: Situation) -> TestFramework {
        if situation.capture { return .capture }
        if situation.swiftTestingTest { return .swiftTesting }
        if situation.recorderScope { return .recorderScope }
        if situation.xcTestCase == .running { return .xcTest }
        if situation.swiftTestingSeen { return .swiftTestingOutsideTest }
        if situation.xcTestCase == .unknown && situation.xcTestProcess { return .xcTest }
        return .undetermined(xcTestCaseMayRun: situation.xcTestCase == .unknown)
    }

    /// The framework for a failure raised now, in the current task; `origin` is the recorder's, if it is about one.
    /// Without `scopes`, the open scopes are passed over (one closed while the failure was kept).
    static func current(origin: FailureOrigin? = nil, scopes: Bool = true) -> TestFramework {
        deciding(
            Situation(
                capture: scopes && FailureScope.current?.openCapture != nil,
                swiftTestingTest: SwiftTestingRun.inTest(),
                recorderScope: scopes && origin?.scope?.isOpen == true,
                xcTestCase: XCTestCases.state,
                swiftTestingSeen: SwiftTestingRun.seen || TestProcess.runsSwiftTestingAlone,
                xcTestProcess: TestProcess.runsXCTest
            )
        )
    }
}

/// What the process's launch says about the frameworks it runs, read once.
enum TestProcess {
    private static let arguments = ProcessInfo.processInfo.arguments

    /// `swift test` starts its Swift Testing process with `--testing-library swift-testing`, and its XCTest process
    /// without it (on Linux, the same `.xctest` executable runs both).
    static let runsSwiftTestingAlone: Bool =
        arguments.contains("--testing-library=swift-testing")
        || zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }

    /// A `.xctest` executable or bundle in the arguments (`swift test` on Linux and macOS), or the variables Xcode's
    /// test action sets; and not a Swift Testing process.
    static let runsXCTest: Bool =
        !runsSwiftTestingAlone
        && (arguments.contains { $0.hasSuffix(".xctest") || $0.contains(".xctest/") }
            || ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"].contains {
                ProcessInfo.processInfo.environment[$0] != nil
            })
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

/// Whether an XCTest case is running, as XCTest's observation tells; watched from the first failure or recorder of
/// the process. Observation does not replay a case that already runs (``TestFramework``, step 6).
enum XCTestCases {
    /// `unknown`: no case has been seen to start or end since watching began.
    enum State: Equatable { case unknown, running, between }

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
        func testCaseWillStart(_ testCase: XCTestCase) { XCTestCases.observed.withLock { $0 = .running } }
        func testCaseDidFinish(_ testCase: XCTestCase) { XCTestCases.observed.withLock { $0 = .between } }
    }

    /// Registered in every process: under `xcodebuild test` the XCTest cases and the Swift Testing tests share one.
    private static let observer: Void = {
        let register: @Sendable () -> Void = { XCTestObservationCenter.shared.addTestObserver(Observer()) }
        if Thread.isMainThread { register() } else { DispatchQueue.main.async(execute: register) }
    }()
}

/// A place for the failures of one test, opened in the test's task: the test seam that keeps them
/// (``capturingFailures(isolation:_:)``), or the `.failsOnUnexpectedDiagnostics` trait, which keeps only the failures
/// raised outside the test's task about recorders made in it, and records them in the test when it ends.
final class FailureScope: Sendable {
    /// The innermost scope open in the current task (and inherited by the tasks it creates with `Task {}`).
    @TaskLocal static var current: FailureScope?

    /// Whether failures raised in the scope's own task are kept too (the seam), not only those about its recorders.
    let captures: Bool
    /// The scope that was current where this one opened.
    private let parent = FailureScope.current
    private let state = LockedValueBox<(isOpen: Bool, kept: [InspectionFailure])>((true, []))

    init(captures: Bool) { self.captures = captures }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// The innermost open capture among this scope and those it opened in: where a failure of this task is kept.
    var openCapture: FailureScope? { captures && isOpen ? self : parent?.openCapture }

    /// Keeps `failure`; answers `false` once the scope has closed.
    func keep(_ failure: InspectionFailure) -> Bool {
        state.withLock { state in
            if state.isOpen { state.kept.append(failure) }
            return state.isOpen
        }
    }

    /// Closes the scope and returns what it kept, in the order it was kept.
    func close() -> [InspectionFailure] {
        state.withLock { state in
            state.isOpen = false
            return state.kept
        }
    }
}

/// Where a recorder was made, or a check's subject met: the scope open in that task and the Swift Testing test running
/// in it, if any.
struct FailureOrigin: Sendable {
    let scope: FailureScope?
    /// `inboxListens() at InboxTests.swift:12`, the test that made the recorder.
    let testName: String?
    /// What the test did, for the text of an issue of no test: "made the recorder".
    var role = "made the recorder"

    /// The origin of something made now, in the current task.
    static var here: FailureOrigin { FailureOrigin(scope: FailureScope.current, testName: Test.current.map(name)) }

    /// `inboxListens() at InboxTests.swift:12`.
    static func name(_ test: Test) -> String {
        "\(test.name) at \(shortSite(test.sourceLocation.fileID, test.sourceLocation.line))"
    }

    /// Centers first checked in a test's task, with that test, for failures raised outside it.
    private static let checkedCenters = CenterTable<FailureOrigin>()

    /// The origin of a failure about the engines and infos of `center`, checked now. In a test's task (or a capture)
    /// it notes the center as first checked there. Outside one it answers, first, the test running with
    /// `.failsOnUnexpectedDiagnostics` whose scope made an engine or info for the center (the core's claim, the one
    /// its reports follow); then the test whose task checked the center first; else `nil`.
    static func about(_ center: NotificationCenter) -> FailureOrigin? {
        guard Test.current == nil && FailureScope.current == nil else {
            let role = "checked the center's engines and infos first"
            let origin = FailureOrigin(scope: FailureScope.current, testName: Test.current.map(name), role: role)
            checkedCenters.set(origin, for: center, keepingFirst: true)
            return origin
        }
        return DiagnosticScope.openClaiming(center)?.origin ?? checkedCenters.value(for: center)
    }
}

/// Records `failure`, if any, at `site` in the framework that runs the current test: the one reporting function every
/// expectation of this module goes through. See ``TestFramework`` for where it goes when no test runs in the
/// current task; `origin` is that of the recorder or center the failure is about, if any.
func recordFailure(_ failure: InspectionFailure?, at site: CallSite, origin: FailureOrigin? = nil) {
    guard var failure else { return }
    failure.location = site.sourceLocation
    var framework = TestFramework.current(origin: origin)
    if framework == .capture, FailureScope.current?.openCapture?.keep(failure) == true { return }
    if framework == .recorderScope, origin?.scope?.keep(failure) == true { return }
    if [.capture, .recorderScope].contains(framework) { framework = .current(origin: origin, scopes: false) }
    switch framework {
    case .swiftTesting:
        recordIssue(failure)
    case .xcTest:
        XCTFail(failure.message, file: site.filePath, line: site.line)
    case .capture, .recorderScope, .swiftTestingOutsideTest:
        recordIssue(failure.namingOrigin(origin))
    case .undetermined(let xcTestCaseMayRun):
        recordIssue(failure.namingOrigin(origin))
        if xcTestCaseMayRun { XCTFail(failure.message, file: site.filePath, line: site.line) }
        let line = "\(shortSite("\(site.fileID)", site.line)): error: \(failure.message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// Records `failure` at `location` (by default, where it was raised) as an issue of the Swift Testing test running in
/// the current task, or keeps it in the package's seam when one is open here: what the trait records, in its test's
/// task.
func recordInTest(_ failure: InspectionFailure, at location: SourceLocation? = nil) {
    var failure = failure
    failure.location = location ?? failure.location
    if FailureScope.current?.openCapture?.keep(failure) == true { return }
    recordIssue(failure)
}

/// Records `failure` as a Swift Testing issue whose comment is the whole message: the sentence, then the details.
/// Swift Testing heads the issue "Issue recorded" and shows the message one line lower.
private func recordIssue(_ failure: InspectionFailure) {
    Issue.record(Comment(rawValue: failure.message), sourceLocation: failure.location ?? #_sourceLocation)
}

/// The package's test seam: runs `body` and returns the failures this module raised meanwhile in its task (and the
/// tasks it creates with `Task {}`), and those raised anywhere about the recorders made in it, instead of recording
/// them in a framework. Other failures (a `#expect`, an `XCTAssert`) are recorded as usual.
package func capturingFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [CapturedFailure] {
    let scope = FailureScope(captures: true)
    try await FailureScope.$current.withValue(scope, operation: body, isolation: isolation)
    return scope.close()
}

/// The synchronous form of ``capturingFailures(isolation:_:)``.
package func capturingFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
    let scope = FailureScope(captures: true)
    try FailureScope.$current.withValue(scope, operation: body)
    return scope.close()
}

/// The tail of most expectations: records `failure`, when there is one, at the caller's site.
func check(
    _ failure: InspectionFailure?,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt,
    origin: FailureOrigin? = nil
) {
    recordFailure(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), origin: origin)
}
