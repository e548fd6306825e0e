/// One of the checker's rules: its identifier, what it finds, and when it stays quiet.
package struct Rule: Hashable, Sendable {
    /// The identifier printed in brackets and used as SARIF's `ruleId`.
    package let id: String
    /// One line: what the rule finds.
    package let summary: String
    /// When the rule stays quiet on purpose, and why.
    package let quietWhen: String

    package static let nuclearUnregister = Rule(
        id: "nuclear-unregister",
        summary: "removeObserver(self) anywhere but deinit or a method only deinit calls.",
        quietWhen:
            "in deinit, in a method that only deinit calls within the type, on a receiver that does not read as a "
            + "notification center (an app's own event bus), and in structs."
    )
    package static let unbalancedVisible = Rule(
        id: "unbalanced-visible",
        summary: "added in viewWillAppear/viewDidAppear (or a method only they call), not removed in a disappear "
            + "method.",
        quietWhen: "when the registration is under an if or after a guard (taken as guarded against a second "
            + "registration), when its token is thrown away (discarded-token says so), and when a removal in a "
            + "disappear method names the same notification, the same token, or a name the checker cannot read."
    )
    package static let discardedToken = Rule(
        id: "discarded-token",
        summary: "the token of addObserver(forName:object:queue:using:) is thrown away.",
        quietWhen: "in an app delegate or a singleton (static let shared/default/current), which lives as long as "
            + "the process, so an observer kept for ever is what it means; and when the call is the only statement "
            + "of a closure or of a function with a result, which returns the token."
    )
    package static let tokenNeverRemoved = Rule(
        id: "token-never-removed",
        summary: "a token is stored in a property and never passed to removeObserver.",
        quietWhen: "when the property is passed to any call but append/insert/removeAll, returned or copied (the "
            + "token may be removed elsewhere), when any removal's token cannot be traced to a property, and in app "
            + "delegates and singletons."
    )
    package static let strongSelfCapture = Rule(
        id: "strong-self-capture",
        summary: "an observer block whose token is stored on self captures self strongly.",
        quietWhen: "with [weak self] or [unowned self], when the token is removed outside deinit (a disappear method "
            + "breaks the cycle), when the token is thrown away (discarded-token), and in app delegates and "
            + "singletons."
    )
    package static let mismatchedRemoval = Rule(
        id: "mismatched-removal",
        summary: "removeObserver(self, name:object:) names a notification the type never registered.",
        quietWhen: "when the removal's or any registration's name is a value rather than a constant, and when the "
            + "type registers nothing by selector in the files read (its superclass may)."
    )

    package static let all: [Rule] = [
        .nuclearUnregister, .unbalancedVisible, .discardedToken, .tokenNeverRemoved, .strongSelfCapture,
        .mismatchedRemoval,
    ]
}

/// One thing the checker found.
package struct Finding: Hashable, Sendable {
    package let rule: Rule
    package let position: SourcePosition
    package let typeName: String
    /// What is wrong, one sentence without its full stop.
    package let message: String
    /// What to do, one sentence without its full stop.
    package let remedy: String

    /// `file:line:column: warning: [rule] message. remedy.`
    package var compilerStyle: String {
        "\(position.file):\(position.line):\(position.column): warning: [\(rule.id)] \(message). \(remedy)."
    }
}
