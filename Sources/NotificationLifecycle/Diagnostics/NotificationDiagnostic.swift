package import Foundation

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
        /// An engine was used after it finished: its ``ControllerBase`` was released, or `stopAll()` was called.
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
        var replaced = handler.map(DiagnosticRouting.Handler.init)
        DiagnosticRouting.global.withLock { swap(&$0, &replaced) }
        withExtendedLifetime(replaced) {}
    }
}

/// Where diagnostics go: a scope of the testing module that takes the report, else the installed handler, else
/// standard error.
///
/// The scopes, the centers they claimed and their routing live in `NotificationLifecycleTesting` (its
/// `DiagnosticScope`); the core keeps the current task's scope, tells it each center the task makes an engine or info
/// for, and offers every report to the router the testing module installs when its first scope opens.
package enum DiagnosticRouting {
    /// The installed handler, in a struct: a function stored as a generic box's value is wrapped in two more
    /// reabstraction thunks by every `withLock` that hands it over `inout`, so a handler read at each report grew by
    /// two frames a report until a call overflowed the stack.
    static let global = LockedValueBox<Handler?>(nil)

    struct Handler {
        let call: @Sendable (NotificationDiagnostic) -> Void
    }

    /// The innermost scope opened by the current task (and inherited by the tasks it creates).
    @TaskLocal package static var scope: (any DiagnosticScopeHook)?

    /// The testing module's scope type, set when its first scope opens: it takes the reports its scopes receive.
    package static let router = LockedValueBox<(any DiagnosticScopeHook.Type)?>(nil)

    /// Tells the current task's scope, if any, that it made an engine or info for `center`: reports about that
    /// center raised outside the task then reach the scope too. Costs one task-local read outside a scope.
    static func claim(_ center: NotificationCenter) {
        scope?.made(for: center)
    }

    /// Sends `diagnostic` where it belongs; `fallback` is the scope of a sequence's maker.
    ///
    /// With `site`, a report that the receiving scope (outside any scope: the process) already had for that site is
    /// dropped: a problem of a declaration is reported once at its line, however often the line runs.
    static func route(
        _ diagnostic: NotificationDiagnostic,
        about center: NotificationCenter?,
        fallback: (any DiagnosticScopeHook)? = nil,
        oncePer site: String? = nil
    ) {
        if let router = router.withLock({ $0 }), router.take(diagnostic, about: center, fallback, site) { return }
        if let site, !reportedSites.withLock({ $0.insert(site).inserted }) { return }
        if let handler = global.withLock({ $0 }) {
            handler.call(diagnostic)
        } else {
            FileHandle.standardError.write(Data(diagnostic.standardErrorLine.utf8))
        }
    }

    /// The sites reported once outside any scope: declaration lines, so the set stays as small as the code.
    private static let reportedSites = LockedValueBox(Set<String>())
}

/// A scope of the testing module (where the reports of a test, or of a part of it, go), as the core sees it.
package protocol DiagnosticScopeHook: AnyObject, Sendable {
    /// The scope's task made an engine or info for `center`.
    func made(for center: NotificationCenter)

    /// Takes `diagnostic` (answering `true`) when a scope receives it. Called in the reporting task, whose scope is
    /// `DiagnosticRouting.scope`; `fallback` is a sequence maker's scope, and `site` what the report is made once for.
    static func take(
        _ diagnostic: NotificationDiagnostic,
        about center: NotificationCenter?,
        _ fallback: (any DiagnosticScopeHook)?,
        _ site: String?
    ) -> Bool
}

extension NotificationDiagnostic {
    /// The line printed to standard error when no handler is installed.
    var standardErrorLine: String {
        "NotificationLifecycle: \(self)\n"
    }
}
