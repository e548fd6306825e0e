package import SwiftSyntax

extension SyntaxProtocol {
    /// The nearest enclosing node of the given type.
    package func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let found = current.as(T.self) { return found }
            node = current.parent
        }
        return nil
    }
}
