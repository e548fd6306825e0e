import NotificationLifecycle
public import Testing

/// A Swift Testing trait that fails a test at each NotificationLifecycle diagnostic it did not expect.
///
/// Add it to a test, or to a suite to apply it to every test in it:
///
/// ```swift
/// @Suite(.failsOnUnexpectedDiagnostics)
/// @MainActor struct InboxScreenTests {
///     @Test func appearingTwiceIsHarmless() {
///         let screen = InboxScreen(notificationCenter: NotificationCenter())
///         screen.appear()
///         screen.appear()  // no diagnostic: passes
///     }
///
///     @Test func stoppingLifetimeIsReported() {
///         let screen = InboxScreen(notificationCenter: NotificationCenter())
///         // Expected: captured here, not a failure.
///         expectDiagnostics([.lifetimeStop]) {
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
///
/// The trait also fails the test with the failures about a ``DeliveryRecorder`` made in the test, and those of the
/// listening, registration and lifecycle checks about the centers it made engines or infos for, raised in a task or
/// on a thread that does not run the test (a `Task.detached`, a `Thread`) before the test ends: each is recorded when
/// the test ends, at the line of the expectation. Swift Testing cannot attribute such a failure to the test otherwise.
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
        // Failures raised outside the test's task about recorders made in it are kept, and recorded here, in the
        // test's task, where Swift Testing attributes them to the test.
        let failures = FailureScope(captures: false)
        // Failures about the centers this scope made engines or infos for reach the test too.
        let role = "made the center's engines and infos"
        let origin = FailureOrigin(scope: failures, testName: FailureOrigin.name(test), role: role)
        let strict = DiagnosticScope(strict: "the test runs with .failsOnUnexpectedDiagnostics", origin: origin) {
            recordInTest($0, at: sourceLocation)
        }
        defer { for failure in failures.close() { recordInTest(failure) } }
        try await FailureScope.$current.withValue(failures) { try await strict.run { try await function() } }
    }
}

extension Trait where Self == UnexpectedDiagnosticsTrait {
    /// Fails the test at each NotificationLifecycle diagnostic that it does not capture with
    /// `expectDiagnostics(_:_:)`.
    public static var failsOnUnexpectedDiagnostics: Self { Self() }
}
