package import Foundation
package import NotificationLifecycle

/// Where the reports of a test, or of a part of it, go: the captures and strict modes of this module.
///
/// A scope receives the reports raised in its task (and the tasks it creates) while it is open. It also receives,
/// from any thread, the reports about a center for which an engine or info was made inside it (or inside a scope
/// nested in it): those go to the innermost scope open in that chain at the time of the report, so a capture opened
/// later inside the test sees them while it is open. Scopes nest: a child holds its parent. The core keeps the
/// current task's scope and offers each report to ``take(_:about:_:_:)``.
package final class DiagnosticScope: DiagnosticScopeHook {
    let parent = DiagnosticRouting.scope as? DiagnosticScope
    /// The test running with `.failsOnUnexpectedDiagnostics` that opened this scope, for failures about the centers
    /// it claimed.
    let origin: FailureOrigin?
    /// A strict mode's name: it fails at once, through `record`, for a report raised in its task, and keeps those
    /// raised elsewhere for when its scope ends, where the test's framework can attribute them to the test. `nil`
    /// for a capture, which keeps every report.
    private let mode: String?
    private let record: @Sendable (InspectionFailure) -> Void
    /// Where every report goes instead, for a scope that does not tell where they came from (``withHandler(_:_:)``).
    private let handler: (@Sendable (NotificationDiagnostic) -> Void)?
    /// Whether the scope is open, its open children (latest last), the sites it was reported once for, and what it
    /// kept.
    private let state = LockedValueBox<
        (isOpen: Bool, children: [DiagnosticScope], sites: Set<String>, kept: [NotificationDiagnostic])
    >((true, [], [], []))

    /// The scope in which an engine or info for each center was last made.
    private static let claims = CenterTable<DiagnosticScope>()

    /// The core offers every report to ``take(_:about:_:_:)`` once a scope was opened: before that, no scope or
    /// claim exists to take one.
    private static let routerInstalled: Void = DiagnosticRouting.router.withLock { $0 = DiagnosticScope.self }

    /// A scope nested in the current task's; open it with ``run(_:)`` right away.
    init(
        strict mode: String? = nil,
        origin: FailureOrigin? = nil,
        record: @escaping @Sendable (InspectionFailure) -> Void = { _ in },
        handler: (@Sendable (NotificationDiagnostic) -> Void)? = nil
    ) {
        _ = Self.routerInstalled
        (self.mode, self.origin, self.handler, self.record) = (mode, origin, handler, record)
        parent?.state.withLock { $0.children.append(self) }
    }

    /// Runs `body` in this scope, which closes when it returns.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        defer { close() }
        return try DiagnosticRouting.$scope.withValue(self, operation: body)
    }

    /// Runs the asynchronous `body` in this scope, which closes when it returns.
    func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        defer { close() }
        return try await DiagnosticRouting.$scope.withValue(self, operation: body, isolation: isolation)
    }

    /// Runs `body` with the reports it raises sent to `handler` (a scope that does not tell where they came from).
    package static func withHandler<Result>(
        _ handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try DiagnosticScope(handler: handler).run(body)
    }

    /// Closes the scope; a strict mode then records the reports it received from other threads or tasks, in the
    /// test's task.
    private func close() {
        state.withLock { $0.isOpen = false }
        parent?.state.withLock { $0.children.removeAll { $0 === self } }
        if mode != nil { for diagnostic in reports { record(unexpected(diagnostic, elsewhere: true)) } }
    }

    /// Records that this scope made an engine or info for `center`.
    package func made(for center: NotificationCenter) { Self.claims.set(self, for: center) }

    /// The open scope that receives reports about `center` raised outside any scope: the one that claimed it, or its
    /// nearest open ancestor.
    static func openClaiming(_ center: NotificationCenter) -> DiagnosticScope? {
        claims.value(for: center)?.openSelfOrAncestor()
    }

    /// Takes `diagnostic` when a scope receives it: the open scope of the reporting task, else the scope that claimed
    /// the report's center, else the scope of a sequence's maker (`fallback`). With `site`, a report the receiving
    /// scope already had for that site is dropped (and taken).
    package static func take(
        _ diagnostic: NotificationDiagnostic,
        about center: NotificationCenter?,
        _ fallback: (any DiagnosticScopeHook)?,
        _ site: String?
    ) -> Bool {
        let own = DiagnosticRouting.scope as? DiagnosticScope
        guard
            let target = own?.openSelfOrAncestor() ?? center.flatMap(openClaiming)?.innermostOpenDescendant()
                ?? (fallback as? DiagnosticScope).map({ $0.openSelfOrAncestor()?.innermostOpenDescendant() ?? $0 })
        else { return false }
        if let site, !target.state.withLock({ $0.sites.insert(site).inserted }) { return true }
        target.receive(diagnostic, raisedInScope: target === own)
        return true
    }

    /// This scope if it is open, else its nearest open ancestor.
    private func openSelfOrAncestor() -> DiagnosticScope? {
        state.withLock { $0.isOpen } ? self : parent?.openSelfOrAncestor()
    }

    /// The latest open child, its latest open child, and so on; this scope when it has none.
    private func innermostOpenDescendant() -> DiagnosticScope {
        state.withLock { $0.children.last }?.innermostOpenDescendant() ?? self
    }

    /// A report the scope received: a strict mode fails at once for one raised in its task; else it is kept.
    private func receive(_ diagnostic: NotificationDiagnostic, raisedInScope: Bool) {
        if let handler { return handler(diagnostic) }
        guard mode == nil || !raisedInScope else { return record(unexpected(diagnostic, elsewhere: false)) }
        state.withLock { $0.kept.append(diagnostic) }
    }

    /// What was kept: every report of a capture, or those a strict mode received from other threads or tasks.
    var reports: [NotificationDiagnostic] { state.withLock { $0.kept } }

    /// The failure of a capture's reports against the expected `rules`, or `nil` when their rules are exactly those.
    func failure(against rules: [NotificationDiagnostic.Rule]) -> InspectionFailure? {
        let reported = reports.map(\.rule)
        guard reported != rules else { return nil }
        let expectedText = rules.isEmpty ? "no diagnostic" : "[\(rules.map(\.name).joined(separator: ", "))]"
        let reportedText = reported.isEmpty ? "none" : "[\(reported.map(\.name).joined(separator: ", "))]"
        let summary = "Expected the block to report \(expectedText), but it reported \(reportedText)."
        return InspectionFailure(summary: summary, details: Self.list(reports))
    }

    private func unexpected(_ diagnostic: NotificationDiagnostic, elsewhere: Bool) -> InspectionFailure {
        let summary =
            "Expected no NotificationLifecycle diagnostic (\(mode ?? "")), but one was reported"
            + (elsewhere ? " on another thread or task" : "") + ": [\(diagnostic.rule)]. Fix the misuse, or "
            + "capture the diagnostic where it is expected with expectDiagnostics(_:_:)."
        return InspectionFailure(summary: summary, details: Self.list([diagnostic]))
    }

    /// The diagnostics, one numbered line each.
    private static func list(_ diagnostics: [NotificationDiagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "" }
        return "Reported diagnostics:\n"
            + diagnostics.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// Values keyed by centers held weakly (by identity, checked against address reuse); the entries of released centers
/// are swept whenever the table has doubled, so it stays as small as the centers alive.
final class CenterTable<Value: Sendable>: Sendable {
    private let table = LockedValueBox<
        (entries: [ObjectIdentifier: (center: WeakReference<NotificationCenter>, value: Value)], sweepAt: Int)
    >(([:], 64))

    /// Sets `value` for `center`; with `keepingFirst`, only when no live entry has one.
    func set(_ value: Value, for center: NotificationCenter, keepingFirst: Bool = false) {
        // Released after the lock: a dropped value may hold the last reference to a scope, and a center the sweep
        // loads may lose its last other reference meanwhile (its teardown releases handlers, whose deinits are user
        // code).
        let released = table.withLock { table -> [Any] in
            let id = ObjectIdentifier(center)
            if keepingFirst, table.entries[id]?.center.object === center { return [] }
            var released: [Any] = [table.entries.updateValue((WeakReference(center), value), forKey: id) as Any]
            guard table.entries.count >= table.sweepAt else { return released }
            table.entries = table.entries.filter { _, entry in
                released.append(entry.center.object.map { $0 as Any } ?? entry.value)
                return entry.center.object != nil
            }
            table.sweepAt = max(64, 2 * table.entries.count)
            return released
        }
        withExtendedLifetime(released) {}
    }

    func value(for center: NotificationCenter) -> Value? {
        let entry = table.withLock { $0.entries[ObjectIdentifier(center)] }
        return entry?.center.object === center ? entry?.value : nil
    }
}
