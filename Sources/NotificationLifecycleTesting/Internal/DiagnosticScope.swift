package import Foundation
package import NotificationLifecycle

/// Where the reports of a test, or of a part of it, go: the captures and strict modes of this module.
///
/// A scope receives the reports raised in its task (and the tasks it creates) while it is open. It also receives,
/// from any thread, the reports about a center for which an engine or info was made inside it (or inside a scope
/// nested in it): those go to the innermost scope open in that chain at the time of the report, so a capture opened
/// later inside the test sees them while it is open. Scopes nest: a child holds its parent. The core keeps the
/// current task's scope and offers each report to ``take(_:about:scope:_:_:)``.
package final class DiagnosticScope: DiagnosticScopeHook {
    let parent: DiagnosticScope?
    /// The test running with `.failsOnUnexpectedDiagnostics` that opened this scope, for failures about the centers
    /// it claimed.
    let origin: FailureOrigin?
    private let receiver: @Sendable (NotificationDiagnostic, _ raisedInScope: Bool) -> Void
    /// Whether the scope is open, its open children (latest last), and the sites it was reported once for.
    private let state = LockedValueBox<(isOpen: Bool, children: [DiagnosticScope], sites: Set<String>)>((true, [], []))

    private init(_ receive: @escaping @Sendable (NotificationDiagnostic, Bool) -> Void, origin: FailureOrigin?) {
        _ = Self.routerInstalled
        parent = DiagnosticRouting.scope as? DiagnosticScope
        self.origin = origin
        receiver = receive
        parent?.state.withLock { $0.children.append(self) }
    }

    /// Runs `body` in a new scope whose reports go to `receive`.
    static func withScope<Result>(
        _ receive: @escaping @Sendable (NotificationDiagnostic, _ raisedInScope: Bool) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        let scope = DiagnosticScope(receive, origin: nil)
        defer { scope.close() }
        return try DiagnosticRouting.$scope.withValue(scope, operation: body)
    }

    /// Runs the asynchronous `body` in a new scope whose reports go to `receive`.
    static func withScope<Result>(
        _ receive: @escaping @Sendable (NotificationDiagnostic, _ raisedInScope: Bool) -> Void,
        origin: FailureOrigin? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let scope = DiagnosticScope(receive, origin: origin)
        defer { scope.close() }
        return try await DiagnosticRouting.$scope.withValue(scope, operation: body, isolation: isolation)
    }

    /// Runs `body` with the reports it raises sent to `handler` (a scope that does not tell where they came from).
    package static func withHandler<Result>(
        _ handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try withScope({ diagnostic, _ in handler(diagnostic) }, body)
    }

    /// The core offers every report to ``take(_:about:scope:_:_:)`` once a scope was opened: before that, no scope or
    /// claim exists to take one.
    private static let routerInstalled: Void = DiagnosticRouting.router.withLock { $0 = DiagnosticScope.self }

    private func close() {
        state.withLock { $0.isOpen = false }
        parent?.state.withLock { $0.children.removeAll { $0 === self } }
    }

    // MARK: - Claims

    /// A center and the scope in which an engine or info for it was last made.
    private struct Claim {
        weak var center: NotificationCenter?
        let scope: DiagnosticScope
    }

    private static let claims = LockedValueBox<(byCenter: [ObjectIdentifier: Claim], sweepAt: Int)>(([:], 64))

    /// Records that this scope made an engine or info for `center`.
    package func made(for center: NotificationCenter) {
        let id = ObjectIdentifier(center)
        // Released after the lock: dropped claims may hold the last reference to a scope, and a center the sweep loads
        // may lose its last other reference meanwhile (its teardown releases handlers, whose deinits are user code).
        let released = Self.claims.withLock { claims -> (dropped: [Claim], centers: [NotificationCenter]) in
            var dropped: [Claim] = []
            var centers: [NotificationCenter] = []
            if let old = claims.byCenter.updateValue(Claim(center: center, scope: self), forKey: id) {
                dropped.append(old)
            }
            if claims.byCenter.count >= claims.sweepAt {
                claims.byCenter = claims.byCenter.filter { _, claim in
                    guard let center = claim.center else {
                        dropped.append(claim)
                        return false
                    }
                    centers.append(center)
                    return true
                }
                claims.sweepAt = max(64, 2 * claims.byCenter.count)
            }
            return (dropped, centers)
        }
        withExtendedLifetime(released) {}
    }

    /// The open scope that receives reports about `center` raised outside any scope: the one that claimed it, or its
    /// nearest open ancestor.
    static func openClaiming(_ center: NotificationCenter) -> DiagnosticScope? {
        let claimed = claims.withLock { claims -> DiagnosticScope? in
            guard let claim = claims.byCenter[ObjectIdentifier(center)], claim.center === center else { return nil }
            return claim.scope
        }
        return claimed?.openSelfOrAncestor()
    }

    // MARK: - Routing

    /// Takes `diagnostic` when a scope receives it: the open scope of the reporting task, else the scope that claimed
    /// the report's center, else the scope of a sequence's maker (`fallback`). With `site`, a report the receiving
    /// scope already had for that site is dropped (and taken).
    package static func take(
        _ diagnostic: NotificationDiagnostic,
        about center: NotificationCenter?,
        scope own: (any DiagnosticScopeHook)?,
        _ fallback: (any DiagnosticScopeHook)?,
        _ site: String?
    ) -> Bool {
        let own = own as? DiagnosticScope
        let target: DiagnosticScope
        if let open = own?.openSelfOrAncestor() {
            target = open
        } else if let center, let claimed = openClaiming(center) {
            target = claimed.innermostOpenDescendant()
        } else if let fallback = fallback as? DiagnosticScope {
            target = fallback.openSelfOrAncestor()?.innermostOpenDescendant() ?? fallback
        } else {
            return false
        }
        if let site, !target.state.withLock({ $0.sites.insert(site).inserted }) { return true }
        target.receiver(diagnostic, target === own)
        return true
    }

    /// This scope if it is open, else its nearest open ancestor.
    private func openSelfOrAncestor() -> DiagnosticScope? {
        var scope: DiagnosticScope? = self
        while let current = scope {
            if current.state.withLock({ $0.isOpen }) { return current }
            scope = current.parent
        }
        return nil
    }

    /// The latest open child, its latest open child, and so on; this scope when it has none.
    private func innermostOpenDescendant() -> DiagnosticScope {
        var scope = self
        while let child = scope.state.withLock({ $0.children.last }) { scope = child }
        return scope
    }
}
