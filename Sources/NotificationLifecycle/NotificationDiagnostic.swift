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
        public let name: String

        /// Makes a rule from its name.
        public init(_ name: String) {
            self.name = name
        }

        /// The rule's name.
        public var description: String { name }

        /// The same listener (name, sender, lifespan and handler) was added twice.
        public static let duplicateRegistration = Rule("duplicate-registration")
        /// A selector name that the observer does not answer.
        public static let unknownSelector = Rule("unknown-selector")
        /// A malformed entry in a ``NotificationSelectorTable``.
        public static let invalidSelectorDeclaration = Rule("invalid-selector-declaration")
        /// The sender an info filters on was released; the info cannot listen any more.
        public static let senderReleased = Rule("sender-released")
        /// The observer of an info was released while or before it listened.
        public static let observerReleased = Rule("observer-released")
        /// An override of `populateNotificationInfos()` did not call super, or not first.
        public static let superNotCalled = Rule("super-not-called")
        /// `populateNotificationInfos()` was called outside the controller's `init`.
        public static let populateOutsideInit = Rule("populate-outside-init")
        /// A lifecycle method (`appear()`, `disappear()`, start/stop a lifespan) was called during
        /// `populateNotificationInfos()`.
        public static let lifecycleDuringPopulate = Rule("lifecycle-during-populate")
        /// An info was added to a second controller, or removed from one it does not belong to.
        public static let foreignInfo = Rule("foreign-info")
        /// An info listens to every notification (`name: nil`).
        public static let everyNotification = Rule("every-notification")
        /// An info listens to the empty notification name.
        public static let emptyName = Rule("empty-name")
        /// A custom lifespan with an empty name.
        public static let emptyLifespanName = Rule("empty-lifespan-name")
        /// An attempt to stop the `lifetime` lifespan, which runs until the owner is released.
        public static let lifetimeStop = Rule("lifetime-stop")
        /// An owner listens to typed messages and to every notification (`name: nil`) on one center, where Foundation
        /// crashes when a typed message is posted (on Linux).
        public static let everyNotificationWithMessages = Rule("every-notification-with-messages")
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

    /// Makes a diagnostic.
    public init(rule: Rule, message: String, fileID: String? = nil, line: Int? = nil) {
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
