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

/// A node's kind and range: the same statement reached through different walks compares equal, which
/// `SyntaxIdentifier` does not promise.
package struct NodeKey: Hashable {
    let kind: SyntaxKind
    let start: Int
    let end: Int
}

extension SyntaxProtocol {
    package var key: NodeKey {
        NodeKey(kind: Syntax(self).kind, start: position.utf8Offset, end: endPosition.utf8Offset)
    }
}
