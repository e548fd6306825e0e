import SwiftParser
package import SwiftSyntax

/// One Swift file, parsed.
package struct SourceFile {
    package let path: String
    package let text: String
    package let tree: SourceFileSyntax
    package let converter: SourceLocationConverter

    package init(path: String, text: String) {
        self.path = path
        self.text = text
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    package func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = node.startLocation(converter: converter)
        return SourcePosition(file: path, line: location.line, column: location.column)
    }
}
