import SwiftSyntax

/// Reads types and reports the hand-written observer bugs of ``Rule/all``.
package enum Checker {
    /// Checks the files as one program: a type's extensions in other files count.
    package static func check(_ files: [SourceFile]) -> [Finding] {
        let types = ModelBuilder.build(files)
        var findings: Set<Finding> = []
        for type in types {
            let superclass = type.inherited.first.map { TypeModel.visible(named: $0, from: type.file, in: types) }
            findings.formUnion(check(type, superclass: superclass?.count == 1 ? superclass?.first : nil, types: types))
        }
        return findings.sorted { ($0.position, $0.rule.id) < ($1.position, $1.rule.id) }
    }

    static func check(_ type: TypeModel, superclass: TypeModel?, types: [TypeModel] = []) -> [Finding] {
        var findings: [Finding] = []
        func report(_ rule: Rule, at position: SourcePosition, _ message: String, _ remedy: String) {
            findings.append(
                Finding(rule: rule, position: position, typeName: type.name, message: message, remedy: remedy)
            )
        }
        let isReference = type.kind == .class || type.kind == .actor
        let forever = type.livesAsLongAsTheProcess
        let migrate = "or let `notification-lifecycle migrate` declare the listener"

        // With no superclass that registers (none, NSObject, or one read that has no superclass and registers
        // nothing) and no registration meant to last (none reached from a lifetime method), removeObserver(self)
        // removes exactly what the object's own start method added: a stop, not a bug (issue 37, real apps).
        let ownRegistrationsOnly =
            (!TypeMigration.hasSuperclass(type, in: types) || type.inherited.first == "NSObject"
                || (superclass.map { $0.registrations.isEmpty && !TypeMigration.hasSuperclass($0, in: types) }
                    ?? false))
            && !type.registrations.isEmpty
            && type.registrations.allSatisfy {
                let entries = type.entries(reaching: $0.method)
                return entries.isDisjoint(with: TypeModel.lifetimeEntries) && !entries.isEmpty
                    || entries.isEmpty && $0.method != "init"
            }
        for removal in type.removals {
            guard isReference, case .everything = removal.kind, !type.isDeinitOnly(removal.method) else { continue }
            if ownRegistrationsOnly { continue }
            report(
                .nuclearUnregister,
                at: removal.location,
                "removeObserver(self) in \(removal.method) removes every registration of this \(type.name), its "
                    + "superclass's and the ones meant to last included (and nothing at all on Linux)",
                "Remove each registration by its token or name, keep removeObserver(self) for deinit, \(migrate)"
            )
        }

        let disappearRemovals = type.removals.filter {
            !type.entries(reaching: $0.method).isDisjoint(with: TypeModel.disappearEntries)
        }
        for registration in type.registrations {
            let entries = type.entries(reaching: registration.method)
            guard !entries.isEmpty, entries.isSubset(of: TypeModel.appearEntries),
                registration.store != .discarded, registration.store != .other,
                !isConditional(registration.call)
            else { continue }
            let balanced = disappearRemovals.contains { removal in
                switch (registration.handler, removal.kind) {
                case (.selector, .everything):
                    return true
                case (.selector, .named(let name, _)):
                    return name.key == nil || registration.name.key == nil || name.key == registration.name.key
                case (.block, .token(let store)):
                    return store == nil || registration.store == .property(store!)
                default:
                    return false
                }
            }
            guard !balanced else { continue }
            let entry = entries.sorted().joined(separator: "/")
            report(
                .unbalancedVisible,
                at: registration.location,
                "\(registration.name.text) is added in \(entry) and not removed in viewWillDisappear or "
                    + "viewDidDisappear, so each appearance adds it again and every post runs once more",
                "Remove it in the matching disappear method, \(migrate) as visible"
            )
        }

        let unresolvedTokenRemoval = type.removals.contains {
            if case .token(store: nil) = $0.kind { return true }
            return false
        }
        for registration in type.registrations {
            guard case .block(let closure) = registration.handler else { continue }
            // In a static property's initialiser the listener is the type's, for the process (as a singleton's).
            let typeLevel =
                type.staticProperties[registration.method] != nil && type.properties[registration.method] == nil
            if registration.store == .discarded, !forever, !typeLevel {
                report(
                    .discardedToken,
                    at: registration.location,
                    "the token of addObserver(forName: \(registration.name.text), …) is thrown away, so this observer "
                        + "can never be removed and outlives the \(type.name)",
                    "Keep the token and pass it to removeObserver(_:), \(migrate)"
                )
            }
            guard case .property(let property) = registration.store, !forever else { continue }
            let removals = type.removals.filter {
                if case .token(store: property) = $0.kind { return true }
                return false
            }
            if removals.isEmpty, !unresolvedTokenRemoval, !escapes(property, in: type) {
                report(
                    .tokenNeverRemoved,
                    at: registration.location,
                    "the token kept in `\(property)` is never passed to removeObserver(_:), so the observer of "
                        + "\(registration.name.text) outlives the \(type.name)",
                    "Remove it in deinit or when listening should stop, \(migrate)"
                )
            }
            if isReference, let closure, let selfUse = strongSelfUse(in: closure),
                removals.allSatisfy({ type.isDeinitOnly($0.method) })
            {
                let file = registration.location.file
                let line = closure.ancestor(SourceFileSyntax.self).map {
                    SourceLocationConverter(fileName: file, tree: $0).location(for: selfUse).line
                }
                let removedIn = removals.isEmpty ? "nothing removes it" : "the removal in deinit never runs"
                report(
                    .strongSelfCapture,
                    at: registration.location,
                    "the block captures self strongly\(line.map { " (line \($0))" } ?? "") and is kept by the token "
                        + "in `\(property)`, so neither is ever released and \(removedIn)",
                    "Capture [weak self], \(migrate): its closures receive the owner without capturing it"
                )
            }
        }

        let registered = (type.registrations + (superclass?.registrations ?? [])).filter {
            if case .selector = $0.handler { return true }
            return false
        }
        // With no superclass (or NSObject, or one read that registers nothing), every selector registration of self
        // is in the files read: a removal by name of anything else removes nothing.
        let superclassRegistersNothing =
            !TypeMigration.hasSuperclass(type, in: types) || type.inherited.first == "NSObject"
            || (superclass.map { $0.registrations.isEmpty && !TypeMigration.hasSuperclass($0, in: types) } ?? false)
        if !registered.isEmpty || superclassRegistersNothing, registered.allSatisfy({ $0.name.key != nil }) {
            for removal in type.removals {
                guard case .named(let name, let object) = removal.kind, let key = name.key else { continue }
                let sameName = registered.filter { $0.name.key == key }
                if sameName.isEmpty {
                    let adds =
                        registered.isEmpty
                        ? "which adds nothing by selector (its blocks are removed by their tokens)"
                        : "which adds " + Set(registered.map(\.name.text)).sorted().joined(separator: ", ")
                    report(
                        .mismatchedRemoval,
                        at: removal.location,
                        "removeObserver(self, name: \(name.text), …) matches no registration of \(type.name), \(adds)",
                        "Name the notification that was added, \(migrate), which removes what it added"
                    )
                } else if let object, type.properties[Self.normalized(object)] != nil,
                    let senders = Self.senders(sameName, of: type), !senders.contains(Self.normalized(object))
                {
                    // A removal for one sender removes only the registrations for that sender (or for any when nil).
                    let added = senders.map { $0 ?? "any sender (object: nil)" }.sorted().joined(separator: ", ")
                    report(
                        .mismatchedRemoval,
                        at: removal.location,
                        "removeObserver(self, name: \(name.text), object: \(object)) matches no registration of "
                            + "\(type.name): it added \(name.text) for \(added), and a removal for another sender "
                            + "removes nothing",
                        "Pass the object the registration named (or nil), \(migrate), which removes what it added"
                    )
                }
            }
        }
        return findings
    }

    /// The senders the registrations name, `nil` standing for any sender; `nil` when one is not a property of the
    /// type (a parameter, `player.currentItem`), which may be the same object under another name.
    private static func senders(_ registrations: [Registration], of type: TypeModel) -> Set<String?>? {
        var result: Set<String?> = []
        for registration in registrations {
            guard let object = registration.object else {
                result.insert(nil)
                continue
            }
            let name = normalized(object)
            guard type.properties[name] != nil else { return nil }
            result.insert(name)
        }
        return result
    }

    private static func normalized(_ object: String) -> String {
        object.hasPrefix("self.") ? String(object.dropFirst(5)) : object
    }

    /// Inside an `if`, or after a `guard`, within its member. A closure counts as a condition (it may run any number
    /// of times), but for one handed to a call on the center the registration is made on
    /// (`NotificationCenter.default.do { $0.addObserver(…) }`).
    private static func isConditional(_ call: FunctionCallExprSyntax) -> Bool {
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)
        let centerClosure = receiver.flatMap { ObserverSyntax.closureOnCenter(passing: $0) }
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(MemberBlockItemSyntax.self) {
            if parent.is(ClosureExprSyntax.self), parent.id == centerClosure?.id {
                node = parent
                continue
            }
            if parent.is(IfExprSyntax.self) || parent.is(ClosureExprSyntax.self) { return true }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.id == node.id { break }
                    if item.item.is(GuardStmtSyntax.self) { return true }
                }
            }
            node = parent
        }
        return false
    }

    /// The first use of `self` that the closure captures strongly, if any.
    static func strongSelfUse(in closure: ClosureExprSyntax) -> AbsolutePosition? {
        if let captures = closure.signature?.capture?.items {
            for capture in captures where capture.name.tokenKind == .keyword(.self) {
                if capture.specifier == nil { return capture.positionAfterSkippingLeadingTrivia }
                return nil
            }
        }
        let finder = SelfFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.first
    }

    /// Whether a token property is used in a way the checker does not follow.
    private static func escapes(_ property: String, in type: TypeModel) -> Bool {
        let finder = PropertyUseFinder(property: property)
        for decl in type.declarations { finder.walk(decl.memberBlock) }
        return finder.escapes
    }
}

