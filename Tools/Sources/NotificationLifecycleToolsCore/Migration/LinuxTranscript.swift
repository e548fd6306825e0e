import Foundation
import SwiftParser
import SwiftSyntax

/// Rewrites a fixture so that it compiles on Linux next to its migrated twin, for the migration behaviour tests.
///
/// - An original: its classes get the suffix `Original`, its `extension Notification.Name` goes (the migrated copy
///   declares the same names), `NotificationCenter.default` becomes `AppleSemanticsCenter.default` (the test
///   stand-in with Apple's semantics; `NSWorkspace.shared.notificationCenter` becomes `AppleSemanticsCenter.workspace`),
///   `#selector(handle(_:))` becomes an `AppleSelector` closure calling the method,
///   and `@objc` goes.
/// - A migrated file: only `@objc` goes.
package enum LinuxTranscript {
    package static func original(_ text: String, path: String) -> String {
        let file = SourceFile(path: path, text: text)
        let types = ModelBuilder.build([file])
        let classNames = Set(types.filter { $0.kind == .class }.map(\.name))
        var edits: [Edit] = []
        let lines = TextLines(text)
        final class Visitor: SyntaxVisitor {
            var edits: [Edit] = []
            let classNames: Set<String>
            let types: [TypeModel]
            let lines: TextLines
            init(classNames: Set<String>, types: [TypeModel], lines: TextLines) {
                self.classNames = classNames
                self.types = types
                self.lines = lines
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if case .identifier(let name) = token.tokenKind, classNames.contains(name) {
                    let end = token.endPositionBeforeTrailingTrivia.utf8Offset
                    edits.append(Edit(start: end, end: end, replacement: "Original"))
                }
                return .visitChildren
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.extendedType.trimmedDescription == "Notification.Name" {
                    edits.append(lines.removal(of: node, absorbBlankLine: true))
                    return .skipChildren
                }
                return .visitChildren
            }
            override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
                if node.attributeName.trimmedDescription == "objc" {
                    edits.append(
                        Edit(
                            start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: node.endPosition.utf8Offset,
                            replacement: ""
                        )
                    )
                }
                return .visitChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                let centers = [
                    "NotificationCenter.default": "AppleSemanticsCenter.default",
                    "NSWorkspace.shared.notificationCenter": "AppleSemanticsCenter.workspace",
                ]
                if let center = centers[node.trimmedDescription] {
                    edits.append(
                        Edit(
                            start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                            end: node.endPositionBeforeTrailingTrivia.utf8Offset,
                            replacement: center
                        )
                    )
                    return .skipChildren
                }
                return .visitChildren
            }
            override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.macroName.text == "selector", let argument = node.arguments.first?.expression,
                    let type = node.ancestor(ClassDeclSyntax.self)?.name.text,
                    let model = types.first(where: { $0.name == type })
                else { return .visitChildren }
                let reference =
                    argument.as(DeclReferenceExprSyntax.self) ?? argument.as(MemberAccessExprSyntax.self)?.declName
                guard let reference else { return .visitChildren }
                let method = reference.baseName.text
                let labels: [String]
                if let names = reference.argumentNames {
                    labels = names.arguments.map { $0.name.text }
                } else if let function = model.methods[method]?.first?.decl.as(FunctionDeclSyntax.self) {
                    labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
                } else {
                    return .visitChildren
                }
                let call =
                    labels.isEmpty
                    ? "observer.\(method)()" : "observer.\(method)(\(labels[0] == "_" ? "" : "\(labels[0]): ")note)"
                let note = labels.isEmpty ? "_" : "note"
                edits.append(
                    Edit(
                        start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                        end: node.endPositionBeforeTrailingTrivia.utf8Offset,
                        replacement: "AppleSelector { (observer: \(type)Original, \(note): Notification) in \(call) }"
                    )
                )
                return .skipChildren
            }
        }
        let visitor = Visitor(classNames: classNames, types: types, lines: lines)
        visitor.walk(file.tree)
        edits += visitor.edits
        // AppleSemanticsCenter lives in the stand-in UIKit module.
        let imports = file.tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        if !imports.contains(where: { $0.path.trimmedDescription == "UIKit" }), let last = imports.last {
            let end = lines.lineEnd(last.endPositionBeforeTrailingTrivia.utf8Offset)
            edits.append(Edit(start: end, end: end, replacement: "import UIKit  // AppleSemanticsCenter\n"))
        }
        return Edit.apply(edits, to: text) ?? text
    }

    package static func migrated(_ text: String) -> String {
        text.replacingOccurrences(of: "@objc ", with: "")
    }
}
