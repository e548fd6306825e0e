/// Reports the first value a lifespan-bound sequence drops because its buffer is full.
///
/// Foundation's own `messages(of:for:bufferSize:)` drops silently on Linux; this one says so, once per sequence, and
/// through the diagnostics scope of the task that made the sequence when it had one (a drop happens on the
/// posting thread or in a task Foundation starts, where that task-local scope is not set).
final class SequenceOverflowReporter: Sendable {
    private let reported = LockedValueBox(false)
    private let scope = DiagnosticRouting.scope
    private let message: String
    private let fileID: String
    private let line: Int

    init(message: String, fileID: String, line: Int) {
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// Records a dropped value; reports the first one.
    func valueDropped() {
        let isFirst = reported.withLock { reported -> Bool in
            defer { reported = true }
            return !reported
        }
        guard isFirst else { return }
        let diagnostic = NotificationDiagnostic(
            rule: .sequenceDroppedValues,
            message: message,
            fileID: fileID,
            line: line
        )
        DiagnosticRouting.route(diagnostic, about: nil, fallback: scope)
    }
}
