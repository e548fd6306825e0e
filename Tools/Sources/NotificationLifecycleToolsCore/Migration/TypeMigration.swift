import Foundation
import SwiftSyntax

/// The edits that move one type's observers to NotificationLifecycle, or the reason it is left alone.
struct TypeMigration {
    struct NotUnderstood: Error {
        let reason: String
    }

    enum Lifespan: Hashable {
        case lifetime, visible
        /// Started where the registration was made, stopped where it was removed: named after the method that
        /// registered (`.custom("start")`).
        case custom(String)

        /// The call, and the arguments it takes after `forName:` and `object:`.
        var shorthand: (name: String, lifespan: String?) {
            switch self {
            case .lifetime: return ("addLifetimeNotificationInfo", nil)
            case .visible: return ("addVisibleNotificationInfo", nil)
            case .custom(let name): return ("addNotificationInfo", "lifespan: .custom(\"\(name)\")")
            }
        }

        var isMoved: Bool { self != .lifetime }
    }

    /// A line of `migrate`'s notes: where behaviour moves.
    struct Note {
        let line: Int
        let text: String
    }

    /// What replaces one registration.
    struct Declaration {
        let registration: Registration
        let lifespan: Lifespan
        /// The statements that made the registration (the call, and `tokens.append(token)` after a local).
        let statements: [CodeBlockItemSyntax]
        /// `addVisibleNotificationInfo(forName: …) { owner, note in … }`, unindented (for a moved listener under
        /// conditions that cannot change over the object's life, inside `if` those conditions).
        let text: String
        /// Those conditions, joined outermost first (`#available(iOS 15, *), isPad`); `nil` when unconditional.
        var condition: String? = nil
    }

    private(set) var edits: [String: [Edit]] = [:]
    private(set) var notes: [Note] = []
    private let type: TypeModel
    private let allTypes: [TypeModel]
    /// Whether the owner is main-actor (else it is nonisolated and Sendable).
    private var mainActorOwner = false
    /// Main-actor only by the module's default isolation: nothing in the class's declaration says so.
    private var mainActorByDefault = false
    private var languageMode = LanguageMode.v6
    /// Registrations made in one lifetime method (`viewDidLoad`) and removed in a method other types may call
    /// (`stopObserving()`), by position: a custom lifespan named after that method.
    private var stoppedLater: [SourcePosition: Lifespan] = [:]
    private let file: SourceFile
    private let lines: TextLines
    private var fileEdits: [Edit] = []
    /// The init parameter that names the center the registrations use, when it is not `NotificationCenter.default`.
    private var injectedCenter: String?
    /// A center that is one for the whole process, other than the default one (`NSWorkspace.shared.notificationCenter`),
    /// on which every registration is made, directly or through a local `let`: the engine is made with it.
    private var fixedCenter: String?

    /// Centers that stay the same object for the life of the process: a property initialiser may read them.
    static let processCenters: Set<String> = ["NSWorkspace.shared.notificationCenter"]
    /// One level of the file's indentation (four spaces, two, a tab).
    private let unit: String

    init(
        type: TypeModel,
        files: [SourceFile],
        allTypes: [TypeModel] = [],
        defaultIsMainActor: Bool = false,
        languageMode: LanguageMode = .v6
    ) throws {
        self.type = type
        self.allTypes = allTypes
        self.languageMode = languageMode
        guard let file = files.first(where: { $0.path == type.file }) else {
            throw NotUnderstood(reason: "its file was not read")
        }
        self.file = file
        self.lines = TextLines(file.text)
        self.unit = Self.indentationUnit(of: type, in: lines)
        guard type.kind == .class else {
            throw NotUnderstood(
                reason: "\(type.kind == .enum || type.kind == .actor ? "an" : "a") \(type.kind.rawValue) has no "
                    + "lifetime to tie listeners to; only classes move"
            )
        }
        if type.inherited.contains(where: { $0 == "ControllerBase" || $0.hasSuffix("NotificationEngineOwner") }) {
            throw NotUnderstood(reason: "it already uses NotificationLifecycle")
        }
        // A superclass that migrates too (or has observers of its own) will own the engine: two would clash.
        if let superclass = type.inherited.first,
            let parent = TypeModel.visible(named: superclass, from: type.file, in: allTypes).first,
            !parent.registrations.isEmpty || !parent.removals.isEmpty || parent.properties["notificationEngine"] != nil
        {
            throw NotUnderstood(
                reason: "its superclass \(superclass) has observers too; migrate it first, then declare this "
                    + "class's listeners with the engine it inherits"
            )
        }
        switch type.isolation(in: allTypes, defaultIsMainActor: defaultIsMainActor) {
        case .mainActor(let because):
            mainActorOwner = true
            mainActorByDefault = because == OwnerIsolation.byDefaultIsolation
        case .sendable:
            mainActorOwner = false
        case .nonSendable where languageMode == .v5:
            // Swift 5 mode: the owner protocol's Sendable requirement is checked with warnings. Its closures run
            // where the blocks and selectors ran (the posting thread, or the queue named), so behaviour stays; the
            // warnings show the state the hand-written observers already shared across threads unseen.
            mainActorOwner = false
            notes.append(
                Note(
                    line: type.location.line,
                    text: "adopts NotificationEngineOwner in a Swift 5 module: its listeners run on the posting thread "
                        + "as before, and the compiler now warns where its state is shared across threads (errors in "
                        + "Swift 6 mode); guard that state, or mark the class @MainActor"
                )
            )
        case .nonSendable:
            throw NotUnderstood(
                reason: "it is nonisolated and not Sendable: a NotificationEngineOwner's closures run on the posting "
                    + "thread and need a Sendable owner. Mark it @MainActor (its closures then run on the main actor), "
                    + "or make it Sendable and guard its state, then migrate again (in a module whose default "
                    + "isolation is MainActor, pass --default-isolation MainActor; in a Swift 5 module, pass "
                    + "--language-mode 5)"
            )
        case .unknown(let superclass):
            throw NotUnderstood(
                reason: "its superclass \(superclass) is not declared in the files read, so its isolation is unknown "
                    + "and so is the owner protocol to adopt; give the tool that class's file too, or declare the "
                    + "listeners by hand"
            )
        }
        try migrate()
        edits[file.path] = fileEdits
    }

    private static func fail(_ reason: String) -> NotUnderstood { NotUnderstood(reason: reason) }

    // MARK: - The plan

