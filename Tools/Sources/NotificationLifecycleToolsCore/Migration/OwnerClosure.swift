import Foundation
import SwiftParser
import SwiftSyntax

/// Turns an observer block into an owner closure: `{ [weak self] note in self?.reload(note) }` becomes
/// `{ owner, note in owner.reload(note) }`. The closure receives the owner, so it captures no `self`.
struct OwnerClosure {
    let text: String
    /// Whether a `MainActor.assumeIsolated { … }` around the whole body went: a main-actor owner's closure runs on
    /// the main actor already.
    private(set) var unwrappedAssumeIsolated = false

    init(closure: ClosureExprSyntax, type: TypeModel, file: SourceFile, mainActorOwner: Bool = false) throws {
        let base = closure.positionAfterSkippingLeadingTrivia.utf8Offset
        let line = file.position(of: closure).line
        func fail(_ reason: String) -> TypeMigration.NotUnderstood {
            TypeMigration.NotUnderstood(reason: "the block at line \(line) \(reason)")
        }
        var edits: [Edit] = []
        func edit(_ node: some SyntaxProtocol, _ replacement: String) {
            edits.append(
                Edit(
                    start: node.positionAfterSkippingLeadingTrivia.utf8Offset - base,
                    end: node.endPositionBeforeTrailingTrivia.utf8Offset - base,
                    replacement: replacement
                )
            )
        }

        // The parameter the notification arrives in.
        var parameter = "_"
        var keptCaptures: [String] = []
        if let signature = closure.signature {
            if !signature.attributes.isEmpty || signature.effectSpecifiers != nil || signature.returnClause != nil {
                throw fail("has attributes, effects or a return type")
            }
            for capture in signature.capture?.items ?? [] where capture.name.tokenKind != .keyword(.self) {
                keptCaptures.append(capture.trimmedDescription.trimmingSuffix(","))
            }
            switch signature.parameterClause {
            case .simpleInput(let list):
                guard list.count <= 1 else { throw fail("takes more than the notification") }
                parameter = list.first?.name.text ?? "_"
            case .parameterClause(let clause):
                guard clause.parameters.count <= 1 else { throw fail("takes more than the notification") }
                parameter = clause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "_"
            case nil:
                break
            }
        }
        let scanner = SelfScanner(type: type, closure: closure)
        scanner.walk(closure.statements)
        if let problem = scanner.problem { throw fail(problem) }
        if scanner.usesOwnerName { throw fail("already uses the name `owner`") }
        if closure.signature == nil || parameter == "_", scanner.dollarZero.isEmpty == false {
            parameter = "note"
        }
        for node in scanner.dollarZero { edit(node, parameter) }
        let captures = keptCaptures.isEmpty ? "" : "[\(keptCaptures.joined(separator: ", "))] "
        if let signature = closure.signature {
            edit(signature, "\(captures)owner, \(parameter) in")
        } else {
            edits.append(
                Edit(
                    start: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset - base,
                    end: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset - base,
                    replacement: " owner, \(parameter) in"
                )
            )
        }
        for node in scanner.selfReferences { edit(node, "owner") }
        for node in scanner.implicitMembers {
            edits.append(
                Edit(
                    start: node.positionAfterSkippingLeadingTrivia.utf8Offset - base,
                    end: node.positionAfterSkippingLeadingTrivia.utf8Offset - base,
                    replacement: "owner."
                )
            )
        }
        let lines = TextLines(file.text)
        for statement in scanner.removedGuards {
            let removal = lines.removal(of: statement)
            edits.append(Edit(start: removal.start - base, end: removal.end - base, replacement: ""))
        }
        for clauses in scanner.removedClauses {
            edits.append(
                Edit(
                    start: clauses[0].positionAfterSkippingLeadingTrivia.utf8Offset - base,
                    end: clauses[1].positionAfterSkippingLeadingTrivia.utf8Offset - base,
                    replacement: ""
                )
            )
        }
        let original = closure.trimmedDescription
        guard let text = Edit.apply(edits, to: original) else { throw fail("could not be rewritten") }
        if mainActorOwner, let unwrapped = Self.unwrappingAssumeIsolated(text) {
            self.text = Self.tidy(unwrapped)
            unwrappedAssumeIsolated = true
        } else {
            self.text = Self.tidy(text)
        }
    }

    /// The closure as a hand would write it at its new place: no trailing whitespace (an edit that took a guard or
    /// a capture list leaves none, nor do Xcode's indented blank lines), `{ owner, note in statement }` on one line
    /// when the body is one line without comments, and otherwise its lines after the first marked as indented
    /// relative to the statement (``TypeMigration/relativeLine``), so that the body and the closing brace follow
    /// the head wherever it goes. A closure with a multi-line string literal keeps its text: there, whitespace is
    /// content.
    static func tidy(_ text: String) -> String {
        guard !text.contains("\"\"\"") else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        guard lines.count > 1 else { return lines[0] }
        let tree = Parser.parse(source: "_ = " + lines.joined(separator: "\n"))
        if let closure = tree.statements.first?.item.as(SequenceExprSyntax.self)?.elements.last?
            .as(ClosureExprSyntax.self),
            let signature = closure.signature, closure.statements.count == 1,
            let statement = closure.statements.first, !statement.trimmedDescription.contains("\n"),
            !Self.hasComments(closure)
        {
            return "{ \(signature.trimmedDescription) \(statement.trimmedDescription) }"
        }
        // Relative to the closing brace's indentation, when it is alone on the last line.
        guard let last = lines.last, last.trimmingCharacters(in: .whitespaces) == "}" else {
            return lines.joined(separator: "\n")
        }
        let base = String(last.prefix { $0 == " " || $0 == "\t" })
        guard lines.dropFirst().allSatisfy({ $0.isEmpty || $0.hasPrefix(base) }) else {
            return lines.joined(separator: "\n")
        }
        for index in lines.indices.dropFirst() where !lines[index].isEmpty {
            lines[index] = TypeMigration.relativeLine + lines[index].dropFirst(base.count)
        }
        return lines.joined(separator: "\n")
    }