private final class SelfFinder: SyntaxVisitor {
    var first: AbsolutePosition?

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if first == nil, node.baseName.tokenKind == .keyword(.self) {
            first = node.positionAfterSkippingLeadingTrivia
        }
        return .visitChildren
    }
}

/// Finds a use of a token property other than storing, appending, clearing and nil checks.
private final class PropertyUseFinder: SyntaxVisitor {
    let property: String
    var escapes = false

    init(property: String) {
        self.property = property
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == property else { return .visitChildren }
        var expression = Syntax(node)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id,
            member.base?.trimmedDescription == "self"
        {
            expression = Syntax(member)
        } else if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .visitChildren  // someone else's member of the same name
        }
        guard let parent = expression.parent else { return .visitChildren }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expression.id {
            let harmless: Set<String> = ["append", "insert", "removeAll", "formUnion", "isEmpty", "count"]
            if !harmless.contains(member.declName.baseName.text) { escapes = true }
            return .visitChildren
        }
        if let list = parent.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let index = elements.firstIndex(where: { $0.id == expression.id }) {
                let isTarget = index == 0 && elements.count > 1 && elements[1].is(AssignmentExprSyntax.self)
                let isNilCheck =
                    elements.count == 3 && ["==", "!="].contains(elements[1].trimmedDescription)
                    && elements.contains { $0.is(NilLiteralExprSyntax.self) }
                if !isTarget, !isNilCheck { escapes = true }
            }
            return .visitChildren
        }
        if parent.is(SubscriptCallExprSyntax.self) { return .visitChildren }
        escapes = true
        return .visitChildren
    }
}
