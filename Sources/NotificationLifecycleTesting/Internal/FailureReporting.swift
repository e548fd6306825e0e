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

    /// Made where an expectation records a failure or starts a wait (and XCTest's cases are watched from then on,
    /// see ``XCTestCases``).
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        XCTestCases.watch()
    }

    /// `InboxTests.swift:12`, for messages that name a site.
    var shortDescription: String { shortSite("\(fileID)", line) }

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
    case capture
    case swiftTesting
    case recorderScope
    case xcTest
    /// A Swift Testing run is known; the issue belongs to no test.
    case swiftTestingOutsideTest
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
        /// Whether a Swift Testing test was seen in this process (``SwiftTestingRun``), or the process runs Swift
        /// Testing alone.
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
    private static let environment = ProcessInfo.processInfo.environment

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
                environment[$0] != nil
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

/// Whether an XCTest case is running, as XCTest's observation tells; watched from the first failure, wait or
/// recorder of the process.
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

/// A place for the failures of one test, opened in the test's task: the test seam that keeps them
/// (``capturingFailures(isolation:_:)``), or the `.failsOnUnexpectedDiagnostics` trait, which keeps only the failures
/// raised outside the test's task about recorders made in it, and records them in the test when it ends.
final class FailureScope: Sendable {
    /// The innermost scope open in the current task (and inherited by the tasks it creates with `Task {}`).
    @TaskLocal static var current: FailureScope?

    /// Whether failures raised in the scope's own task are kept too (the seam), not only those about its recorders.
    let captures: Bool
    private let state = LockedValueBox<(isOpen: Bool, kept: [(InspectionFailure, SourceLocation)])>((true, []))

    /// The scope that was current where this one opened.
    private let parent: FailureScope?

