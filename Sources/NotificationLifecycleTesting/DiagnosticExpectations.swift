public import NotificationLifecycle

/// Runs `body` and expects it to report diagnostics of exactly `rules`, in order; returns what it reported.
///
/// ```swift
/// @Test @MainActor func stoppingLifetimeIsReported() {
///     expectDiagnostics([.lifetimeStop]) {
///         screen.notificationEngine.stop(.lifetime)
///     }
/// }
/// ```
///
/// The capture sees every report raised in `body`'s task (and the tasks it creates) while `body` runs. It also
/// sees reports raised on any other thread or task, such as in a handler on an `OperationQueue` or an
/// `AsyncMessage` handler, about a center for which the test made an engine, a controller or an info inside a
/// capture or strict mode that is still open: with `.failsOnUnexpectedDiagnostics` on the suite (Swift Testing) or
/// `expectNoDiagnostics { super.invokeTest() }` (XCTest), that is every center the test uses. Wait inside `body`
/// (the asynchronous form, with ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)-(_,_,_,_,_,TimeInterval,_,_,_,_,_)``)
/// for the work that reports.
///
/// > Important: A report raised on another thread about a center for which nothing was made inside an open
/// > capture (a controller made before the capture, in a test without strict mode) reaches no capture: it goes to
/// > the handler installed with `NotificationDiagnostic.installHandler(_:)`, or to standard error. Give each test
/// > its own `NotificationCenter()`: a center shared by tests that run at once belongs to the last one that made
/// > something for it.
///
/// - Parameters:
///   - rules: The rules of the expected diagnostics, in the order they are reported; `[]` expects none.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - body: The code expected to report them.
/// - Returns: The diagnostics, to check their messages.
@discardableResult
public func expectDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () throws -> Void
) rethrows -> [NotificationDiagnostic] {
    let capture = DiagnosticScope()
    try capture.run(body)
    check(capture.failure(against: rules), fileID, filePath, line, column)
    return capture.reports
}

/// Runs the asynchronous `body` and expects it to report diagnostics of exactly `rules`, in order.
///
/// ```swift
/// @Test @MainActor func stoppingLifetimeLaterIsReported() async {
///     await expectDiagnostics([.lifetimeStop]) {
///         await Task.yield()
///         screen.notificationEngine.stop(.lifetime)
///     }
/// }
/// ```
///
/// See ``expectDiagnostics(_:fileID:filePath:line:column:_:)`` for what the capture sees.
///
/// - Parameters:
///   - rules: The rules of the expected diagnostics, in the order they are reported; `[]` expects none.
///   - isolation: The caller's actor; leave the default.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - body: The code expected to report them.
/// - Returns: The diagnostics, to check their messages.
@discardableResult
public func expectDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Void
) async rethrows -> [NotificationDiagnostic] {
    let capture = DiagnosticScope()
    try await capture.run(isolation: isolation, body)
    check(capture.failure(against: rules), fileID, filePath, line, column)
    return capture.reports
}

/// Runs `body` and fails the test at each diagnostic it reports that no capture inside takes: a strict mode.
///
/// Wrap every test of an XCTest case (Swift Testing tests use the `.failsOnUnexpectedDiagnostics` trait):
///
/// ```swift
/// nonisolated final class InboxScreenXCTests: XCTestCase {
///     override func invokeTest() {
///         expectNoDiagnostics { super.invokeTest() }
///     }
/// }
/// ```
///
/// A report raised in `body`'s task fails the test at once; one raised on another thread or task about a center
/// the test made something for (see ``expectDiagnostics(_:fileID:filePath:line:column:_:)``)
/// fails it when `body` returns. Diagnostics captured inside by `expectDiagnostics` are expected and do not fail
/// it. The failure is recorded at this call; its message names the file and line of the misuse.
///
/// - Parameters:
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - body: The code that must report nothing.
/// - Returns: What `body` returns.
public func expectNoDiagnostics<Result>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () throws -> Result
) rethrows -> Result {
    let strict = DiagnosticScope(strict: "expectNoDiagnostics") { check($0, fileID, filePath, line, column) }
    return try strict.run(body)
}

/// Runs the asynchronous `body` and fails the test at each diagnostic it reports that no capture inside takes; returns
/// what `body` returns.
///
/// ```swift
/// @Test func savingReportsNothing() async throws {
///     let draft = Draft(text: "Hello")
///     let saved = try await expectNoDiagnostics {
///         try await store.save(draft)
///     }
///     #expect(saved == draft)
/// }
/// ```
///
/// See ``expectNoDiagnostics(fileID:filePath:line:column:_:)`` for what fails the test and where.
///
/// - Parameters:
///   - isolation: The caller's actor; leave the default.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - body: The code that must report nothing.
/// - Returns: What `body` returns.
public func expectNoDiagnostics<Result>(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Result
) async rethrows -> Result {
    let strict = DiagnosticScope(strict: "expectNoDiagnostics") { check($0, fileID, filePath, line, column) }
    return try await strict.run(isolation: isolation, body)
}
