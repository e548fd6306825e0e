/// An object that answers selector names with its own methods, so that it can observe notifications by selector.
///
/// Declare the names next to the methods they call. Start from `super`'s table in a subclass, so that the
/// subclass adds names to its superclass's; a subclass's override of a method is the one called, because the
/// table holds unapplied method references, which dispatch dynamically. The class is `nonisolated`: in a module
/// whose default isolation is `MainActor` (an Xcode 26 app target) it would be main-actor, its conformance too, and
/// the compiler would refuse to make an info for it ("main actor-isolated conformance … cannot satisfy conformance
/// requirement for a 'Sendable' type parameter"); elsewhere the word changes nothing (a main-actor class binds
/// closures with ``NotificationSelectorTable/adding(_:onMainActor:fileID:line:)``).
///
/// ```swift
/// nonisolated class KeyboardAvoider: NotificationSelectorResponder {
///     class var notificationSelectors: NotificationSelectorTable {
///         NotificationSelectorTable()
///             .adding("keyboardWillShow:") { (avoider: KeyboardAvoider) in
///                 avoider.keyboardWillShow
///             }
///             .adding("reset") { (avoider: KeyboardAvoider) in avoider.reset }
///     }
///     func keyboardWillShow(_ notification: Notification) {}
///     func reset() {}
/// }
/// ```
///
/// Each entry returns the method of the observer it is given. In a Swift 6 module a method reference does the
/// same (`.adding("reset", KeyboardAvoider.reset)`); in a Swift 5 module without the upcoming feature
/// `InferSendableFromCaptures` a method reference is not `Sendable`, and the compiler warns about it, where the
/// closure compiles without a warning.
///
/// The table of a class is read once, the first time an info is made for an observer of that class; the method an
/// info calls is looked up when the info is made, never on a post.
public protocol NotificationSelectorResponder: AnyObject {
    /// The selector names this type answers, and the method each one calls.
    static var notificationSelectors: NotificationSelectorTable { get }
}