    private mutating func migrate() throws {
        for method in type.methods.values.joined() where method.file != file.path {
            let calls =
                type.registrations.contains { $0.method == method.name }
                || type.removals.contains { $0.method == method.name }
            if calls { throw Self.fail("\(method.name) is declared in another file (\(method.file))") }
        }
        if type.properties["notificationEngine"] != nil {
            throw Self.fail("it already has a notificationEngine")
        }
        // First, as such a registration's center may be the closure's parameter (`center.do { $0.addObserver(…) }`).
        for registration in type.registrations
        where registration.call.ancestor(ClosureExprSyntax.self)?.ancestor(MemberBlockItemSyntax.self) != nil
            && !Self.isInForEachOverLiteral(registration.call)
        {
            throw Self.fail(
                "the registration at line \(registration.location.line) is inside a closure, which may run any "
                    + "number of times"
            )
        }
        injectedCenter = try centerParameter()
        let tokenProperties = Set(
            type.registrations.compactMap { registration -> String? in
                if case .property(let name) = registration.store { return name }
                return nil
            }
        )

        // Registrations: what each becomes, and where.
        stoppedLater = lifetimeRegistrationsStoppedLater()
        var declarations: [Declaration] = []
        for registration in type.registrations {
            declarations.append(try declaration(for: registration, tokenProperties: tokenProperties))
        }
        if declarations.isEmpty {
            throw Self.fail(
                "it only removes observers (its registrations are in code the migrator does not read); an engine with "
                    + "no listener would change nothing"
            )
        }
        let visible = declarations.filter { $0.lifespan == .visible }
        let lifetime = declarations.filter { $0.lifespan == .lifetime }
        let custom = declarations.filter {
            if case .custom = $0.lifespan { return true }
            return false
        }

        // Removals, token bookkeeping and the guards that served them.
        var removed: [CodeBlockItemSyntax] = []
        /// The custom lifespan each removal unit stops, by unit.
        var stops: [NodeKey: String] = [:]
        for removal in type.removals {
            let stopped = try checkRemovalPlace(removal, declarations: declarations)
            guard let item = removal.node.ancestor(CodeBlockItemSyntax.self) else {
                throw Self.fail("a removal at line \(removal.location.line) is not a statement")
            }
            let unit = try removableUnit(item, tokens: tokenProperties, line: removal.location.line)
            removed.append(unit)
            if let stopped { stops[unit.key] = stopped }
        }
        let registrationStatements = Set(declarations.flatMap { $0.statements.map(\.key) })
        for property in tokenProperties {
            guard let member = propertyMember(property) else {
                throw Self.fail("its token property `\(property)` is not declared in the type")
            }
            for reference in references(to: property) {
                if member.range.contains(reference.position) { continue }
                if let item = reference.ancestor(CodeBlockItemSyntax.self),
                    enclosingStatements(of: item).contains(where: { registrationStatements.contains($0.key) })
                {
                    continue
                }
                guard let item = reference.ancestor(CodeBlockItemSyntax.self) else {
                    throw Self.fail("`\(property)` is used at line \(line(of: reference)) outside a statement")
                }
                removed.append(try removableUnit(item, tokens: tokenProperties, line: line(of: reference)))
            }
            fileEdits.append(lines.removal(of: member, absorbBlankLine: true))
        }
        removed = Self.outermost(removed)

        // The appear and disappear calls.
        var replaced: [NodeKey: String] = [:]
        var appearMethods: [String] = []
        for declaration in visible {
            let method = declaration.registration.method
            guard !appearMethods.contains(method) else { continue }
            appearMethods.append(method)
            let slot = try startSlot(among: visible.filter { $0.registration.method == method })
            replaced[slot.statements[0].key] = "notificationEngine.appear()"
        }
        // A custom lifespan starts where its first registration was and stops where its first removal was, in each
        // method that removed.
        var started: Set<String> = []
        for declaration in custom {
            guard case .custom(let name) = declaration.lifespan, !started.contains(name) else { continue }
            started.insert(name)
            let slot = try startSlot(among: custom.filter { $0.lifespan == declaration.lifespan })
            replaced[slot.statements[0].key] = "notificationEngine.start(.custom(\"\(name)\"))"
        }
        var stoppedIn: Set<String> = []
        for unit in removed {
            guard let name = stops[unit.key], let method = memberName(of: Syntax(unit)) else { continue }
            guard !stoppedIn.contains("\(name)/\(method)") else { continue }
            stoppedIn.insert("\(name)/\(method)")
            replaced[unit.key] = "notificationEngine.stop(.custom(\"\(name)\"))"
        }
        if !visible.isEmpty {
            let disappearUnits = removed.filter { unit in
                let method = memberName(of: Syntax(unit))
                return stops[unit.key] == nil
                    && (method.map { !type.entries(reaching: $0).isDisjoint(with: TypeModel.disappearEntries) } ?? false)
            }
            if let first = disappearUnits.first {
                replaced[first.key] = "notificationEngine.disappear()"
            } else {
                try addDisappearCall(matching: appearMethods[0])
            }
        }

        // Lifetime registrations stay where they are: a lifetime info starts at once.
        for declaration in lifetime {
            replaced[declaration.statements[0].key] = declaration.text
        }
        let moved = declarations.filter { $0.lifespan.isMoved }
        if !moved.isEmpty {
            let site = try declareMoved(moved.map { movingItsComment($0) })
            for declaration in moved {
                let start =
                    declaration.lifespan == .visible ? "notificationEngine.appear()" : "notificationEngine.start"
                notes.append(
                    Note(
                        line: declaration.registration.location.line,
                        text: "the listener of \(declaration.registration.name.text) is declared once in \(site) and "
                            + "starts here (\(start)), where it was registered"
                    )
                )
            }
        }

        // Apply statement edits. An `if` left with nothing in it goes (its listener is declared under it elsewhere).
        var gone = Set(declarations.flatMap { $0.statements.map(\.key) }.filter { replaced[$0] == nil })
        var emptied: [NodeKey] = []
        for declaration in declarations {
            for statement in declaration.statements {
                if let text = replaced[statement.key] {
                    fileEdits.append(replace(statement, with: text))
                } else if declaration.condition != nil, let item = Self.emptiedIf(around: statement, gone: &gone) {
                    if !emptied.contains(item.key) {
                        emptied.append(item.key)
                        // The if goes whole, with the comment lines in it that moved with its listener.
                        let removal = lines.removal(of: item)
                        fileEdits.removeAll { $0.start >= removal.start && $0.end <= removal.end }
                        fileEdits.append(removal)
                    }
                } else {
                    fileEdits.append(lines.removal(of: statement))
                }
            }
        }
        for unit in removed {
            if let text = replaced[unit.key] {
                fileEdits.append(replace(unit, with: text))
            } else {
                fileEdits.append(lines.removal(of: unit))
            }
        }
        // Statements deleted outright (not those that make way for the engine's calls).
        var deleted = (removed.map(\.key) + Array(registrationStatements)).filter { replaced[$0] == nil }
        let helperCalls = emptiedHelperCalls(removed: deleted)
        removed += helperCalls
        deleted += helperCalls.map(\.key)
        removeEmptiedDeinit(removed: deleted)
        let goneOrReplaced = removed.map { Syntax($0) } + declarations.flatMap { $0.statements.map { Syntax($0) } }
        removeUnusedAliases(gone: goneOrReplaced)
        removeUnusedCenterProperties(gone: goneOrReplaced)
        takeCommentsOfRemovedParagraphs()
        try addEngine()
        addImport()
    }

    // MARK: - Registrations

    private mutating func declaration(
        for registration: Registration,
        tokenProperties: Set<String>
    ) throws -> Declaration {
        let line = registration.location.line
        guard
            isDefaultCenter(registration.receiver, in: registration.call) || injectedCenter != nil
                || fixedCenter != nil
        else {
            throw Self.fail(
                "it registers on `\(registration.receiver)` (line \(line)), not NotificationCenter.default; pass that "
                    + "center to NotificationEngine(center:) by hand"
            )
        }
        let entries = type.entries(reaching: registration.method)
        let lifespan: Lifespan
        if let custom = stoppedLater[registration.location] {
            lifespan = custom
        } else if entries.isEmpty {
            // Registered in a method no lifecycle method calls (start(), show(), viewDidMoveToWindow): a custom
            // lifespan started there.
            guard registration.method != "deinit" else {
                throw Self.fail("it registers in deinit (line \(line))")
            }
            lifespan = .custom(registration.method)
        } else if entries.isSubset(of: TypeModel.lifetimeEntries), entries.count == 1 {
            // Every init is "init": a helper called from each init is init.
            lifespan = .lifetime
        } else if entries.count == 1, let entry = entries.first, TypeModel.appearEntries.contains(entry) {
            lifespan = .visible
        } else {
            let both = entries.isSubset(of: TypeModel.lifetimeEntries) ? ", which all run for one object" : ""
            throw Self.fail(
                "it registers in \(registration.method) (line \(line)), and it is reached from \(entries.sorted())"
                    + "\(both): it registers more than once, or listens for a lifespan the migrator cannot name; call it "
                    + "from one of them, or declare the listener by hand"
            )
        }
        let inForEach = Self.isInForEachOverLiteral(registration.call)
        if inForEach && lifespan != .lifetime
            || !inForEach
                && registration.call.ancestor(ClosureExprSyntax.self).map({ isInside($0, member: registration.method) })
                    == true
        {
            throw Self.fail("the registration at line \(line) is inside a closure")
        }
        let statements = try registrationStatements(registration, line: line)
        // A lifetime listener is declared where the registration was, at the same moment: the same condition guards
        // it. Loops may only run over distinct literal names (one place and one name make one listener).
        let condition =
            lifespan == .lifetime
            ? try isConditionalBeyondLifetimeShapes(statements[0])
            : try isConditional(statements[0], tokens: tokenProperties)
        // A listener declared once elsewhere may keep its condition only when that condition cannot change over the
        // object's life (`#available`, `let` properties): then it holds at the declaration as it did at each
        // registration, and the declaration goes under it.
        let invariant = condition && lifespan.isMoved ? invariantCondition(of: statements[0]) : nil
        if condition && invariant == nil {
            throw Self.fail("the registration at line \(line) is under a condition the migrator does not own")
        }
        if lifespan.isMoved { try checkMovable(registration) }
        let text = try infoCall(registration, lifespan: lifespan)
        return Declaration(
            registration: registration,
            lifespan: lifespan,
            statements: statements,
            text: invariant.map { wrapped(text, in: $0) } ?? text,
            condition: invariant
        )
    }

    /// `init(center: NotificationCenter)` registering on `center` (or on `self.center` set from it): the engine is
    /// made with that center. `nil` when every registration uses `NotificationCenter.default`.
    private mutating func centerParameter() throws -> String? {
        let others = type.registrations.filter { !isDefaultCenter($0.receiver, in: $0.call) }
        guard let first = others.first else { return nil }
        let fixed = Set(others.map { processCenter($0.receiver, around: Syntax($0.call)) })
        if others.count == type.registrations.count, fixed.count == 1, let center = fixed.first, let center {
            fixedCenter = center
            return nil
        }
        let name = first.receiver.hasPrefix("self.") ? String(first.receiver.dropFirst(5)) : first.receiver
        let line = first.location.line
        let reason =
            "it registers on `\(first.receiver)` (line \(line)), not NotificationCenter.default nor a "
            + "NotificationCenter parameter of its one init; pass that center to NotificationEngine(center:) by hand"
        guard others.count == type.registrations.count,
            others.allSatisfy({ $0.receiver == name || $0.receiver == "self.\(name)" }), !name.contains(".")
        else { throw Self.fail(reason) }
        let inits = realInitializers()
        guard inits.count == 1, let initializer = inits.first,
            initializer.signature.parameterClause.parameters.contains(where: {
                ($0.secondName ?? $0.firstName).text == name
                    && $0.type.trimmedDescription.contains("NotificationCenter")
            })
        else { throw Self.fail(reason) }
        return name
    }

    /// The inits that initialise the object: not `required init?(coder:) { fatalError(…) }`.
    private func realInitializers() -> [InitializerDeclSyntax] {
        (type.methods["init"] ?? []).compactMap { $0.decl.as(InitializerDeclSyntax.self) }.filter { initializer in
            guard let statements = initializer.body?.statements, statements.count == 1 else { return true }
            return !statements.trimmedDescription.hasPrefix("fatalError(")
        }
    }

