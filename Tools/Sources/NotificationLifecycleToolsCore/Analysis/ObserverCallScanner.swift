import SwiftSyntax

/// Finds the `addObserver` and `removeObserver` calls of one member and records them on its type.
final class ObserverCallScanner: SyntaxVisitor {
    private let model: TypeModel
    private let method: String
    private let file: SourceFile

    /// `x.removeObserver(…)` on a receiver that does not read as a center: a removal only when `x` is also the
    /// receiver of a registration of the type.
    private var heldRemovals: [FunctionCallExprSyntax] = []

    init(model: TypeModel, method: String, file: SourceFile) {
        self.model = model
        self.method = method
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        else { return .visitChildren }
        let receiver = base.trimmedDescription
        let arguments = Array(node.arguments)
        let labels = arguments.map { $0.label?.text }
        if !isCenter(base) {
            // A receiver that does not read as a center (`notify`, a property a superclass declares) but a call with
            // NotificationCenter's own argument labels is a registration all the same: recorded, so that the type
            // moves whole or stays whole with the call named. A removal on such a receiver is held until the type's
            // registrations show that the receiver is one (ModelBuilder).
            let isRegistration =
                member.declName.baseName.text == "addObserver"
                && (labels == [nil, "selector", "name", "object"]
                    || labels.starts(with: ["forName", "object", "queue"]))
            if !isRegistration {
                if member.declName.baseName.text == "removeObserver",
                    labels == [nil] || labels == [nil, "name", "object"]
                {
                    heldRemovals.append(node)
                }
                return .visitChildren
            }
        }
        record(node, member: member, receiver: receiver)
        return .visitChildren
    }

