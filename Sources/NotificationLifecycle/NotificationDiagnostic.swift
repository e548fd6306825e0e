import Foundation

/// A report of misuse: which rule was broken, where, and how to fix it.
///
/// The package never crashes a program for misuse. It refuses what would corrupt its state (a second registration
/// of the same listener, an info owned by two controllers) and reports it. By default a report is one line on
/// standard error:
///
/// ```
/// NotificationLifecycle: [duplicate-registration] Expected each listener to be added once, but ... (Screen.swift:42)
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

        /// The same listener was added twice (see <doc:Duplicates>), or the same info twice.
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
        /// posted on a center with such an observer.
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
    /// Use it to route reports into your logger. Pass `nil` to print to standard error again. The handler may be
    /// called on any thread, never while the package holds a lock.
    ///
    /// ```swift
    /// NotificationDiagnostic.installHandler { diagnostic in
    ///     logger.warning("\(diagnostic)")
    /// }
    /// ```
    public static func installHandler(_ handler: (@Sendable (NotificationDiagnostic) -> Void)?) {
        DiagnosticRouting.global.withLock { $0 = handler }
    }
}

/// Where diagnostics go: a task-local handler (tests), else the installed one, else standard error.
package enum DiagnosticRouting {
    package static let global = LockedValueBox<(@Sendable (NotificationDiagnostic) -> Void)?>(nil)

    /// A handler for reports made by code running in the current task (and tasks it creates).
    @TaskLocal package static var taskHandler: (@Sendable (NotificationDiagnostic) -> Void)?

    /// Runs `body` with reports made in this task sent to `handler`.
    package static func withHandler<Result>(
        _ handler: @escaping @Sendable (NotificationDiagnostic) -> Void,
        _ body: () throws -> Result
    ) rethrows -> Result {
        try $taskHandler.withValue(handler, operation: body)
    }
}

/// Reports a diagnostic through the one reporting path. Never call it while holding a package lock.
package func reportDiagnostic(_ diagnostic: NotificationDiagnostic) {
    if let handler = DiagnosticRouting.taskHandler {
        handler(diagnostic)
    } else if let handler = DiagnosticRouting.global.withLock({ $0 }) {
        handler(diagnostic)
    } else {
        FileHandle.standardError.write(Data(diagnostic.standardErrorLine.utf8))
    }
}

extension NotificationDiagnostic {
    /// The line printed to standard error when no handler is installed.
    package var standardErrorLine: String {
        "NotificationLifecycle: \(self)\n"
    }
}

/// Reports a diagnostic made from its parts.
package func reportDiagnostic(_ rule: NotificationDiagnostic.Rule, _ message: String, fileID: String?, line: Int?) {
    reportDiagnostic(NotificationDiagnostic(rule: rule, message: message, fileID: fileID, line: line))
}