    private static func hasComments(_ closure: ClosureExprSyntax) -> Bool {
        closure.tokens(viewMode: .sourceAccurate).contains { token in
            (token.leadingTrivia.pieces + token.trailingTrivia.pieces).contains { $0.isComment }
        }
    }

    /// `{ owner, _ in\n    MainActor.assumeIsolated {\n        body\n    }\n}` → `{ owner, _ in\n    body\n}`, the
    /// body one level less indented; `nil` when the closure's only statement is not such a call.
    private static func unwrappingAssumeIsolated(_ text: String) -> String? {
        let tree = Parser.parse(source: "_ = " + text)
        guard
            let closure = tree.statements.first?.item.as(SequenceExprSyntax.self)?.elements.last?
                .as(ClosureExprSyntax.self),
            closure.statements.count == 1,
            let call = closure.statements.first?.item.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "MainActor.assumeIsolated", call.arguments.isEmpty,
            call.additionalTrailingClosures.isEmpty, let inner = call.trailingClosure, inner.signature == nil,
            let signature = closure.signature
        else { return nil }
        let head = "{ " + signature.trimmedDescription
        let body = inner.statements.description
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("    ") ? String(line.dropFirst(4)) : String(line)
        }
        // The closing brace keeps the indentation of the original one.
        let close = closure.rightBrace.leadingTrivia.description
        let separator = body.first?.isNewline == true ? "" : " "
        let end = close.isEmpty && !(lines.last?.hasSuffix(" ") ?? false) ? " }" : close + "}"
        return head + separator + lines.joined(separator: "\n") + end
    }
}

/// Finds what refers to `self` in a block: explicit `self`, `self?`, `guard let self`, and members used without
/// `self.` (which Swift allows after `guard let self` or with `[self]`).
private final class SelfScanner: SyntaxVisitor {
    let members: Set<String>
    let closure: ClosureExprSyntax
    var selfReferences: [Syntax] = []
    var implicitMembers: [Syntax] = []
    var removedGuards: [CodeBlockItemSyntax] = []
    /// The self clause of a `guard` that binds more (first) and the condition after it (second).
    var removedClauses: [[ConditionElementSyntax]] = []
    var dollarZero: [Syntax] = []
    var renamed: Set<String> = []
    var locals: Set<String> = []
    var usesOwnerName = false
    var problem: String?

    init(type: TypeModel, closure: ClosureExprSyntax) {
        var members = Set(type.properties.keys)
        members.formUnion(type.methods.keys.filter { $0 != "init" && $0 != "deinit" })
        self.members = members
        self.closure = closure
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        let bindsSelf = node.conditions.contains { condition in
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self) else { return false }
            return binding.pattern.trimmedDescription == "self"
                || binding.initializer?.value.trimmedDescription == "self"
        }
        guard bindsSelf else { return .visitChildren }
        // `guard let self = self, let x = … else { return }`: the owner is never nil, so only the self clause goes;
        // the other conditions stay, their `self` read as the owner.
        if node.conditions.count > 1, node.body.statements.trimmedDescription == "return",
            let first = node.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            first.pattern.trimmedDescription == "self",
            first.initializer.map({ $0.value.trimmedDescription == "self" }) ?? true,
            let item = node.parent?.as(CodeBlockItemSyntax.self), item.parent?.parent?.key == closure.key
        {
            removedClauses.append(Array(node.conditions.prefix(2)))
            for condition in node.conditions.dropFirst() { walk(condition) }
            return .skipChildren
        }
        guard node.conditions.count == 1, node.body.statements.trimmedDescription == "return",
            let binding = node.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let item = node.parent?.as(CodeBlockItemSyntax.self),
            item.parent?.parent?.key == closure.key
        else {
            problem = "unwraps self together with other conditions or inside a nested block"
            return .skipChildren
        }
        let name = binding.pattern.trimmedDescription
        if name != "self" { renamed.insert(name) }
        removedGuards.append(item)
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if node.pattern.trimmedDescription == "self" || node.initializer?.value.trimmedDescription == "self" {
            problem = "unwraps self with if let"
        }
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { locals.insert(name) }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if node.signature?.capture?.items.contains(where: { $0.name.tokenKind == .keyword(.self) }) == true {
            problem = "has a nested closure that captures self itself"
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        locals.insert(node.identifier.text)
        if members.contains(node.identifier.text) {
            problem = "declares `\(node.identifier.text)`, which is also a member of the type"
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        if node.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            selfReferences.append(Syntax(node))
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name == "owner" { usesOwnerName = true }
        if node.baseName.tokenKind == .keyword(.self) || renamed.contains(name) {
            selfReferences.append(Syntax(node))
        } else if name == "$0", isOwnShorthand(node) {
            dollarZero.append(Syntax(node))
        } else if members.contains(name), !locals.contains(name), !isMemberName(node), node.argumentNames == nil {
            implicitMembers.append(Syntax(node))
        }
        return .visitChildren
    }

    /// `$0` of this closure, not of a nested one.
    private func isOwnShorthand(_ node: DeclReferenceExprSyntax) -> Bool {
        node.ancestor(ClosureExprSyntax.self)?.key == closure.key
    }

    /// The `reload` of `x.reload`, not a reference of its own.
    private func isMemberName(_ node: DeclReferenceExprSyntax) -> Bool {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return true }
        return false
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