    /// Records the held removals whose receiver (with or without `self.`) is one the type registers on.
    func recordHeldRemovals(registeredOn receivers: Set<String>) {
        for node in heldRemovals {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
                continue
            }
            let receiver = base.trimmedDescription
            guard receivers.contains(Self.withoutSelf(receiver)) else { continue }
            record(node, member: member, receiver: receiver)
        }
        heldRemovals = []
    }

    static func withoutSelf(_ receiver: String) -> String {
        receiver.hasPrefix("self.") ? String(receiver.dropFirst("self.".count)) : receiver
    }

    private func record(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax, receiver: String) {
        let arguments = Array(node.arguments)
        let labels = arguments.map { $0.label?.text }
        let position = file.position(of: member.declName)
        switch member.declName.baseName.text {
        case "addObserver" where labels == [nil, "selector", "name", "object"]:
            guard arguments[0].expression.trimmedDescription == "self" else { break }
            let selector = arguments[1].expression
            let methodName = ObserverSyntax.selectorMethod(selector)
            model.registrations.append(
                Registration(
                    call: node,
                    handler: .selector(nil, method: methodName ?? ""),
                    receiver: receiver,
                    name: NotificationName(arguments[2].expression.trimmedDescription),
                    object: ObserverSyntax.nonNil(arguments[3].expression),
                    queue: nil,
                    store: .none,
                    method: method,
                    location: position
                )
            )
        case "addObserver" where labels.starts(with: ["forName", "object", "queue"]):
            let closure =
                node.trailingClosure
                ?? arguments.first { $0.label?.text == "using" }?.expression.as(ClosureExprSyntax.self)
            model.registrations.append(
                Registration(
                    call: node,
                    handler: .block(closure),
                    receiver: receiver,
                    name: NotificationName(arguments[0].expression.trimmedDescription),
                    object: ObserverSyntax.nonNil(arguments[1].expression),
                    queue: ObserverSyntax.nonNil(arguments[2].expression),
                    store: tokenStore(of: node),
                    method: method,
                    location: position
                )
            )
        case "removeObserver" where labels == [nil]:
            let argument = arguments[0].expression
            let kind: Removal.Kind =
                argument.trimmedDescription == "self" ? .everything : .token(store: store(ofTokenExpression: argument))
            model.removals.append(
                Removal(node: Syntax(node), kind: kind, receiver: receiver, method: method, location: position)
            )
        case "removeObserver" where labels == [nil, "name", "object"]:
            guard arguments[0].expression.trimmedDescription == "self" else { break }
            model.removals.append(
                Removal(
                    node: Syntax(node),
                    kind: .named(
                        NotificationName(arguments[1].expression.trimmedDescription),
                        object: ObserverSyntax.nonNil(arguments[2].expression)
                    ),
                    receiver: receiver,
                    method: method,
                    location: position
                )
            )
        default:
            break
        }
    }

    /// `tokens.forEach(center.removeObserver)`, or `token.map(center.removeObserver)` on an optional token: a method
    /// reference, not a call.
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == "removeObserver", let base = node.base, isCenter(base),
            let argument = node.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let forEach = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["forEach", "map"].contains(forEach.declName.baseName.text), let sequence = forEach.base
        else { return .visitChildren }
        model.removals.append(
            Removal(
                node: Syntax(call),
                kind: .token(store: ObserverSyntax.root(of: sequence)),
                receiver: base.trimmedDescription,
                method: method,
                location: file.position(of: node.declName)
            )
        )
        return .visitChildren
    }

    /// A receiver that reads as a center, a property of the type declared as a `NotificationCenter`, a local bound
    /// to a center (`let hub = NotificationCenter.default`), or the parameter of a closure handed to a call on a
    /// center (`NotificationCenter.default.do { $0.addObserver(…) }`).
    private func isCenter(_ base: ExprSyntax) -> Bool {
        if ObserverSyntax.isCenter(base) { return true }
        var name = base.trimmedDescription
        if name.hasPrefix("self.") { name.removeFirst("self.".count) }
        if model.properties[name].map({ $0.hasSuffix("NotificationCenter") }) == true { return true }
        guard let reference = base.as(DeclReferenceExprSyntax.self) else { return false }
        if ObserverSyntax.closureOnCenter(passing: reference) != nil { return true }
        return ObserverSyntax.localCenter(named: reference.baseName.text, around: Syntax(base)) != nil
    }

    // MARK: - Tokens

    /// Where the result of a block registration goes.
    private func tokenStore(of call: FunctionCallExprSyntax) -> Registration.TokenStore {
        var node = Syntax(call)
        // `try`, parentheses and array literals pass the token on.
        while let parent = node.parent,
            parent.is(TryExprSyntax.self) || parent.is(ArrayElementSyntax.self)
                || parent.is(ArrayElementListSyntax.self)
                || parent.is(ArrayExprSyntax.self)
        {
            node = parent
        }
        guard let parent = node.parent else { return .other }
        if parent.is(CodeBlockItemSyntax.self) {
            // The only statement of a closure or of a function with a result is returned, not thrown away:
            // `tokens = names.map { center.addObserver(…) }`, `func observe() -> any NSObjectProtocol { … }`.
            if let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 {
                if list.parent?.is(ClosureExprSyntax.self) == true { return .other }
                if let body = list.parent?.as(CodeBlockSyntax.self),
                    body.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause != nil
                        || body.parent?.is(AccessorBlockSyntax.self) == true
                {
                    return .other
                }
            }
            return .discarded
        }
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[2].id == node.id else { return .other }
            if elements[0].is(DiscardAssignmentExprSyntax.self) { return .discarded }
            guard elements[1].is(AssignmentExprSyntax.self) || elements[1].trimmedDescription == "+=",
                let root = ObserverSyntax.root(of: elements[0])
            else { return .other }
            return .property(root)
        }
        if let argument = parent.as(LabeledExprSyntax.self),
            let appendCall = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let append = appendCall.calledExpression.as(MemberAccessExprSyntax.self),
            ["append", "insert", "formUnion"].contains(append.declName.baseName.text), let base = append.base,
            let root = ObserverSyntax.root(of: base)
        {
            return .property(root)
        }
        if let initializer = parent.as(InitializerClauseSyntax.self),
            initializer.parent?.as(PatternBindingSyntax.self)?.pattern.is(WildcardPatternSyntax.self) == true
        {
            return .discarded  // let _ = center.addObserver(…)
        }
        if let initializer = parent.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            // A member `let observer = center.addObserver(…)` keeps the token in a property.
            if binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true { return .property(local) }
            return storeOfLocal(local, declaredIn: binding)
        }
        return .other
    }

    /// `let token = center.addObserver(…)` followed by `tokens.append(token)` or `self.token = token`.
    private func storeOfLocal(_ local: String, declaredIn binding: PatternBindingSyntax) -> Registration.TokenStore {
        guard let block = binding.ancestor(CodeBlockItemListSyntax.self) else { return .other }
        let finder = LocalUseFinder(local: local)
        finder.walk(block)
        return finder.store.map { .property($0) } ?? .other
    }

    /// The property a removed token comes from: through `if let token`, `for token in tokens`, `$0` in
    /// `tokens.forEach { … }`, or `let token = tokens.removeValue(…)`.
    private func store(ofTokenExpression expression: ExprSyntax) -> String? {
        guard let root = ObserverSyntax.root(of: expression) else { return nil }
        var node = Syntax(expression)
        while let parent = node.parent {
            node = parent
            if root == "$0", let closure = node.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
            {
                return ObserverSyntax.root(of: base)
            }
            // `for token in tokens`, and `for (_, token) in tokensByName` over a dictionary.
            if let loop = node.as(ForStmtSyntax.self),
                loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == root
                    || loop.pattern.as(TuplePatternSyntax.self)?.elements.last?.pattern
                        .as(IdentifierPatternSyntax.self)?.identifier.text == root
            {
                return ObserverSyntax.root(of: loop.sequence)
            }
            if let list = node.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if let found = Self.binding(of: root, in: Syntax(item)) { return found }
                }
            }
            if let conditions = node.as(IfExprSyntax.self)?.conditions ?? node.as(GuardStmtSyntax.self)?.conditions {
                for condition in conditions {
                    if let found = Self.binding(of: root, in: Syntax(condition)) { return found }
                }
            }
            if node.is(MemberBlockItemSyntax.self) { break }
        }
        return root
    }

    /// `if let token = tokens[x]`, `let token = observers.removeValue(forKey:)`: the root of the bound value.
    private static func binding(of name: String, in node: Syntax) -> String? {
        if let condition = node.as(ConditionElementSyntax.self),
            let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        {
            guard let value = binding.initializer?.value else { return name }
            return ObserverSyntax.root(of: value)
        }
        if let item = node.as(CodeBlockItemSyntax.self), let variable = item.item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer.flatMap { ObserverSyntax.root(of: $0.value) }
            }
        }
        return nil
    }
}

/// Where a local token goes: `tokens.append(token)`, `self.token = token`.
private final class LocalUseFinder: SyntaxVisitor {
    let local: String
    var store: String?

    init(local: String) {
        self.local = local
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == local, store == nil else { return .visitChildren }
        if let argument = node.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let append = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["append", "insert"].contains(append.declName.baseName.text), let base = append.base
        {
            store = ObserverSyntax.root(of: base)
        } else if let list = node.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if elements.count == 3, elements[2].id == node.id, elements[1].is(AssignmentExprSyntax.self) {
                store = ObserverSyntax.root(of: elements[0])
            }
        }
        return .visitChildren
    }
}
