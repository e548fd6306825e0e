import Foundation

/// A report of misuse: which rule was broken, where, and how to fix it.
///
/// The package never crashes a program for misuse. It refuses what would corrupt its state (a second registration
/// of the same listener, an info owned by two controllers) and reports it. By default a report is one line on
/// standard error:
///
/// ```
/// NotificationLifecycle: [duplicate-registration] Expected each listener
///   to be added once, but ... (Screen.swift:42)
/// ```
///
/// Route reports elsewhere with ``installHandler(_:)``; `NotificationLifecycleTesting` captures them in tests.
public struct NotificationDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The rule a diagnostic reports. New rules may be added in later versions.
    public struct Rule: Hashable, Sendable, CustomStringConvertible {
        /// The rule's stable, kebab-case name, such as `duplicate-registration`.
        package let name: String

        package init(_ name: String) {
            self.name = name
        }

        /// The rule's name, such as `duplicate-registration`.
        public var description: String { name }

        /// The same listener was added twice (see <doc:Duplicates>), or the same info twice. A line that adds the
        /// same listener again and again is reported at its first duplicate, then at its 10th, 100th and so on.
        public static let duplicateRegistration = Rule("duplicate-registration")
        /// A selector name that the observer does not answer, or a malformed entry in a
        /// ``NotificationSelectorTable``.
        public static let unknownSelector = Rule("unknown-selector")
        /// The sender (or message subject) an info filters on was released; the info cannot listen any more.
        public static let senderReleased = Rule("sender-released")
        /// The observer of an info was released while or before it listened.
        public static let observerReleased = Rule("observer-released")
        /// An override of `populateNotificationInfos()` did not call super, or not first: the superclass's
        /// listeners were not declared.
        public static let superNotCalled = Rule("super-not-called")
        /// `populateNotificationInfos()` was called outside the controller's `init`, or a lifecycle call
        /// (`appear()`, `disappear()`, starting or stopping a lifespan) was made inside it.
        public static let populateMisuse = Rule("populate-misuse")
        /// An info was added to a second owner, or removed from one it does not belong to.
        public static let foreignInfo = Rule("foreign-info")
        /// An info added to an engine registers with another center than the engine's.
        public static let centerMismatch = Rule("center-mismatch")
        /// An engine was used after it finished: its owner was released, or `stopAll()` was called.
        public static let engineFinished = Rule("engine-finished")
        /// An info listens to every notification (`name: nil`); on Linux, Foundation crashes when a typed message is
        /// posted on a center with such an observer. Reported on Linux only: on Apple platforms such an observer
        /// hears typed messages as notifications.
        public static let everyNotification = Rule("every-notification")
        /// An info listens to the empty notification name, or uses a custom lifespan with an empty name.
        public static let emptyName = Rule("empty-name")
        /// An attempt to stop the `lifetime` lifespan, which runs until the owner is released.
        public static let lifetimeStop = Rule("lifetime-stop")
        /// A lifespan-bound sequence dropped a value because its buffer was full.
        public static let sequenceDroppedValues = Rule("sequence-dropped-values")
    }

    /// The rule that was broken.
    public let rule: Rule
    /// What happened and how to fix it: "Expected …, but …. Remedy."
    public let message: String
    /// The file (`#fileID`) of the call that was misused, when known.
    public let fileID: String?
    /// The line of the call that was misused, when known.
    public let line: Int?

    package init(rule: Rule, message: String, fileID: String? = nil, line: Int? = nil) {
        self.rule = rule
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// `[rule] message (file:line)`.
    public var description: String {
        var text = "[\(rule.name)] \(message)"
        if let fileID, let line { text += " (\(fileID):\(line))" }
        return text
    }
}

extension NotificationDiagnostic {
    /// Sends every later diagnostic of this process to `handler` instead of standard error.
    ///
    /// Use it to route reports into your logger (here `logger`, a swift-log `Logger`). Pass `nil` to print to
    /// standard error again. The handler may be called on any thread, never while the package holds a lock.
    ///
    /// ```swift
    /// NotificationDiagnostic.installHandler { diagnostic in
    ///     logger.warning("\(diagnostic)")
    /// }
    /// ```
    public static func installHandler(_ handler: (@Sendable (NotificationDiagnostic) -> Void)?) {
        // The handler replaced is released after the lock: an object it captured may report from its `deinit`.
        let previous = DiagnosticRouting.global.withLock { installed in
            defer { installed = handler }
            return installed
        }
        withExtendedLifetime(previous) {}
    }
}

