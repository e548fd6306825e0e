package import SwiftSyntax

/// Reading observer calls: receivers, selectors, the property a token lives in.
package enum ObserverSyntax {

    /// `NotificationCenter.default`, `center`, `notificationCenter`, `nc`, `NSWorkspace.shared.notificationCenter`…
    package static func isCenter(_ expression: ExprSyntax) -> Bool {
        let text = expression.trimmedDescription
        let last = text.split(separator: ".").last.map(String.init) ?? text
        let lowered = last.lowercased()
        return text.contains("NotificationCenter") || lowered.hasSuffix("center") || lowered == "nc"
            || (last == "default" && text.hasSuffix("Center.default"))
    }

    /// The closure that `reference` is a parameter of (`$0`, or a named one), when that closure is handed to a call
    /// on a center: `NotificationCenter.default.do { $0.addObserver(…) }`.
    package static func closureOnCenter(passing reference: DeclReferenceExprSyntax) -> ClosureExprSyntax? {
        let name = reference.baseName.text
        var node = Syntax(reference)
        while let parent = node.parent, !parent.is(MemberBlockItemSyntax.self) {
            node = parent
            guard let closure = node.as(ClosureExprSyntax.self) else { continue }
            let names: [String]
            switch closure.signature?.parameterClause {
            case .simpleInput(let list): names = list.map(\.name.text)
            case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            case nil: names = ["$0"]
            }
            guard names.contains(name) else { continue }
            var call = closure.parent
            if call?.is(LabeledExprSyntax.self) == true { call = call?.parent?.parent }
            guard let call = call?.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                isCenter(base)
            else { return nil }
            return closure
        }
        return nil
    }

    /// `let name = NotificationCenter.default` (or another center expression) in a block around `node`.
    package static func localCenter(named name: String, around node: Syntax) -> CodeBlockItemSyntax? {
        var current: Syntax? = node
        while let node = current {
            if let list = node.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        guard let value = binding.initializer?.value, isCenter(value) else { return nil }
                        return item
                    }
                }
            }
            if node.is(MemberBlockItemSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    package static func nonNil(_ expression: ExprSyntax) -> String? {
        expression.is(NilLiteralExprSyntax.self) ? nil : expression.trimmedDescription
    }

    /// `#selector(handle(_:))`, `#selector(self.handle)`, `#selector(Type.handle(notification:))` → `handle`.
    package static func selectorMethod(_ expression: ExprSyntax) -> String? {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let argument = macro.arguments.first?.expression
        else { return nil }
        if let reference = argument.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = argument.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// The first name of `self.tokens.values`, `tokens!`, `observers[name]`: the property a token lives in.
    package static func root(of expression: ExprSyntax) -> String? {
        var expression = expression
        while true {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return nil }
                if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    return member.declName.baseName.text
                }
                expression = base
            } else if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
                expression = unwrap.expression
            } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
                expression = optional.expression
            } else if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
                expression = subscriptCall.calledExpression
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                expression = call.calledExpression
            } else if let cast = expression.as(AsExprSyntax.self) {
                expression = cast.expression
            } else {
                return nil
            }
        }
    }
}