    private func isDefaultCenter(_ receiver: String, in call: FunctionCallExprSyntax) -> Bool {
        if receiver == "NotificationCenter.default" { return true }
        let name = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
        if isDefaultCenterProperty(name) { return true }
        guard !receiver.contains(".") else { return false }
        return alias(named: receiver, around: Syntax(call)) != nil
    }

    /// `let center = NotificationCenter.default` (with or without `: NotificationCenter`) as a stored property of the
    /// type or of a superclass in the files read. A stored `let` cannot be overridden, so a subclass reads the same
    /// center.
    private func isDefaultCenterProperty(_ name: String) -> Bool {
        var model: TypeModel? = type
        var seen: Set<String> = []
        while let current = model, seen.insert(current.name).inserted {
            if let member = propertyMember(name, of: current) { return isDefaultCenterLet(member) }
            guard let superclass = current.inherited.first, Self.hasSuperclass(current, in: allTypes) else {
                return false
            }
            model = TypeModel.visible(named: superclass, from: current.file, in: allTypes).first { $0.kind == .class }
        }
        return false
    }

    private func isDefaultCenterLet(_ member: MemberBlockItemSyntax) -> Bool {
        guard let variable = member.decl.as(VariableDeclSyntax.self),
            variable.bindingSpecifier.tokenKind == .keyword(.let),
            !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
            let binding = variable.bindings.first, binding.accessorBlock == nil
        else { return false }
        return binding.initializer?.value.trimmedDescription == "NotificationCenter.default"
    }

    /// `let center = NotificationCenter.default` in a block enclosing `node`.
    /// The process-wide center a receiver is (`NSWorkspace.shared.notificationCenter`, or a local `let` bound to it).
    private func processCenter(_ receiver: String, around node: Syntax) -> String? {
        if Self.processCenters.contains(receiver) { return receiver }
        guard !receiver.contains("."), let item = alias(named: receiver, around: node, centers: Self.processCenters)
        else { return nil }
        return item.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value.trimmedDescription
    }

    private func alias(
        named name: String,
        around node: Syntax,
        centers: Set<String> = ["NotificationCenter.default"]
    ) -> CodeBlockItemSyntax? {
        var current: Syntax? = node
        while let node = current {
            if let list = node.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings
                    where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                        && centers.contains(binding.initializer?.value.trimmedDescription ?? "")
                    {
                        return variable.bindings.count == 1 ? item : nil
                    }
                }
            }
            if node.is(MemberBlockItemSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    /// A listener declared once (in viewDidLoad or init) instead of where it was registered must not depend on that
    /// moment: its sender must be absent or a `let` of the type, and it must use no local or parameter of the method.
    private func checkMovable(_ registration: Registration) throws {
        let line = registration.location.line
        if let object = registration.object {
            let name = object.hasPrefix("self.") ? String(object.dropFirst(5)) : object
            let isLet =
                propertyMember(name)?.decl.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind
                == .keyword(.let)
            if !isLet {
                throw Self.fail(
                    "the sender `\(object)` of the registration at line \(line) is read when \(registration.method) "
                        + "runs; a listener declared once would keep the sender of that moment, not the one of each call"
                )
            }
        }
        let method = (type.methods[registration.method] ?? []).first
        var locals: Set<String> = []
        if let function = method?.decl.as(FunctionDeclSyntax.self) {
            locals.formUnion(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        }
        for item in method?.body?.statements ?? [] {
            for binding in item.item.as(VariableDeclSyntax.self)?.bindings ?? [] {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { locals.insert(name) }
            }
        }
        let used = registration.call.trimmedDescription.identifiers
        if let local = used.first(where: {
            locals.contains($0) && alias(named: $0, around: Syntax(registration.call)) == nil
                && processCenter($0, around: Syntax(registration.call)) == nil
        }) {
            throw Self.fail(
                "the registration at line \(line) uses `\(local)` of \(registration.method), which the listener, declared "
                    + "once elsewhere, cannot see"
            )
        }
    }

    private func isInside(_ closure: ClosureExprSyntax, member: String) -> Bool {
        // A closure inside the member (not the member being a closure-valued property).
        closure.ancestor(MemberBlockItemSyntax.self) != nil
    }

    /// The statements that make a registration: `call`, `_ = call`, `token = call`, `tokens.append(call)`, or
    /// `let token = call` followed by `tokens.append(token)`.
    private func registrationStatements(_ registration: Registration, line: Int) throws -> [CodeBlockItemSyntax] {
        guard let item = registration.call.ancestor(CodeBlockItemSyntax.self) else {
            throw Self.fail("the registration at line \(line) is not a statement")
        }
        let callText = registration.call.trimmedDescription
        let shape = item.trimmedDescription.replacingFirst(callText, with: "#")
        switch registration.store {
        case .none, .discarded:
            if shape == "#" || shape == "_ = #" || shape == "let _ = #" { return [item] }
        case .property(let property):
            let direct = [
                "\(property) = #", "self.\(property) = #", "\(property).append(#)", "self.\(property).append(#)",
            ]
            if direct.contains(shape) { return [item] }
            // `observers[name] = #`, a token kept in a dictionary under a key.
            let subscripted = shape.replacingFirst("self.", with: "")
            if subscripted.hasPrefix("\(property)["), subscripted.hasSuffix("] = #"),
                let assignment = item.item.as(SequenceExprSyntax.self),
                assignment.elements.first?.is(SubscriptCallExprSyntax.self) == true
            {
                return [item]
            }
            if let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                let local = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                shape == "let \(local) = #" || shape == "var \(local) = #",
                let list = item.parent?.as(CodeBlockItemListSyntax.self)
            {
                let uses = Array(list).filter { $0.key != item.key && $0.trimmedDescription.containsIdentifier(local) }
                let stores = [
                    "\(property).append(\(local))", "self.\(property).append(\(local))", "\(property) = \(local)",
                ]
                if uses.count == 1, let use = uses.first, stores.contains(use.trimmedDescription) {
                    return [item, use]
                }
            }
        case .other:
            break
        }
        throw Self.fail("the registration at line \(line) keeps its token in a way the migrator does not follow")
    }

    /// Under an `if`, or after a `guard` other than `guard token == nil else { return }`.
    private func isConditional(_ statement: CodeBlockItemSyntax, tokens: Set<String>) throws -> Bool {
        var node = Syntax(statement)
        while let parent = node.parent, !parent.is(MemberBlockItemSyntax.self) {
            if parent.is(IfExprSyntax.self) || parent.is(GuardStmtSyntax.self) || parent.is(ForStmtSyntax.self)
                || parent.is(SwitchCaseSyntax.self)
            {
                return true
            }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.key == node.key { break }
                    if item.item.is(GuardStmtSyntax.self), !isTokenGuard(item, tokens: tokens) { return true }
                }
            }
            node = parent
        }
        return false
    }

    /// Where a lifespan's start call goes among its registrations in one method: the first one no condition guards,
    /// or, when all are guarded by the same conditions, the first (the start then runs when they held).
    private func startSlot(among declarations: [Declaration]) throws -> Declaration {
        if let free = declarations.first(where: { $0.condition == nil }) { return free }
        guard let first = declarations.first, Set(declarations.map(\.condition)).count == 1 else {
            let line = declarations.first?.registration.location.line ?? 0
            throw Self.fail(
                "the registrations from line \(line) are each under other conditions, and no one place starts them all; "
                    + "declare them by hand"
            )
        }
        return first
    }

    /// The outermost `if` around `statement` whose body holds only statements in `gone` (and `if`s emptied so).
    private static func emptiedIf(
        around statement: CodeBlockItemSyntax,
        gone: inout Set<NodeKey>
    ) -> CodeBlockItemSyntax? {
        var found: CodeBlockItemSyntax?
        var current = statement
        while let list = current.parent?.as(CodeBlockItemListSyntax.self),
            let block = list.parent?.as(CodeBlockSyntax.self), let ifExpr = block.parent?.as(IfExprSyntax.self),
            ifExpr.elseBody == nil, let item = ifExpr.ancestor(CodeBlockItemSyntax.self),
            item.item.as(ExpressionStmtSyntax.self)?.expression.id == ExprSyntax(ifExpr).id
                || item.item.id == Syntax(ifExpr).id,
            list.allSatisfy({ gone.contains($0.key) })
        {
            gone.insert(item.key)
            found = item
            current = item
        }
        return found
    }

