/// The name of a method that handles a notification, written as a string literal: `"keyboardWillShow:"`.
///
/// Linux has no Objective-C runtime, so a selector here is only a name. An observer maps names to its methods in
/// a ``NotificationSelectorTable`` (see ``NotificationSelectorResponder``). Following Objective-C, a name that ends
/// in one colon (`"keyboardWillShow:"`) names a method that receives the notification; a name with no colon
/// (`"reload"`) names a method that takes no argument.
struct NotificationSelector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector's name, such as `"keyboardWillShow:"`.
    package let name: String

    /// Makes a selector from its name.
    package init(_ name: String) {
        self.name = name
    }

    /// Makes a selector from a string literal: `let selector: NotificationSelector = "reload"`.
    package init(stringLiteral value: String) {
        self.name = value
    }

    /// The selector's name.
    package var description: String { name }

    /// Whether the name has the form of a method that receives the notification (`"name:"`).
    var takesNotification: Bool { name.hasSuffix(":") }

    /// A reason why the name is not a valid selector name, or `nil` when it is one.
    ///
    /// Valid names are an identifier (`"reload"`) or an identifier and one trailing colon (`"reload:"`).
    var invalidityReason: String? {
        let base = (takesNotification ? name.dropLast() : name[...]).unicodeScalars
        let isPart = { (c: Unicode.Scalar) in c == "_" || c.properties.isAlphabetic || c.properties.numericType != nil }
        guard let first = base.first else {
            return "a selector name needs a method name before the colon, such as \"reload\" or \"reload:\""
        }
        guard first == "_" || first.properties.isAlphabetic, base.allSatisfy(isPart) else {
            return "a selector name is a method name with at most one trailing colon, such as \"reload\" or \"reload:\""
        }
        return nil
    }

    /// Why an entry binding this name to a method that takes the notification (`wantsNotification`; `nil` for a
    /// handler that always receives it) is malformed; `nil` when it is not.
    func misuse(binding wantsNotification: Bool?) -> Misuse? {
        if let reason = invalidityReason { return .notASelector(name: name, reason: reason) }
        guard let wantsNotification, wantsNotification != takesNotification else { return nil }
        return .selectorArity(name: name, methodTakesNotification: wantsNotification)
    }
}
