import NotificationLifecycle

/// The failures of the diagnostics expectations.
enum DiagnosticsCheck {
    /// The failure of `diagnostics` against the expected `rules`, or `nil` when their rules are exactly those.
    static func failure(
        of diagnostics: [NotificationDiagnostic],
        against rules: [NotificationDiagnostic.Rule]
    ) -> InspectionFailure? {
        let reported = diagnostics.map(\.rule)
        guard reported != rules else { return nil }
        let expectedText = rules.isEmpty ? "no diagnostic" : "[\(rules.map(\.name).joined(separator: ", "))]"
        let reportedText = reported.isEmpty ? "none" : "[\(reported.map(\.name).joined(separator: ", "))]"
        return InspectionFailure(
            summary: "Expected the block to report \(expectedText), but it reported \(reportedText).",
            details: list(diagnostics)
        )
    }

    /// The failure recorded for a diagnostic that a strict mode did not expect.
    static func unexpected(_ diagnostic: NotificationDiagnostic, mode: String, elsewhere: Bool) -> InspectionFailure {
        InspectionFailure(
            summary: "Expected no NotificationLifecycle diagnostic (\(mode)), but one was reported"
                + (elsewhere ? " on another thread or task" : "") + ": [\(diagnostic.rule)]. Fix the misuse, or "
                + "capture the diagnostic where it is expected with expectDiagnostics(_:_:).",
            details: list([diagnostic])
        )
    }

    /// The diagnostics, one numbered line each.
    static func list(_ diagnostics: [NotificationDiagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "" }
        return "Reported diagnostics:\n"
            + diagnostics.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// A strict mode's scope: fails at once for a report raised in its task, and keeps the reports raised elsewhere
/// for when its scope ends, where the test's framework can attribute them to the test.
final class StrictDiagnostics: Sendable {
    private let mode: String
    private let record: @Sendable (InspectionFailure) -> Void
    private let late = LockedValueBox<[NotificationDiagnostic]>([])

    init(mode: String, record: @escaping @Sendable (InspectionFailure) -> Void) {
        self.mode = mode
        self.record = record
    }

    var receive: @Sendable (NotificationDiagnostic, Bool) -> Void {
        { [self] diagnostic, raisedInScope in
            if raisedInScope {
                record(DiagnosticsCheck.unexpected(diagnostic, mode: mode, elsewhere: false))
            } else {
                late.withLock { $0.append(diagnostic) }
            }
        }
    }

    /// Records the reports raised on other threads or tasks; call it in the test's task once the scope ended.
    func recordLateReports() {
        for diagnostic in late.withLock({ $0 }) {
            record(DiagnosticsCheck.unexpected(diagnostic, mode: mode, elsewhere: true))
        }
    }
}