    /// The conditions of the `if`s around `statement` (outermost first) when each is `#available`/`#unavailable` or
    /// made of the type's stored `let` properties with `!`, `&&`, `||`, `==`, `!=`, literals and implicit members, and
    /// nothing else guards it (no `else`, `guard`, loop or `switch`); `nil` otherwise.
    private func invariantCondition(of statement: CodeBlockItemSyntax) -> String? {
        var conditions: [String] = []
        var node = Syntax(statement)
        // Up to the member's own body (a function's or an init's).
        while let parent = node.parent, !parent.is(DeclSyntax.self) {
            if let ifExpr = parent.as(IfExprSyntax.self) {
                guard ifExpr.elseBody == nil, node.id == Syntax(ifExpr.body).id,
                    ifExpr.conditions.allSatisfy({ isInvariant($0, in: statement) })
                else { return nil }
                conditions.insert(ifExpr.conditions.trimmedDescription, at: 0)
            } else if !(parent.is(CodeBlockSyntax.self) || parent.is(CodeBlockItemListSyntax.self)
                || parent.is(CodeBlockItemSyntax.self) || parent.is(ExpressionStmtSyntax.self))
            {
                return nil
            }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.key == node.key { break }
                    if item.item.is(GuardStmtSyntax.self) { return nil }
                }
            }
            node = parent
        }
        return conditions.isEmpty ? nil : conditions.joined(separator: ", ")
    }

    private func isInvariant(_ condition: ConditionElementSyntax, in statement: CodeBlockItemSyntax) -> Bool {
        if condition.condition.is(AvailabilityConditionSyntax.self) { return true }
        guard let expression = condition.condition.as(ExprSyntax.self) else { return false }
        let method = statement.ancestor(MemberBlockItemSyntax.self)
        return isInvariant(expression, locals: method.map { Self.localNames(in: $0) } ?? [])
    }

    private func isInvariant(_ expression: ExprSyntax, locals: Set<String>) -> Bool {
        if expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(StringLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return !locals.contains(reference.baseName.text) && isStoredLet(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }  // `.phone`: an enum case
            return base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                && isStoredLet(member.declName.baseName.text)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            return prefix.operator.text == "!" && isInvariant(prefix.expression, locals: locals)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return only.label == nil && isInvariant(only.expression, locals: locals)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { element in
                if let binary = element.as(BinaryOperatorExprSyntax.self) {
                    return ["&&", "||", "==", "!="].contains(binary.operator.text)
                }
                return isInvariant(element, locals: locals)
            }
        }
        return false
    }

    /// A stored `let` of the type (no accessor, not `lazy`): set once, in its initialiser or in `init`.
    private func isStoredLet(_ name: String) -> Bool {
        guard let variable = propertyMember(name)?.decl.as(VariableDeclSyntax.self),
            variable.bindingSpecifier.tokenKind == .keyword(.let),
            variable.bindings.first?.accessorBlock == nil
        else { return false }
        return true
    }

    /// The parameters of a member and the names its statements bind, anywhere in its body.
    private static func localNames(in member: MemberBlockItemSyntax) -> Set<String> {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.identifier.text)
                return .visitChildren
            }
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
            override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(member)
        return finder.names
    }

    /// `if condition {` around a declaration's text, its lines one level in.
    private func wrapped(_ text: String, in condition: String) -> String {
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            if index == 0 { return Self.relativeLine + unit + line }
            if line.hasPrefix(Self.relativeLine) { return Self.relativeLine + unit + line.dropFirst() }
            return String(line)
        }
        return "if \(condition) {\n" + body.joined(separator: "\n") + "\n" + Self.relativeLine + "}"
    }

    /// Inside an `if`, `guard`, `switch` case or `#available` check, a lifetime declaration in place is what the
    /// registration was: true only for a `for` loop over anything but an array literal of distinct elements.
    private func isConditionalBeyondLifetimeShapes(_ statement: CodeBlockItemSyntax) throws -> Bool {
        var node = Syntax(statement)
        while let parent = node.parent, !parent.is(MemberBlockItemSyntax.self) {
            if let loop = parent.as(ForStmtSyntax.self), !Self.isDistinctLiteral(loop.sequence) { return true }
            if parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) { return true }
            node = parent
        }
        return false
    }

    private static func isDistinctLiteral(_ expression: ExprSyntax) -> Bool {
        guard let array = expression.as(ArrayExprSyntax.self), array.elements.count > 0 else { return false }
        let texts = array.elements.map(\.expression.trimmedDescription)
        return Set(texts).count == texts.count
    }

    /// `[.a, .b].forEach { center.addObserver(forName: $0, …) }`: a loop over distinct literal names, run once, now.
    static func isInForEachOverLiteral(_ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = call.ancestor(ClosureExprSyntax.self),
            let forEach = closure.parent?.as(FunctionCallExprSyntax.self), forEach.trailingClosure?.id == closure.id,
            forEach.arguments.isEmpty,
            let member = forEach.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "forEach", let base = member.base, isDistinctLiteral(base),
            closure.ancestor(ClosureExprSyntax.self) == nil
        else { return false }
        return true
    }

    /// `guard token == nil else { return }`.
    private func isTokenGuard(_ item: CodeBlockItemSyntax, tokens: Set<String>) -> Bool {
        guard let guardStmt = item.item.as(GuardStmtSyntax.self), guardStmt.conditions.count == 1,
            guardStmt.body.statements.trimmedDescription == "return"
        else { return false }
        let condition = guardStmt.conditions.trimmedDescription.replacingFirst("self.", with: "")
        return tokens.contains { condition == "\($0) == nil" }
    }

    // MARK: - The declarations

    private mutating func infoCall(_ registration: Registration, lifespan: Lifespan) throws -> String {
        var argumentList = ["forName: \(registration.name.written)"]
        if let object = registration.object { argumentList.append("object: \(object)") }
        if let lifespanArgument = lifespan.shorthand.lifespan { argumentList.append(lifespanArgument) }
        let line = registration.location.line
        if let queue = registration.queue {
            if mainActorOwner {
                guard ["main", ".main", "OperationQueue.main"].contains(queue) else {
                    throw Self.fail(
                        "it delivers on queue \(queue) (line \(line)); a main-actor owner's listeners run on the main "
                            + "actor"
                    )
                }
                notes.append(
                    Note(
                        line: line,
                        text: "queue: \(queue) dropped: a main-actor owner's closures run on the main actor"
                    )
                )
            } else {
                argumentList.append("queue: \(queue)")
            }
        }
        let closure: String
        switch registration.handler {
        case .selector(_, let method):
            closure = try selectorClosure(method, line: line)
            if mainActorOwner {
                notes.append(
                    Note(
                        line: line,
                        text: "the selector handler \(method) now runs in a main-actor closure: on the main actor (at "
                            + "once when posted there, scheduled there otherwise), no longer on the posting thread"
                    )
                )
            }
        case .block(nil):
            // `using: handle` or `using: self.handle`: a method of the type taking the notification. The reference
            // held `self` strongly until removal; the owner closure calls the method without holding it.
            let using = registration.call.arguments.first { $0.label?.text == "using" }?.expression
            let reference =
                using?.as(DeclReferenceExprSyntax.self)
                ?? using?.as(MemberAccessExprSyntax.self).flatMap { member in
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                        ? member.declName : nil
                }
            guard let reference, reference.argumentNames == nil,
                (type.methods[reference.baseName.text] ?? []).count == 1
            else {
                throw Self.fail("the block at line \(registration.location.line) is not a closure literal")
            }
            closure = try selectorClosure(reference.baseName.text, line: line)
        case .block(let block?):
            let owner = try OwnerClosure(closure: block, type: type, file: file, mainActorOwner: mainActorOwner)
            closure = owner.text
            if owner.unwrappedAssumeIsolated {
                notes.append(
                    Note(
                        line: line,
                        text: "MainActor.assumeIsolated around the block's body dropped: a main-actor owner's closure "
                            + "runs on the main actor"
                    )
                )
            }
        }
        let arguments = argumentList.joined(separator: ", ")
        let call = "\(lifespan.shorthand.name)(\(arguments)) \(closure)"
        // A one-line closure that would pass the line length where the registration was goes on lines of its own.
        let column = lines.indentation(registration.call.positionAfterSkippingLeadingTrivia.utf8Offset).count
        if !call.contains("\n"), column + call.count > Self.lineLength, let open = closure.range(of: " in "),
            closure.hasSuffix(" }")
        {
            let head = closure[..<open.upperBound].dropLast()
            let body = closure[open.upperBound...].dropLast(2)
            let split = "\(head)\n\(Self.relativeLine)\(unit)\(body)\n\(Self.relativeLine)}"
            let firstLine = "\(lifespan.shorthand.name)(\(arguments)) \(head)"
            guard column + firstLine.count > Self.lineLength else {
                return "\(firstLine)\n" + split.drop { $0 != "\n" }.dropFirst()
            }
            return argumentsOnTheirOwnLines(split)
        }
        if column + (call.split(separator: "\n").first?.count ?? 0) > Self.lineLength {
            return argumentsOnTheirOwnLines(closure)
        }
        return call

        /// `addNotificationInfo(\n    forName: …,\n    lifespan: …\n) { owner, _ in`, as the project's
        /// .swift-format breaks a call that does not fit (lineBreakBeforeEachArgument).
        func argumentsOnTheirOwnLines(_ closure: String) -> String {
            let lines = argumentList.map { "\(Self.relativeLine)\(unit)\($0)" }.joined(separator: ",\n")
            return "\(lifespan.shorthand.name)(\n\(lines)\n\(Self.relativeLine)) \(closure)"
        }
    }

    /// `{ owner, note in owner.handle(note) }` for `#selector(handle(_:))`.
    private func selectorClosure(_ method: String, line: Int) throws -> String {
        let candidates = (type.methods[method] ?? []).compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        guard candidates.count == 1, let function = candidates.first else {
            throw Self.fail("the selector at line \(line) names `\(method)`, which is not one method of the type")
        }
        let parameters = Array(function.signature.parameterClause.parameters)
        switch parameters.count {
        case 0:
            return "{ owner, _ in owner.\(method)() }"
        case 1:
            let label = parameters[0].firstName.text
            // `@objc func keyboardWillShow(_ notification: NSNotification)`: the bridged type, as the selector got it.
            let type = parameters[0].type.trimmedDescription
            let argument = type.hasPrefix("NSNotification") ? "note as NSNotification" : "note"
            return "{ owner, note in owner.\(method)(\(label == "_" ? "" : "\(label): ")\(argument)) }"
        default:
            throw Self.fail("the selector at line \(line) names `\(method)`, which takes more than a notification")
        }
    }

    // MARK: - Removals

    /// Where a removal may be: deinit, a lifecycle method, a private helper only they call, or a method that stops
    /// a custom lifespan (the registrations it removes were all made in one method no lifecycle method calls). Returns
    /// that custom lifespan's name. A removal that matches no registration removes nothing: moving it would stop
    /// listeners the code never stopped.
    private func checkRemovalPlace(_ removal: Removal, declarations: [Declaration]) throws -> String? {
        let method = removal.method
        let line = removal.location.line
        let lifecycle = TypeModel.lifetimeEntries.union(TypeModel.appearEntries).union(TypeModel.disappearEntries)
        if method == "deinit" || lifecycle.contains(method) { return nil }
        let isPrivate = (type.methods[method] ?? []).allSatisfy { candidate in
            candidate.decl.as(FunctionDeclSyntax.self)?.modifiers.contains {
                ["private", "fileprivate"].contains($0.name.text)
            } ?? false
        }
        if isPrivate, !type.entries(reaching: method).isEmpty { return nil }
        let matched = declarations.filter { Self.removal(removal, matches: $0.registration) }
        if matched.isEmpty {
            throw Self.fail(
                "its removal at line \(line) in \(method) matches no registration of the type by name, sender or "
                    + "token, so it removes nothing; migrating would make it stop listeners it never stopped. Fix the "
                    + "removal first"
            )
        }
        let lifespans = Set(matched.map(\.lifespan))
        if lifespans.count == 1, case .custom(let name) = lifespans.first {
            return name
        }
        throw Self.fail(
            "it removes observers in \(method) (line \(line)), which "
                + (isPrivate ? "no lifecycle method calls" : "other types may call")
                + ", and they were not all registered in one method: stopping there is a custom lifespan the migrator "
                + "leaves to you"
        )
    }

    /// Registrations of one lifetime method that a removal outside deinit, the lifecycle methods and their private
    /// helpers removes (`stopObserving()`, which a coordinator calls): they listen from that method until that
    /// removal, a custom lifespan.
    private func lifetimeRegistrationsStoppedLater() -> [SourcePosition: Lifespan] {
        var result: [SourcePosition: Lifespan] = [:]
        let lifecycle = TypeModel.lifetimeEntries.union(TypeModel.appearEntries).union(TypeModel.disappearEntries)
        for removal in type.removals where removal.method != "deinit" && !lifecycle.contains(removal.method) {
            let isPrivate = (type.methods[removal.method] ?? []).allSatisfy { candidate in
                candidate.decl.as(FunctionDeclSyntax.self)?.modifiers.contains {
                    ["private", "fileprivate"].contains($0.name.text)
                } ?? false
            }
            if isPrivate, !type.entries(reaching: removal.method).isEmpty { continue }
            let matched = type.registrations.filter { Self.removal(removal, matches: $0) }
            let methods = Set(matched.map(\.method))
            guard methods.count == 1, let method = methods.first else { continue }
            let entries = type.entries(reaching: method)
            guard entries.count == 1, entries.isSubset(of: TypeModel.lifetimeEntries) else { continue }
            for registration in matched { result[registration.location] = .custom(method) }
        }
        return result
    }

    /// Whether `removal` removes `registration`: by token, by name and sender (a removal for one sender removes only
    /// the registrations for that sender), or every registration of self.
    private static func removal(_ removal: Removal, matches registration: Registration) -> Bool {
        switch (removal.kind, registration.handler, registration.store) {
        case (.everything, .selector, _):
            return true
        case (.named(let name, let object), .selector, _):
            guard name.key == nil || registration.name.key == nil || name.key == registration.name.key else {
                return false
            }
            guard let object else { return true }
            let strip = { (text: String) in text.hasPrefix("self.") ? String(text.dropFirst(5)) : text }
            return registration.object.map(strip) == strip(object)
        case (.token(let store), .block, .property(let property)):
            return store == nil || store == property
        default:
            return false
        }
    }

    /// The statement to delete for a removal or a token's bookkeeping: the statement itself, or the `if`, `for` or
    /// `forEach` around it when everything in it goes too.
    private func removableUnit(
        _ item: CodeBlockItemSyntax,
        tokens: Set<String>,
        line: Int
    ) throws
        -> CodeBlockItemSyntax
    {
        guard isRemovable(item, tokens: tokens) else {
            throw Self.fail(
                "line \(self.line(of: item)) (`\(item.trimmedDescription.firstLine)`) uses a token or removal in a way "
                    + "the migrator does not follow"
            )
        }
        var unit = item
        while let outer = unit.parent?.ancestor(CodeBlockItemSyntax.self),
            outer.ancestor(MemberBlockItemSyntax.self) != nil, isRemovable(outer, tokens: tokens)
        {
            unit = outer
        }
        return unit
    }

    private func isRemovable(_ item: CodeBlockItemSyntax, tokens: Set<String>) -> Bool {
        let text = item.trimmedDescription.replacingFirst("self.", with: "")
        if isTokenGuard(item, tokens: tokens) { return true }
        for token in tokens {
            if [
                "\(token) = nil", "\(token) = []", "\(token) = [:]", "\(token).removeAll()",
                "\(token).removeAll(keepingCapacity: false)",
            ].contains(text) {
                return true
            }
            // `observers[name] = nil`, after the token under that key was removed.
            if text.hasPrefix("\(token)["), text.hasSuffix("] = nil"),
                let assignment = item.item.as(SequenceExprSyntax.self),
                assignment.elements.first?.is(SubscriptCallExprSyntax.self) == true
            {
                return true
            }
        }
        let expression =
            item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self).map { $0.expression }
        if let expression {
            if let call = expression.as(FunctionCallExprSyntax.self), isRemoval(call) { return true }
            // tokens.forEach { center.removeObserver($0) }, tokens.forEach(center.removeObserver) and
            // token.map(center.removeObserver)
            if let call = expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["forEach", "map"].contains(member.declName.baseName.text),
                let base = member.base, let root = ObserverSyntax.root(of: base), tokens.contains(root)
            {
                if let closure = call.trailingClosure, call.arguments.isEmpty {
                    return closure.statements.allSatisfy { isRemovable($0, tokens: tokens) }
                }
                if call.trailingClosure == nil, call.arguments.count == 1,
                    let reference = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                    reference.declName.baseName.text == "removeObserver"
                {
                    return true
                }
            }
            if let ifExpr = expression.as(IfExprSyntax.self), ifExpr.elseBody == nil,
                ifExpr.conditions.allSatisfy({ condition in
                    let names = condition.trimmedDescription.identifiers
                    return names.allSatisfy { tokens.contains($0) || $0 == "let" || $0 == "nil" || $0 == "self" }
                        || isBindingOfToken(condition, tokens: tokens)
                })
            {
                return ifExpr.body.statements.allSatisfy { isRemovable($0, tokens: tokens) || isRemovalOfBound($0) }
            }
        }
        if let loop = item.item.as(ForStmtSyntax.self), let root = ObserverSyntax.root(of: loop.sequence),
            tokens.contains(root), loop.whereClause == nil
        {
            return loop.body.statements.allSatisfy { isRemovable($0, tokens: tokens) || isRemovalOfBound($0) }
        }
        return false
    }

    /// `if let token = tokenProperty`.
    private func isBindingOfToken(_ condition: ConditionElementSyntax, tokens: Set<String>) -> Bool {
        guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self) else { return false }
        guard let value = binding.initializer?.value else {
            return tokens.contains(binding.pattern.trimmedDescription)
        }
        return ObserverSyntax.root(of: value).map(tokens.contains) ?? false
    }

    /// `center.removeObserver(token)` where `token` was bound by the enclosing `if let` or `for`.
    private func isRemovalOfBound(_ item: CodeBlockItemSyntax) -> Bool {
        guard let call = item.item.as(FunctionCallExprSyntax.self) else { return false }
        return isRemoval(call)
    }

    private func isRemoval(_ call: FunctionCallExprSyntax) -> Bool {
        type.removals.contains { $0.node.key == call.key }
    }

    // MARK: - Placing the engine's calls

    /// The disappear method each appear method pairs with.
    static let disappearPairs = [
        "viewWillAppear": "viewWillDisappear", "viewDidAppear": "viewDidDisappear", "willActivate": "didDeactivate",
        "onAppear": "onDisappear",
    ]

    /// `open `, `public ` or nothing: what a method the migrator adds to the class is declared with, so that it is as
    /// accessible as the class (an override must be) and stays overridable in an open class.
    private var addedAccess: String {
        type.accessLevel.map { "\($0) " } ?? ""
    }

    private mutating func addDisappearCall(matching appear: String) throws {
        guard let disappear = Self.disappearPairs[appear], appear != "onAppear" else {
            throw Self.fail("it listens from \(appear) and nothing calls a matching onDisappear(); declare it by hand")
        }
        if let method = type.methods[disappear]?.first, let body = method.body {
            insertAtEnd(of: body, lines: ["notificationEngine.disappear()"])
            return
        }
        guard let appearMethod = type.methods[appear]?.first?.decl.as(FunctionDeclSyntax.self) else {
            throw Self.fail("it has no \(appear) to pair a disappear method with")
        }
        let takesAnimated = !appearMethod.signature.parameterClause.parameters.isEmpty
        let indent = lines.indentation(appearMethod.positionAfterSkippingLeadingTrivia.utf8Offset)
        let parameter = takesAnimated ? "_ animated: Bool" : ""
        let argument = takesAnimated ? "animated" : ""
        let text = """

            \(indent)\(addedAccess)override func \(disappear)(\(parameter)) {
            \(indent)\(unit)super.\(disappear)(\(argument))
            \(indent)\(unit)notificationEngine.disappear()
            \(indent)}

            """
        let end = lines.lineEnd(appearMethod.endPositionBeforeTrailingTrivia.utf8Offset)
        fileEdits.append(Edit(start: end, end: end, replacement: text))
    }

    private mutating func declareInViewDidLoad(_ declarations: [String]) throws {
        if let method = type.methods["viewDidLoad"]?.first, let body = method.body {
            insertAtEnd(of: body, lines: declarations)
            return
        }
        let appear = type.methods.values.joined().filter { TypeModel.appearEntries.contains($0.name) }
            .min { $0.decl.position < $1.decl.position }
        guard let anchor = appear?.decl.as(FunctionDeclSyntax.self) else {
            throw Self.fail("it has no viewDidLoad and no appear method to put one before")
        }
        let indent = lines.indentation(anchor.positionAfterSkippingLeadingTrivia.utf8Offset)
        var text = "\(indent)\(addedAccess)override func viewDidLoad() {\n\(indent)\(unit)super.viewDidLoad()\n"
        for declaration in declarations { text += indented(declaration, by: indent + unit) + "\n" }
        text += "\(indent)}\n\n"
        let start = lines.lineStart(anchor.positionAfterSkippingLeadingTrivia.utf8Offset)
        let firstLine = leadingCommentStart(of: Syntax(anchor)) ?? start
        fileEdits.append(Edit(start: firstLine, end: firstLine, replacement: text))
    }

    /// Declares the listeners that start and stop later, once: in viewDidLoad for a view controller, in
    /// `awake(withContext:)` for a WatchKit controller, else at the end of each init (made if the class has none).
    /// Returns where, for the notes.
    private mutating func declareMoved(_ declarations: [String]) throws -> String {
        // Declared at the end of a method that can return before it, they would be missing on that path.
        for name in ["viewDidLoad", "awake", "init"] {
            for method in type.methods[name] ?? [] where Self.returnsEarly(method.body) {
                throw Self.fail(
                    "its \(name) can return before its end, where the listeners that start later would be declared; "
                        + "declare them by hand"
                )
            }
        }
        if type.methods["viewDidLoad"] != nil || isViewController() {
            try declareInViewDidLoad(declarations)
            return "viewDidLoad"
        }
        if let awake = type.methods["awake"]?.first, let body = awake.body {
            insertAtEnd(of: body, lines: declarations)
            return "awake(withContext:)"
        }
        let inits = realInitializers().filter { initializer in
            // A convenience init that delegates runs the designated one, which declares them.
            !(initializer.body?.statements.contains { $0.trimmedDescription.hasPrefix("self.init(") } ?? false)
        }
        if !inits.isEmpty {
            for initializer in inits {
                guard let body = initializer.body else { continue }
                insertAtEnd(of: body, lines: declarations)
            }
            return "init"
        }
        guard let decl = type.declarations.first?.as(ClassDeclSyntax.self) else {
            throw Self.fail("its declaration is not a class")
        }
        let superclass = Self.hasSuperclass(type, in: allTypes) ? type.inherited.first : nil
        guard superclass == nil || superclass == "NSObject" || inheritsOnlyAPlainInit() else {
            throw Self.fail(
                "it has no init of its own to declare its listeners in (its superclass \(superclass ?? "") has)"
            )
        }
        // Before the first method, after the stored properties: the init every instance is made with.
        let firstMethod = decl.memberBlock.members.first {
            $0.decl.is(FunctionDeclSyntax.self) || $0.decl.is(DeinitializerDeclSyntax.self)
        }
        let anchor = firstMethod ?? decl.memberBlock.members.last
        guard let anchor else { throw Self.fail("it has no members") }
        let offset = anchor.decl.positionAfterSkippingLeadingTrivia.utf8Offset
        let indent = lines.indentation(offset)
        var text =
            superclass == nil ? "\(indent)init() {\n" : "\(indent)override init() {\n\(indent)\(unit)super.init()\n"
        for declaration in declarations { text += indented(declaration, by: indent + unit) + "\n" }
        text += "\(indent)}\n"
        if firstMethod != nil {
            let start = leadingCommentStart(of: Syntax(anchor.decl)) ?? lines.lineStart(offset)
            fileEdits.append(Edit(start: start, end: start, replacement: text + "\n"))
        } else {
            let end = lines.lineEnd(anchor.decl.endPositionBeforeTrailingTrivia.utf8Offset)
            fileEdits.append(Edit(start: end, end: end, replacement: "\n" + text))
        }
        return "init"
    }

    /// Whether the superclass chain, read in the files, is the project's own classes that declare no init, down to
    /// `NSObject` or a root class: then `init()` is the one designated init every instance is made with, and an
    /// `override init()` that calls `super.init()` first declares the listeners for every instance.
    private func inheritsOnlyAPlainInit() -> Bool {
        var current = type
        var seen: Set<String> = [type.name]
        while Self.hasSuperclass(current, in: allTypes), let name = current.inherited.first {
            if name == "NSObject" { return true }
            guard !seen.contains(name),
                let superclass = TypeModel.visible(named: name, from: current.file, in: allTypes).first,
                superclass.kind == .class, superclass.methods["init"] == nil
            else { return false }
            seen.insert(name)
            current = superclass
        }
        return current.name != type.name
    }

    /// A `return` of the body itself (not of a closure or nested function in it).
    private static func returnsEarly(_ body: CodeBlockSyntax?) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                found = true
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        guard let body else { return false }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// A UIKit or AppKit view controller, directly or through the project's own classes: it has a viewDidLoad.
    private func isViewController() -> Bool {
        let controllers = AppleClasses.viewControllers
        var current: TypeModel? = type
        var seen: Set<String> = []
        while let model = current, let superclass = model.inherited.first, Self.hasSuperclass(model, in: allTypes),
            !seen.contains(superclass)
        {
            if controllers.contains(superclass) { return true }
            seen.insert(superclass)
            current = TypeModel.visible(named: superclass, from: model.file, in: allTypes).first
            // A superclass the files do not declare: an override of a view controller's own lifecycle method says.
            if current == nil, model.lifecycleOverride(among: AppleClasses.viewControllerLifecycleMethods) != nil {
                return true
            }
        }
        return false
    }

    private mutating func insertAtEnd(of body: CodeBlockSyntax, lines newLines: [String]) {
        let brace = body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        let bodyIndent =
            body.statements.first.map { lines.indentation($0.positionAfterSkippingLeadingTrivia.utf8Offset) }
            ?? lines.indentation(brace) + unit
        let start = lines.lineStart(brace)
        if body.statements.isEmpty, !lines.isBlank(from: start, to: brace) {
            // `init() {}`: the braces on one line get the declarations between them.
            let indent = lines.indentation(brace)
            let open = body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            let text = newLines.map { indented($0, by: indent + unit) }.joined(separator: "\n")
            fileEdits.append(Edit(start: open, end: brace, replacement: "\n" + text + "\n" + indent))
            return
        }
        guard lines.isBlank(from: start, to: brace) else {
            // `init() { super.init() }`: the body opens onto lines of its own, as it would be written by hand, with
            // the statements in place and the declarations after them (their generated lines are multi-line).
            if let first = body.statements.first, let last = body.statements.last,
                lines.lineStart(first.positionAfterSkippingLeadingTrivia.utf8Offset) == lines.lineStart(brace)
            {
                let indent = lines.indentation(brace)
                let open = body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
                let firstStart = first.positionAfterSkippingLeadingTrivia.utf8Offset
                let lastEnd = last.endPositionBeforeTrailingTrivia.utf8Offset
                fileEdits.append(Edit(start: open, end: firstStart, replacement: "\n" + indent + unit))
                let text = newLines.map { indented($0, by: indent + unit) }.joined(separator: "\n")
                fileEdits.append(Edit(start: lastEnd, end: brace, replacement: "\n" + text + "\n" + indent))
                return
            }
            let text = newLines.map { "; " + $0 }.joined()
            fileEdits.append(Edit(start: brace, end: brace, replacement: text + " "))
            return
        }
        let text = newLines.map { indented($0, by: bodyIndent) + "\n" }.joined()
        fileEdits.append(Edit(start: start, end: start, replacement: text))
    }

    private mutating func addEngine() throws {
        guard let decl = type.declarations.first?.as(ClassDeclSyntax.self) else {
            throw Self.fail("its declaration is not a class")
        }
        let owner = mainActorOwner ? "MainActorNotificationEngineOwner" : "NotificationEngineOwner"
        if mainActorByDefault, languageMode == .v5, decl.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            // A class main-actor by the module's default alone, in Swift 5 mode: the compiler only warns where its
            // code calls it from a nonisolated closure (a Timer's block), but a @MainActor protocol in its
            // declaration makes its isolation explicit and those warnings errors (RealApps/oracle.py found one).
            // Adopted in an extension, the protocol leaves the class's isolation as it was.
            let end = decl.memberBlock.rightBrace.endPositionBeforeTrailingTrivia.utf8Offset
            fileEdits.append(Edit(start: end, end: end, replacement: "\n\nextension \(decl.name.text): \(owner) {}"))
        } else if let clause = decl.inheritanceClause, let lastType = clause.inheritedTypes.last {
            let end = lastType.type.endPositionBeforeTrailingTrivia.utf8Offset
            let brace = decl.memberBlock.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            let lineStart = lines.lineStart(end)
            if decl.genericWhereClause == nil, lines.lineStart(brace) == lineStart,
                lines.text(from: lineStart, to: end).count + ", \(owner) {".count > Self.lineLength
            {
                // As the project's .swift-format breaks a declaration that does not fit: the conformance on a
                // line of its own, the brace on the next.
                let indent = lines.indentation(decl.positionAfterSkippingLeadingTrivia.utf8Offset)
                fileEdits.append(Edit(start: end, end: brace, replacement: ",\n\(indent)\(unit)\(owner)\n\(indent)"))
            } else {
                fileEdits.append(Edit(start: end, end: end, replacement: ", \(owner)"))
            }
        } else {
            let end = (decl.genericParameterClause.map { Syntax($0) } ?? Syntax(decl.name))
                .endPositionBeforeTrailingTrivia.utf8Offset
            fileEdits.append(Edit(start: end, end: end, replacement: ": \(owner)"))
        }
        // Public in a public or open class: it meets a requirement of a public protocol. Nonisolated in a
        // main-actor class: the engine is Sendable and used from any thread, and the conformance stays nonisolated
        // in a module whose default isolation is MainActor.
        let engine =
            (type.accessLevel == nil ? "" : "public ") + (mainActorOwner ? "nonisolated " : "")
            + "let notificationEngine"
        guard let first = decl.memberBlock.members.first else {
            throw Self.fail("it has no members")
        }
        let offset = first.decl.positionAfterSkippingLeadingTrivia.utf8Offset
        let indent = lines.indentation(offset)
        let start = leadingCommentStart(of: Syntax(first.decl)) ?? lines.lineStart(offset)
        // A blank line between the engine and a first member that is not a stored property, as between members.
        let separator = first.decl.is(VariableDeclSyntax.self) ? "" : "\n"
        // A public declaration is documented, as the project's .swift-format asks.
        let documentation =
            type.accessLevel == nil ? "" : "\(indent)/// The engine that holds this object's listeners.\n"
        // First among the insertions at that offset (a made init or viewDidLoad may share it): the engine leads.
        guard let center = injectedCenter else {
            let made = fixedCenter.map { "NotificationEngine(center: \($0))" } ?? "NotificationEngine()"
            fileEdits.insert(
                Edit(
                    start: start,
                    end: start,
                    replacement: "\(documentation)\(indent)\(engine) = \(made)\n\(separator)"
                ),
                at: 0
            )
            return
        }
        fileEdits.insert(
            Edit(
                start: start,
                end: start,
                replacement: "\(documentation)\(indent)\(engine): NotificationEngine\n\(separator)"
            ),
            at: 0
        )
        // Set before anything else in init, so that it is set before super.init and before the first listener.
        guard let body = realInitializers().first?.body, let firstStatement = body.statements.first else {
            throw Self.fail("its init is empty")
        }
        let statementStart = firstStatement.positionAfterSkippingLeadingTrivia.utf8Offset
        let lineStart = lines.lineStart(statementStart)
        let bodyIndent = lines.indentation(statementStart)
        fileEdits.append(
            Edit(
                start: lineStart,
                end: lineStart,
                replacement: "\(bodyIndent)notificationEngine = NotificationEngine(center: \(center))\n"
            )
        )
    }

    private mutating func addImport() {
        guard
            !file.tree.statements.contains(where: {
                $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "NotificationLifecycle"
            })
        else { return }
        let imports = file.tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        let after = imports.first { $0.path.trimmedDescription > "NotificationLifecycle" }
        // Imports below other code (a protocol above them) are each "not at the top of the file" to swift-format:
        // the new one goes at the top, where it is not, below the header comment.
        let importsBelowCode = file.tree.statements.prefix { !$0.item.is(ImportDeclSyntax.self) }.contains {
            !$0.item.is(IfConfigDeclSyntax.self)
        }
        if importsBelowCode, !imports.isEmpty, let first = file.tree.statements.first {
            // Above the first statement's own comment (after the last blank line of its leading trivia).
            var offset = first.position.utf8Offset
            var start = offset
            for piece in first.leadingTrivia {
                offset += piece.sourceLength.utf8Length
                switch piece {
                case .newlines(let count) where count >= 2, .carriageReturnLineFeeds(let count) where count >= 2:
                    start = offset
                default: break
                }
            }
            fileEdits.append(Edit(start: start, end: start, replacement: "import NotificationLifecycle\n\n"))
        } else if let after {
            let start = lines.lineStart(after.importKeyword.positionAfterSkippingLeadingTrivia.utf8Offset)
            fileEdits.append(Edit(start: start, end: start, replacement: "import NotificationLifecycle\n"))
        } else if let last = imports.last {
            let end = lines.lineEnd(last.endPositionBeforeTrailingTrivia.utf8Offset)
            fileEdits.append(Edit(start: end, end: end, replacement: "import NotificationLifecycle\n"))
        } else if let first = file.tree.statements.first {
            // Below the file's header comment, and above an `#if` that holds the imports.
            let start = lines.lineStart(first.positionAfterSkippingLeadingTrivia.utf8Offset)
            fileEdits.append(Edit(start: start, end: start, replacement: "import NotificationLifecycle\n\n"))
        } else {
            fileEdits.append(Edit(start: 0, end: 0, replacement: "import NotificationLifecycle\n\n"))
        }
    }

    /// The declaration's text with the comment lines right above its registration (no blank line between), which
    /// describe the listener: they go with it to where it is declared, and leave the place it starts.
    private mutating func movingItsComment(_ declaration: Declaration) -> String {
        let statement = declaration.statements[0]
        guard let start = leadingCommentStart(of: Syntax(statement)) else { return declaration.text }
        let end = lines.lineStart(statement.positionAfterSkippingLeadingTrivia.utf8Offset)
        guard start < end else { return declaration.text }
        let comment = lines.text(from: start, to: end).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        guard comment.allSatisfy({ $0.hasPrefix("//") }),
            !comment.contains(where: { $0.hasPrefix("// MARK") || $0.hasPrefix("// expect:") })
        else { return declaration.text }
        fileEdits.append(Edit(start: start, end: end, replacement: ""))
        return comment.joined(separator: "\n" + Self.relativeLine) + "\n" + Self.relativeLine
            + declaration.text
    }

    // MARK: - Cleaning up

    /// Deletes a private helper whose every statement went (`stopObserving()` that only called
    /// `removeObserver(self)`), and returns the statements that call it, to delete as well.
    private mutating func emptiedHelperCalls(removed: [NodeKey]) -> [CodeBlockItemSyntax] {
        var calls: [CodeBlockItemSyntax] = []
        for method in type.methods.values.joined() {
            guard let function = method.decl.as(FunctionDeclSyntax.self), let body = method.body,
                !body.statements.isEmpty, body.statements.allSatisfy({ removed.contains($0.key) }),
                !Self.hasCommentLines(body),
                function.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
                let member = function.ancestor(MemberBlockItemSyntax.self)
            else { continue }
            let statementRanges = body.statements.map { lines.removal(of: $0) }
            fileEdits.removeAll { statementRanges.contains($0) }
            fileEdits.append(lines.removal(of: member, absorbBlankLine: true))
            final class CallFinder: SyntaxVisitor {
                let name: String
                var found: [CodeBlockItemSyntax] = []
                init(name: String) {
                    self.name = name
                    super.init(viewMode: .sourceAccurate)
                }
                override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                    let text = node.trimmedDescription
                    if text == "\(name)()" || text == "self.\(name)()" { found.append(node) }
                    return .visitChildren
                }
            }
            let finder = CallFinder(name: method.name)
            for decl in type.declarations { finder.walk(decl.memberBlock) }
            calls += finder.found
        }
        for call in calls { fileEdits.append(lines.removal(of: call)) }
        return calls
    }

    /// Deletes `deinit` when every statement in it went.
    private mutating func removeEmptiedDeinit(removed: [NodeKey]) {
        for method in type.methods["deinit"] ?? [] {
            guard let body = method.body, !body.statements.isEmpty,
                body.statements.allSatisfy({ removed.contains($0.key) }), !Self.hasCommentLines(body),
                let member = method.decl.ancestor(MemberBlockItemSyntax.self)
            else { continue }
            let statementRanges = body.statements.map { lines.removal(of: $0) }
            fileEdits.removeAll { statementRanges.contains($0) }
            fileEdits.append(lines.removal(of: member, absorbBlankLine: true))
        }
    }

    /// A comment on a line of its own in the body: the method stays, emptied, so that the comment is not lost.
    private static func hasCommentLines(_ body: CodeBlockSyntax) -> Bool {
        let trivia = body.statements.map(\.leadingTrivia) + [body.rightBrace.leadingTrivia]
        return trivia.contains { pieces in
            pieces.contains {
                switch $0 {
                case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
                default: return false
                }
            }
        }
    }

    /// Deletes `let center = NotificationCenter.default` when nothing that stays uses it.
    private mutating func removeUnusedAliases(gone: [Syntax]) {
        var seen: Set<NodeKey> = []
        let calls =
            type.registrations.map { ($0.receiver, Syntax($0.call)) } + type.removals.map { ($0.receiver, $0.node) }
        for (receiver, call) in calls where !receiver.contains(".") {
            guard
                let item = alias(named: receiver, around: call)
                    ?? (fixedCenter == nil ? nil : alias(named: receiver, around: call, centers: Self.processCenters)),
                !seen.contains(item.key), let list = item.parent?.as(CodeBlockItemListSyntax.self)
            else { continue }
            seen.insert(item.key)
            let stays = Array(list).filter { other in
                other.key != item.key && !gone.contains { $0.range.contains(other.position) }
            }
            if !stays.contains(where: { $0.trimmedDescription.containsIdentifier(receiver) }) {
                fileEdits.append(lines.removal(of: item))
            }
        }
    }

    /// Deletes a stored center (`let center = NotificationCenter.default`, or a `NotificationCenter` set in init)
    /// that only the removed calls used, with its `self.center = center` lines in init: the engine holds the
    /// center now. A use left anywhere, in another file's extension too, keeps it.
    private mutating func removeUnusedCenterProperties(gone: [Syntax]) {
        let receivers = (type.registrations.map(\.receiver) + type.removals.map(\.receiver)).map {
            $0.hasPrefix("self.") ? String($0.dropFirst(5)) : $0
        }
        var seen: Set<String> = []
        for name in receivers where !name.contains(".") && !seen.contains(name) {
            seen.insert(name)
            guard let member = propertyMember(name), let variable = member.decl.as(VariableDeclSyntax.self),
                let binding = variable.bindings.first, binding.accessorBlock == nil
            else { continue }
            let declared = binding.typeAnnotation?.type.trimmedDescription
            let value = binding.initializer?.value.trimmedDescription
            guard declared == "NotificationCenter" || value == "NotificationCenter.default" else { continue }
            var assignments: [CodeBlockItemSyntax] = []
            var used = false
            for reference in references(to: name) {
                guard reference.root.id == Syntax(file.tree).id else {
                    used = true
                    break
                }
                if member.range.contains(reference.position) { continue }
                if gone.contains(where: { $0.range.contains(reference.position) }) { continue }
                if let item = reference.ancestor(CodeBlockItemSyntax.self), memberName(of: Syntax(item)) == "init",
                    let assignment = item.item.as(SequenceExprSyntax.self), assignment.elements.count == 3,
                    assignment.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
                    ["self.\(name)", name].contains(assignment.elements.first?.trimmedDescription ?? "")
                {
                    assignments.append(item)
                    continue
                }
                used = true
            }
            guard !used else { continue }
            fileEdits.append(lines.removal(of: member, absorbBlankLine: true))
            for item in assignments where !gone.contains(where: { $0.range.contains(item.position) }) {
                fileEdits.append(lines.removal(of: item))
            }
        }
    }

    /// A statement's own comment lines go with it when what they describe goes whole: the removed lines under them
    /// run to a blank line or the block's end. Comments above a statement that stays, or above a run of removed lines
    /// that code follows, are left (they may describe that code).
    private mutating func takeCommentsOfRemovedParagraphs() {
        let removals = fileEdits.filter { $0.replacement.isEmpty }.sorted { $0.start < $1.start }
        var runs: [(start: Int, end: Int)] = []
        for edit in removals {
            guard lines.lineStart(edit.start) == edit.start, edit.end == lines.lineEnd(edit.end - 1) else { continue }
            if let last = runs.last, last.end == edit.start {
                runs[runs.count - 1].end = edit.end
            } else {
                runs.append((edit.start, edit.end))
            }
        }
        for run in runs {
            let after = lines.text(from: run.end, to: lines.lineEnd(run.end)).trimmingCharacters(in: .whitespaces)
            guard
                run.end >= lines.bytes.count || after.hasPrefix("}") || after.trimmingCharacters(in: .newlines).isEmpty
            else { continue }
            var start = run.start
            while start > 0 {
                let previous = lines.lineStart(start - 1)
                let line = lines.text(from: previous, to: start).trimmingCharacters(in: .whitespacesAndNewlines)
                guard line.hasPrefix("//"), !line.hasPrefix("// MARK"), !line.hasPrefix("// swift-format"),
                    !line.hasPrefix("// expect:"), !line.hasPrefix("// outcome:")
                else { break }
                start = previous
            }
            // A body that would be left with nothing but braces keeps the comment (see hasCommentLines).
            let opening = lines.text(from: lines.lineStart(max(0, start - 1)), to: start)
            if after.hasPrefix("}"), opening.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("{") { continue }
            if start < run.start, !fileEdits.contains(where: { $0.start < run.start && $0.end > start }) {
                fileEdits.append(Edit(start: start, end: run.start, replacement: ""))
            }
        }
    }

    // MARK: - Helpers

    private func replace(_ item: CodeBlockItemSyntax, with text: String) -> Edit {
        let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = item.endPositionBeforeTrailingTrivia.utf8Offset
        let indent = lines.indentation(start)
        let body = indented(text, by: indent).dropFirst(indent.count)
        return Edit(start: start, end: end, replacement: String(body))
    }

    /// Marks a generated line whose indentation is relative to the statement's; the other lines of a declaration
    /// come from the original block and keep theirs.
    static let relativeLine = "\u{1}"

    /// The line length generated code keeps within (the project's .swift-format, and Xcode's page guide's common
    /// setting).
    static let lineLength = 120

    /// One level of the file's indentation: from the type's first member to the type, else four spaces.
    private static func indentationUnit(of type: TypeModel, in lines: TextLines) -> String {
        guard let decl = type.declarations.first, let member = decl.memberBlock.members.first else { return "    " }
        let outer = lines.indentation(decl.positionAfterSkippingLeadingTrivia.utf8Offset)
        let inner = lines.indentation(member.decl.positionAfterSkippingLeadingTrivia.utf8Offset)
        guard inner.hasPrefix(outer), inner.count > outer.count else { return "    " }
        return String(inner.dropFirst(outer.count))
    }

    /// Indents the first line of `text`, and the generated lines after it, by `indent`.
    private func indented(_ text: String, by indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            if index == 0 { return indent + line }
            if line.hasPrefix(Self.relativeLine) { return indent + line.dropFirst() }
            return String(line)
        }.joined(separator: "\n")
    }

    private func leadingCommentStart(of node: Syntax) -> Int? {
        guard
            node.leadingTrivia.contains(where: { if case .lineComment = $0 { return true } else { return false } })
                || node.leadingTrivia.contains(where: {
                    if case .docLineComment = $0 { return true } else { return false }
                })
        else { return nil }
        var offset = node.position.utf8Offset
        for piece in node.leadingTrivia {
            if case .newlines = piece {
                offset += piece.sourceLength.utf8Length
                continue
            }
            break
        }
        return lines.lineStart(offset)
    }

    private func propertyMember(_ name: String) -> MemberBlockItemSyntax? {
        propertyMember(name, of: type)
    }

    private func propertyMember(_ name: String, of type: TypeModel) -> MemberBlockItemSyntax? {
        for decl in type.declarations {
            for member in decl.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                    variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                else { continue }
                return member
            }
        }
        return nil
    }

    private func references(to name: String) -> [Syntax] {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: [Syntax] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text == name {
                    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id,
                        member.base?.trimmedDescription != "self"
                    {
                        return .visitChildren
                    }
                    found.append(Syntax(node))
                }
                return .visitChildren
            }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                if node.initializer == nil, node.pattern.trimmedDescription == name { found.append(Syntax(node)) }
                return .visitChildren
            }
        }
        let finder = Finder(name: name)
        for decl in type.declarations { finder.walk(decl.memberBlock) }
        return finder.found
    }

    private func enclosingStatements(of item: CodeBlockItemSyntax) -> [CodeBlockItemSyntax] {
        var result = [item]
        var node = item.parent
        while let current = node {
            if let outer = current.as(CodeBlockItemSyntax.self) { result.append(outer) }
            node = current.parent
        }
        return result
    }

    private func memberName(of node: Syntax) -> String? {
        var current: Syntax? = node
        while let node = current {
            if node.is(DeinitializerDeclSyntax.self) { return "deinit" }
            if node.is(InitializerDeclSyntax.self) { return "init" }
            if let function = node.as(FunctionDeclSyntax.self) { return function.name.text }
            current = node.parent
        }
        return nil
    }

    private func line(of node: some SyntaxProtocol) -> Int {
        file.position(of: node).line
    }

    private static func outermost(_ items: [CodeBlockItemSyntax]) -> [CodeBlockItemSyntax] {
        var unique: [CodeBlockItemSyntax] = []
        for item in items where !unique.contains(where: { $0.key == item.key }) { unique.append(item) }
        return unique.filter { item in
            !unique.contains { other in other.key != item.key && other.range.contains(item.position) }
        }
    }

    /// Whether the first inherited type reads as a class (a known one, or any name that does not read as a protocol).
    static func hasSuperclass(_ type: TypeModel, in types: [TypeModel] = []) -> Bool {
        guard let first = type.inherited.first else { return false }
        if TypeModel.knownClasses.contains(first) { return true }
        if let declared = TypeModel.visible(named: first, from: type.file, in: types).first {
            return declared.kind == .class
        }
        let protocols: Set<String> = [
            "ObservableObject", "Sendable", "Identifiable", "Equatable", "Hashable", "Codable", "Decodable",
            "Encodable", "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject", "Comparable",
            "Error", "NSObjectProtocol",
        ]
        if protocols.contains(first) { return false }
        let protocolSuffixes = ["Protocol", "Delegate", "DataSource", "able", "ible", "Type", "ing"]
        return !protocolSuffixes.contains { first.hasSuffix($0) }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }

    var firstLine: String { String(split(separator: "\n").first ?? "") }

    /// The identifier-like words of the text.
    var identifiers: [String] {
        var words: [String] = []
        var current = ""
        for character in self {
            if character.isLetter || character.isNumber || character == "_" || character == "$" {
                current.append(character)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    func containsIdentifier(_ name: String) -> Bool { identifiers.contains(name) }
}