/// Where diagnostics go: the open scope of the reporting task, else the scope that claimed the report's center,
/// else the installed handler, else standard error.
package enum DiagnosticRouting {
    static let global = LockedValueBox<(@Sendable (NotificationDiagnostic) -> Void)?>(nil)

    /// The innermost scope opened by the current task (and inherited by the tasks it creates).
    @TaskLocal static var scope: DiagnosticScope?

    /// A center and the scope in which an engine or info for it was last made.
    private struct Claim {
        weak var center: NotificationCenter?
        let scope: DiagnosticScope
    }

    private static let claims = LockedValueBox<(byCenter: [ObjectIdentifier: Claim], sweepAt: Int)>(([:], 64))

    /// Runs `body` in a new scope whose reports go to `receive`; see ``DiagnosticScope``.
    package static func withScope<Result>(
        _ receive: @escaping @Sendable (NotificationDiagnostic, _ raisedInScope: Bool) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        let scope = DiagnosticScope(parent: self.scope, receive: receive)
        defer { scope.close() }
        return try $scope.withValue(scope, operation: body)
    }

    /// Runs the asynchronous `body` in a new scope whose reports go to `receive`.
    package static func withScope<Result>(
        _ receive: @escaping @Sendable (NotificationDiagnostic, _ raisedInScope: Bool) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        let scope = DiagnosticScope(parent: self.scope, receive: receive)
        defer { scope.close() }
        return try await $scope.withValue(scope, operation: body, isolation: isolation)
    }

    /// Runs `body` with the reports it raises sent to `handler` (a scope that does not tell where they came from).
    static func withHandler<Result>(
        _ handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try withScope({ diagnostic, _ in handler(diagnostic) }, body)
    }

    /// Records that the current task's scope, if any, made an engine or info for `center`: reports about that
    /// center raised outside the task then reach the scope too. Costs one task-local read outside a scope.
    static func claim(_ center: NotificationCenter) {
        guard let scope else { return }
        let id = ObjectIdentifier(center)
        // Released after the lock: dropped claims may hold the last reference to a scope, and a center the sweep loads
        // may lose its last other reference meanwhile (its teardown releases handlers, whose deinits are user code).
        let released = claims.withLock { claims -> (dropped: [Claim], centers: [NotificationCenter]) in
            var dropped: [Claim] = []
            var centers: [NotificationCenter] = []
            if let old = claims.byCenter.updateValue(Claim(center: center, scope: scope), forKey: id) {
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

    /// The scope that claimed `center`, if its center is still that object.
    static func claimingScope(of center: NotificationCenter) -> DiagnosticScope? {
        claims.withLock { claims in
            guard let claim = claims.byCenter[ObjectIdentifier(center)], claim.center === center else { return nil }
            return claim.scope
        }
    }

    /// The identity of the innermost scope open in the current task. With ``openClaimingScopeIdentity(of:)``, this
    /// lets the testing module send its own failures about a center, raised outside the test's task, to the test
    /// whose scope made something for that center, as reports are sent.
    package static var currentScopeIdentity: ObjectIdentifier? { scope.map { ObjectIdentifier($0) } }

    /// The identity of the open scope that receives reports about `center` raised outside any scope: the one that
    /// claimed it, or its nearest open ancestor. (`AnyObject`: this file imports Foundation internally.)
    package static func openClaimingScopeIdentity(of center: AnyObject) -> ObjectIdentifier? {
        guard let center = center as? NotificationCenter else { return nil }
        return claimingScope(of: center)?.openSelfOrAncestor().map { ObjectIdentifier($0) }
    }

    /// Sends `diagnostic` where it belongs; `fallback` is the scope to use when neither the task nor the center
    /// names an open one (a sequence's maker).
    ///
    /// With `site`, a report that the receiving scope (outside any scope: the process) already had for that site is
    /// dropped: a problem of a declaration is reported once at its line, however often the line runs.
    static func route(
        _ diagnostic: NotificationDiagnostic,
        about center: NotificationCenter?,
        fallback: DiagnosticScope? = nil,
        oncePer site: String? = nil
    ) {
        let (target, raisedInScope) = receivingScope(about: center, fallback: fallback)
        if let site {
            let first = target?.isFirstReport(at: site) ?? reportedSites.withLock { $0.insert(site).inserted }
            guard first else { return }
        }
        if let target {
            target.receive(diagnostic, raisedInScope: raisedInScope)
        } else if let handler = global.withLock({ $0 }) {
            handler(diagnostic)
        } else {
            FileHandle.standardError.write(Data(diagnostic.standardErrorLine.utf8))
        }
    }

    /// The sites reported once outside any scope: declaration lines, so the set stays as small as the code.
    private static let reportedSites = LockedValueBox(Set<String>())

    /// The scope a report goes to, and whether it was raised in it; `nil` for the installed handler.
    private static func receivingScope(
        about center: NotificationCenter?,
        fallback: DiagnosticScope?
    ) -> (DiagnosticScope?, raisedInScope: Bool) {
        if let own = scope, let target = own.openSelfOrAncestor() { return (target, target === own) }
        if let center, let claimed = claimingScope(of: center)?.openSelfOrAncestor() {
            return (claimed.innermostOpenDescendant(), false)
        }
        if let fallback { return (fallback.openSelfOrAncestor()?.innermostOpenDescendant() ?? fallback, false) }
        return (nil, false)
    }
}

/// Where the reports of a test, or of a part of it, go: the testing module's captures and strict modes.
///
/// A scope receives the reports raised in its task (and the tasks it creates) while it is open. It also receives,
/// from any thread, the reports about a center for which an engine or info was made inside it (or inside a scope
/// nested in it): those go to the innermost scope open in that chain at the time of the report, so a capture opened
/// later inside the test sees them while it is open. Scopes nest: a child holds its parent.
final class DiagnosticScope: Sendable {
    let parent: DiagnosticScope?
    private let receiver: @Sendable (NotificationDiagnostic, Bool) -> Void
    /// Whether the scope is open, its open children (latest last), and the sites it was reported once for.
    private let state = LockedValueBox<(isOpen: Bool, children: [DiagnosticScope], sites: Set<String>)>((true, [], []))

    init(parent: DiagnosticScope?, receive: @escaping @Sendable (NotificationDiagnostic, Bool) -> Void) {
        self.parent = parent
        self.receiver = receive
        parent?.state.withLock { $0.children.append(self) }
    }

    func close() {
        state.withLock { $0.isOpen = false }
        parent?.state.withLock { $0.children.removeAll { $0 === self } }
    }

    /// Whether this is the scope's first report for `site` (see ``DiagnosticRouting/route(_:about:fallback:oncePer:)``).
    func isFirstReport(at site: String) -> Bool {
        state.withLock { $0.sites.insert(site).inserted }
    }

    func receive(_ diagnostic: NotificationDiagnostic, raisedInScope: Bool) {
        receiver(diagnostic, raisedInScope)
    }

    /// This scope if it is open, else its nearest open ancestor.
    func openSelfOrAncestor() -> DiagnosticScope? {
        var scope: DiagnosticScope? = self
        while let current = scope {
            if current.state.withLock({ $0.isOpen }) { return current }
            scope = current.parent
        }
        return nil
    }

    /// The latest open child, its latest open child, and so on; this scope when it has none.
    func innermostOpenDescendant() -> DiagnosticScope {
        var scope = self
        while let child = scope.state.withLock({ $0.children.last }) { scope = child }
        return scope
    }
}

/// Reports a diagnostic through the one reporting path. Never call it while holding a package lock.
///
/// - Parameter center: The center of the engine or info the report is about, so that a report raised outside the
///   test's task still reaches the test's capture (see ``DiagnosticScope``).
func reportDiagnostic(_ diagnostic: NotificationDiagnostic, about center: NotificationCenter? = nil) {
    DiagnosticRouting.route(diagnostic, about: center)
}

extension NotificationDiagnostic {
    /// The line printed to standard error when no handler is installed.
    var standardErrorLine: String {
        "NotificationLifecycle: \(self)\n"
    }
}

/// Reports a diagnostic made from its parts.
func reportDiagnostic(
    _ rule: NotificationDiagnostic.Rule,
    _ message: String,
    fileID: String?,
    line: Int?,
    about center: NotificationCenter? = nil
) {
    reportDiagnostic(NotificationDiagnostic(rule: rule, message: message, fileID: fileID, line: line), about: center)
}

/// Reports a problem of the declaration at `fileID`:`line` once per receiving scope (once per process outside any):
/// `detail` tells apart the problems of one line, such as the selector name.
func reportDiagnosticOnce(
    _ rule: NotificationDiagnostic.Rule,
    _ message: @autoclosure () -> String,
    fileID: String,
    line: Int,
    detail: String,
    about center: NotificationCenter? = nil
) {
    DiagnosticRouting.route(
        NotificationDiagnostic(rule: rule, message: message(), fileID: fileID, line: line),
        about: center,
        oncePer: "\(rule.name) \(fileID):\(line) \(detail)"
    )
}
