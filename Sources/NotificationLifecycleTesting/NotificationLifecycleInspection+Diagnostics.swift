public import NotificationLifecycle

extension NotificationLifecycleInspection {
    /// Runs `body` and returns the diagnostics it reported, instead of printing them.
    ///
    /// Only reports made by `body`'s task, its child tasks and the `Task {}` it starts (not `Task.detached`) are
    /// captured, so tests that run in parallel do not see each other's. A capture inside another one (or inside a
    /// test with the `.failsOnUnexpectedDiagnostics` trait) takes the reports: the outer one does not see them.
    ///
    /// ```swift
    /// let diagnostics = NotificationLifecycleInspection.diagnostics {
    ///     screen.notificationEngine.stop(.lifetime)
    /// }
    /// #expect(diagnostics.map(\.rule) == [.lifetimeStop])
    /// ```
    ///
    /// > Important: A report made on another thread outside the task (a post from a `Thread`, a `DispatchQueue`
    /// > block) is not captured; it goes to the handler installed with `NotificationDiagnostic.installHandler(_:)`,
    /// > or to standard error.
    public static func diagnostics(in body: () throws -> Void) rethrows -> [NotificationDiagnostic] {
        let captured = LockedValueBox<[NotificationDiagnostic]>([])
        try routingDiagnostics(to: { diagnostic in captured.withLock { $0.append(diagnostic) } }, body)
        return captured.withLock { $0 }
    }

    /// Runs the asynchronous `body` and returns the diagnostics it reported (see `diagnostics(in:)`).
    public static func diagnostics(
        isolation: isolated (any Actor)? = #isolation,
        in body: () async throws -> Void
    ) async rethrows -> [NotificationDiagnostic] {
        let captured = LockedValueBox<[NotificationDiagnostic]>([])
        try await routingDiagnostics(to: { diagnostic in captured.withLock { $0.append(diagnostic) } }, body)
        return captured.withLock { $0 }
    }

    /// Runs `body` and expects it to report diagnostics of exactly `rules`, in order.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectDiagnostics([.lifetimeStop]) {
    ///     screen.notificationEngine.stop(.lifetime)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - rules: The rules of the expected diagnostics, in the order they are reported.
    ///   - body: The code expected to report them.
    /// - Returns: The diagnostics, to check their messages.
    /// - Throws: ``NotificationInspectionFailure`` listing what was reported, or what `body` throws.
    @discardableResult
    public static func expectDiagnostics(
        _ rules: [NotificationDiagnostic.Rule],
        in body: () throws -> Void
    ) throws -> [NotificationDiagnostic] {
        try check(diagnostics(in: body), against: rules)
    }

    /// Runs the asynchronous `body` and expects it to report diagnostics of exactly `rules`, in order.
    @discardableResult
    public static func expectDiagnostics(
        _ rules: [NotificationDiagnostic.Rule],
        isolation: isolated (any Actor)? = #isolation,
        in body: () async throws -> Void
    ) async throws -> [NotificationDiagnostic] {
        try check(await diagnostics(in: body), against: rules)
    }

    /// Runs `body` and expects it to report no diagnostic.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectNoDiagnostics {
    ///     let screen = InboxScreen(notificationCenter: center)
    ///     screen.appear()
    /// }
    /// ```
    ///
    /// - Throws: ``NotificationInspectionFailure`` listing what was reported, or what `body` throws.
    public static func expectNoDiagnostics(in body: () throws -> Void) throws {
        try check(diagnostics(in: body), against: [])
    }

    /// Runs the asynchronous `body` and expects it to report no diagnostic.
    public static func expectNoDiagnostics(
        isolation: isolated (any Actor)? = #isolation,
        in body: () async throws -> Void
    ) async throws {
        try check(await diagnostics(in: body), against: [])
    }

    /// Runs `body` with every diagnostic its task reports sent to `handler`: the building block of a strict mode.
    ///
    /// The XCTest and Swift Testing strict modes are built on it; use it to make your own, such as one that logs.
    /// `handler` is called on the thread that reports, never while the package holds a lock.
    ///
    /// - Parameters:
    ///   - handler: Receives each diagnostic.
    ///   - body: The code whose reports are routed.
    /// - Returns: What `body` returns.
    public static func routingDiagnostics<Result>(
        to handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try DiagnosticRouting.withHandler(handler, body)
    }

    /// Runs the asynchronous `body` with every diagnostic its task reports sent to `handler`.
    public static func routingDiagnostics<Result>(
        to handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await DiagnosticRouting.$taskHandler.withValue(handler, operation: body, isolation: isolation)
    }

    @discardableResult
    private static func check(
        _ diagnostics: [NotificationDiagnostic],
        against rules: [NotificationDiagnostic.Rule]
    ) throws(NotificationInspectionFailure) -> [NotificationDiagnostic] {
        if let failure = failure(of: diagnostics, against: rules) { throw failure }
        return diagnostics
    }

    /// The failure of `diagnostics` against the expected `rules`, or `nil` when their rules are exactly those.
    static func failure(
        of diagnostics: [NotificationDiagnostic],
        against rules: [NotificationDiagnostic.Rule]
    ) -> NotificationInspectionFailure? {
        let reported = diagnostics.map(\.rule)
        guard reported != rules else { return nil }
        let expectedText = rules.isEmpty ? "no diagnostic" : "[\(rules.map(\.name).joined(separator: ", "))]"
        let reportedText = reported.isEmpty ? "none" : "[\(reported.map(\.name).joined(separator: ", "))]"
        return NotificationInspectionFailure(
            summary: "Expected the block to report \(expectedText), but it reported \(reportedText).",
            details: diagnosticsList(diagnostics)
        )
    }

    /// The failure recorded for a diagnostic that a strict mode did not expect.
    static func unexpected(_ diagnostic: NotificationDiagnostic, mode: String) -> NotificationInspectionFailure {
        NotificationInspectionFailure(
            summary: "Expected no NotificationLifecycle diagnostic (\(mode)), but one was reported: "
                + "[\(diagnostic.rule)]. Fix the misuse, or capture the diagnostic where it is expected with "
                + "expectDiagnostics(_:in:).",
            details: diagnosticsList([diagnostic])
        )
    }

    /// The diagnostics, one numbered line each.
    static func diagnosticsList(_ diagnostics: [NotificationDiagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "" }
        return "Reported diagnostics:\n"
            + diagnostics.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}
