// DocC: "Diagnostics". The article shows `routeDiagnostics(to:)`'s body verbatim. It is compiled, not run: a test
// that installs the process-wide handler would take reports from tests running beside it.
// DiagnosticsRoutingTests checks what an installed handler receives.
import NotificationLifecycle

/// Stands in for swift-log's `Logger`, whose `warning(_:)` takes a message built by string interpolation.
struct StandInLogger: Sendable {
    func warning(_ message: @autoclosure () -> String) {}
}

func routeDiagnostics(to logger: StandInLogger) {
    NotificationDiagnostic.installHandler { diagnostic in
        logger.warning("\(diagnostic)")
    }
}
