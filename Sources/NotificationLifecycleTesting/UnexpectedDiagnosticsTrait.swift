import NotificationLifecycle
public import Testing

/// A Swift Testing trait that fails a test at each NotificationLifecycle diagnostic it did not expect.
///
/// Add it to a test, or to a suite to apply it to every test in it:
///
/// ```swift
/// @Suite(.failsOnUnexpectedDiagnostics)
/// struct InboxScreenTests {
///     @Test func appearingTwiceIsHarmless() {
///         let screen = InboxScreen(notificationCenter: NotificationCenter())
///         screen.appear()
///         screen.appear()  // no diagnostic: passes
///     }
///
///     @Test func stoppingLifetimeIsReported() {
///         let screen = InboxScreen(notificationCenter: NotificationCenter())
///         expectDiagnostics([.lifetimeStop]) {  // expected: captured here, not a failure
///             screen.notificationEngine.stop(.lifetime)
///         }
///     }
/// }
/// ```
///
/// Each unexpected diagnostic is recorded as an issue at the test's declaration, with the diagnostic's own file
/// and line in its message. The trait sees the reports raised by the test's task, its child tasks and the `Task {}`
/// it starts, as they are raised; and the reports raised on any other thread or task about the centers the test
/// made controllers, engines or infos for, recorded when the test ends. Tests running in parallel do not fail each
/// other as long as each has its own `NotificationCenter()`.
public struct UnexpectedDiagnosticsTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is added to.
    public var isRecursive: Bool { true }

    /// Runs the test with its diagnostics recorded as issues.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let sourceLocation = test.sourceLocation
        let strict = StrictDiagnostics(mode: "the test runs with .failsOnUnexpectedDiagnostics") { failure in
            recordIssue(failure, at: sourceLocation)
        }
        defer { strict.recordLateReports() }
        try await DiagnosticRouting.withScope(strict.receive, function)
    }
}

extension Trait where Self == UnexpectedDiagnosticsTrait {
    /// Fails the test at each NotificationLifecycle diagnostic that it does not capture with
    /// `expectDiagnostics(_:_:)`.
    public static var failsOnUnexpectedDiagnostics: Self { Self() }
}
