import NotificationLifecycleTesting

@testable import NotificationLifecycle

/// Runs `body` and returns the diagnostics it reported (only those of this task, so tests may run in parallel).
func capturingDiagnostics<Result>(
    _ body: () throws -> Result
) rethrows -> (result: Result, diagnostics: [NotificationDiagnostic]) {
    let recorder = Recorder<NotificationDiagnostic>()
    let result = try DiagnosticScope.withHandler({ recorder.record($0) }, body)
    return (result, recorder.events)
}

/// Runs `body` and returns the rules of the diagnostics it reported.
func reportedRules(_ body: () throws -> Void) rethrows -> [NotificationDiagnostic.Rule] {
    try capturingDiagnostics(body).diagnostics.map(\.rule)
}
