import Foundation
import NotificationLifecycleTesting

@testable import NotificationLifecycle

/// Runs `body` and returns the diagnostics it reported (only those of this task or thread).
func capturingDiagnostics<Result>(
    _ body: () throws -> Result
) rethrows -> (result: Result, diagnostics: [NotificationDiagnostic]) {
    let collected = LockedValueBox<[NotificationDiagnostic]>([])
    let result = try DiagnosticScope.withHandler({ diagnostic in collected.withLock { $0.append(diagnostic) } }, body)
    return (result, collected.withLock { $0 })
}

/// Runs `body` and returns the rules of the diagnostics it reported.
func reportedRules(_ body: () throws -> Void) rethrows -> [NotificationDiagnostic.Rule] {
    try capturingDiagnostics(body).diagnostics.map(\.rule)
}