    init(captures: Bool) {
        self.captures = captures
        parent = Self.current
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// The innermost open capture among this scope and those it opened in: where a failure of this task is kept.
    var openCapture: FailureScope? {
        captures && isOpen ? self : parent?.openCapture
    }

    /// Keeps `failure`; answers `false` once the scope has closed.
    func keep(_ failure: InspectionFailure, at location: SourceLocation) -> Bool {
        state.withLock { state in
            guard state.isOpen else { return false }
            state.kept.append((failure, location))
            return true
        }
    }

    /// Closes the scope and returns what it kept, in the order it was kept.
    func close() -> [(InspectionFailure, SourceLocation)] {
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
    static var here: FailureOrigin {
        FailureOrigin(scope: FailureScope.current, testName: Test.current.map(name))
    }

    /// `inboxListens() at InboxTests.swift:12`.
    static func name(_ test: Test) -> String {
        let file = test.sourceLocation.fileID.split(separator: "/").last.map(String.init) ?? ""
        return "\(test.name) at \(file):\(test.sourceLocation.line)"
    }

    /// The origin of a failure about the engines and infos of `center`, checked now. In a test's task (or a capture)
    /// it notes the center as first checked there. Outside one it answers, first, the test running with
    /// `.failsOnUnexpectedDiagnostics` whose scope made an engine or info for the center (the core's claim, the one
    /// its reports follow); then the test whose task checked the center first; else `nil`.
    static func about(_ center: NotificationCenter) -> FailureOrigin? {
        if Test.current != nil || FailureScope.current != nil {
            let origin = FailureOrigin(
                scope: FailureScope.current,
                testName: Test.current.map(name),
                role: "checked the center's engines and infos first"
            )
            CheckedCenters.note(center, origin)
            return origin
        }
        if let origin = DiagnosticScope.openClaiming(center)?.origin { return origin }
        return CheckedCenters.firstChecked(center)
    }
}

/// The tests that met each center, for failures raised outside their tasks.
enum CheckedCenters {
    /// Centers first checked in a test's task, held weakly, with that test.
    private static let checked = LockedValueBox<
        [ObjectIdentifier: (center: WeakReference<NotificationCenter>, origin: FailureOrigin)]
    >([:])

    /// Notes `center` as checked in `origin`'s test, unless a live entry has it; drops the entries of released
    /// centers, so the table stays as small as the centers alive.
    static func note(_ center: NotificationCenter, _ origin: FailureOrigin) {
        let id = ObjectIdentifier(center)
        checked.withLock { checked in
            if checked[id]?.center.object === center { return }
            checked = checked.filter { $0.value.center.object != nil }
            checked[id] = (WeakReference(center), origin)
        }
    }

    static func firstChecked(_ center: NotificationCenter) -> FailureOrigin? {
        checked.withLock { checked in
            guard let entry = checked[ObjectIdentifier(center)], entry.center.object === center else { return nil }
            return entry.origin
        }
    }
}

/// Records `failure` at `site` in the framework that runs the current test: the one reporting function every
/// expectation of this module goes through. See ``TestFramework`` for where it goes when no test runs in the
/// current task; `origin` is that of the recorder the failure is about, if any.
func recordFailure(_ failure: InspectionFailure, at site: CallSite, origin: FailureOrigin? = nil) {
    var framework = TestFramework.current(origin: origin)
    if framework == .capture, FailureScope.current?.openCapture?.keep(failure, at: site.sourceLocation) == true {
        return
    }
    if framework == .recorderScope, origin?.scope?.keep(failure, at: site.sourceLocation) == true { return }
    if framework == .capture || framework == .recorderScope {
        framework = TestFramework.current(origin: origin, scopes: false)
    }
    switch framework {
    case .swiftTesting:
        recordIssue(failure, at: site.sourceLocation)
    case .xcTest:
        XCTFail(failure.message, file: site.filePath, line: site.line)
    case .capture, .recorderScope, .swiftTestingOutsideTest:
        recordIssue(failure.namingOrigin(origin), at: site.sourceLocation)
    case .undetermined(let xcTestCaseMayRun):
        recordIssue(failure.namingOrigin(origin), at: site.sourceLocation)
        if xcTestCaseMayRun { XCTFail(failure.message, file: site.filePath, line: site.line) }
        FileHandle.standardError.write(Data("\(site.shortDescription): error: \(failure.message)\n".utf8))
    }
}

/// Records `failure` at `location` as an issue of the Swift Testing test running in the current task, or keeps it in
/// the package's seam when one is open here: what the trait records, in its test's task.
func recordInTest(_ failure: InspectionFailure, at location: SourceLocation) {
    if FailureScope.current?.openCapture?.keep(failure, at: location) == true { return }
    recordIssue(failure, at: location)
}

extension InspectionFailure {
    /// The failure with the test of `origin` named in its summary, for an issue that belongs to no test.
    func namingOrigin(_ origin: FailureOrigin?) -> InspectionFailure {
        guard let name = origin?.testName else { return self }
        return InspectionFailure(
            summary: summary + " (Raised outside the task of the test that \(origin?.role ?? ""), \(name).)",
            details: details
        )
    }
}

/// Records `failure` as a Swift Testing issue whose comment is the whole message: the sentence, then the details.
///
/// Swift Testing heads the issue "Issue recorded" and shows the message one line lower.
func recordIssue(_ failure: InspectionFailure, at location: SourceLocation) {
    Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
}

/// A failure this module raised, as ``capturingFailures(isolation:_:)`` keeps it.
package struct CapturedFailure: Sendable {
    /// The sentence: "Expected …, but …".
    package let summary: String
    /// The table, or empty.
    package let details: String
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int

    /// The summary, then the details on the following lines: the text a framework records.
    package var message: String {
        details.isEmpty ? summary : summary + "\n" + details
    }
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
    return scope.close().map(CapturedFailure.init)
}

/// The synchronous form of ``capturingFailures(isolation:_:)``.
package func capturingFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
    let scope = FailureScope(captures: true)
    try FailureScope.$current.withValue(scope, operation: body)
    return scope.close().map(CapturedFailure.init)
}

extension CapturedFailure {
    fileprivate init(_ kept: (InspectionFailure, SourceLocation)) {
        let (failure, location) = kept
        self.init(
            summary: failure.summary,
            details: failure.details,
            fileID: location.fileID,
            filePath: location.filePath,
            line: location.line,
            column: location.column
        )
    }
}
