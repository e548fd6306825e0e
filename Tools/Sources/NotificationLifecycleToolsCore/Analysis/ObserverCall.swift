import Foundation
package import SwiftSyntax

/// A call to `addObserver` on something that reads as a notification center.
package struct Registration {
    package enum Handler {
        /// `addObserver(self, selector: #selector(…), name:object:)`.
        case selector(FunctionCallExprSyntax?, method: String)
        /// `addObserver(forName:object:queue:using:)` with its block.
        case block(ClosureExprSyntax?)
    }

    /// Where the token of a block registration goes.
    package enum TokenStore: Equatable {
        /// The statement is the call alone, or `_ = call`.
        case discarded
        /// Assigned to, appended to, or put in a subscript of a stored property.
        case property(String)
        /// Kept in a local that is used in a way the analysis does not follow.
        case other
        /// A selector registration has no token.
        case none
    }

    package let call: FunctionCallExprSyntax
    package let handler: Handler
    package let receiver: String
    package let name: NotificationName
    package let object: String?
    package let queue: String?
    package let store: TokenStore
    package let method: String
    package let location: SourcePosition
}

/// A call to `removeObserver` on something that reads as a notification center.
package struct Removal {
    package enum Kind {
        /// `removeObserver(self)`: every registration of the observer.
        case everything
        /// `removeObserver(self, name:object:)`.
        case named(NotificationName, object: String?)
        /// `removeObserver(token)`, or a method reference handed to `forEach`: the property the token comes from.
        case token(store: String?)
    }

    package let node: Syntax
    package let kind: Kind
    package let receiver: String
    package let method: String
    package let location: SourcePosition
}

/// A notification name as written, and a key that treats `.UIKeyboardWillShow` and
/// `UIResponder.keyboardWillShowNotification` as the same name.
package struct NotificationName: Equatable {
    /// Without whitespace, to compare names however they were spaced.
    package let text: String
    /// As written (trimmed): what generated code repeats, as `Notification.Name("My Event")` keeps its space.
    package let written: String

    package init(_ text: String) {
        self.text = text.filter { !$0.isWhitespace }
        self.written = text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The same name however it was spaced.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }

    /// `nil` when the name is a value (a variable or a parameter) rather than a constant.
    package var key: String? {
        var text = self.text
        if text.hasPrefix("Notification.Name(\"") || text.hasPrefix("NSNotification.Name(\"") {
            return text.split(separator: "\"").dropFirst().first.map { Self.normalize(String($0)) }
        }
        guard text.contains(".") else { return nil }
        if text.hasPrefix("self.") { return nil }
        text = String(text.split(separator: ".").last ?? "")
        return text.isEmpty ? nil : Self.normalize(text)
    }

    private static func normalize(_ name: String) -> String {
        var name = name
        for prefix in ["UI", "NS"] where name.hasPrefix(prefix) && name.count > 2 {
            let rest = name.dropFirst(2)
            if rest.first?.isUppercase == true { name = String(rest) }
        }
        if name.hasSuffix("Notification") { name = String(name.dropLast("Notification".count)) }
        return name.lowercased()
    }
}

/// A file position, 1-based, as compilers print it.
package struct SourcePosition: Hashable, Comparable, Sendable {
    package let file: String
    package let line: Int
    package let column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
