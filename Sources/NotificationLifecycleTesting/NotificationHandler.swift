/// What handles a notification, as an assertion names it: a selector name, or a closure.
///
/// ```swift
/// @Test @MainActor func handlersAreNamed() {
///     expectListening(
///         screen,
///         to: .name(.storeDidChange),
///         handler: .selector("storeDidChange:")
///     )
///     expectDelivered(.name(.themeDidChange), to: .closure, in: recorder)
/// }
/// ```
public struct NotificationHandler: Hashable, Sendable {
    /// The selector name, or `nil` for a closure.
    let selector: String?

    /// A handler named by a selector, such as `.selector("keyboardWillShow:")`.
    public static func selector(_ selector: String) -> NotificationHandler { NotificationHandler(selector: selector) }

    /// A closure handler.
    public static let closure = NotificationHandler(selector: nil)

    /// `"keyboardWillShow:"`, or `"closure"`.
    var description: String { selector ?? "closure" }

    /// `selector didPing:`, or `a closure`: the handler in a sentence.
    var sentenceText: String { selector.map { "selector " + $0 } ?? "a closure" }
}
