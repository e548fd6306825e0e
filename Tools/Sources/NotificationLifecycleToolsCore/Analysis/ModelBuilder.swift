import SwiftSyntax

/// Reads the types of a set of files: their members in a first pass, their observer calls in a second, so that an
/// extension in one file and the declaration in another make one type.
package enum ModelBuilder {
    /// The types of the files and what could not be read as one program.
    package struct Program {
        package var types: [TypeModel] = []
        /// `file:line:column: note: …` for each extension joined to no type: more than one type of its name is
        /// visible to it.
        package var notes: [String] = []
    }

    package static func build(_ files: [SourceFile]) -> [TypeModel] { program(files).types }

    /// Each declaration is a type of its own, keyed by its file and scope (`Outer.Inner`), never merged with another
    /// of the same name: an extension joins a type only when exactly one type of that name is visible to it (a
    /// `private` or `fileprivate` one only in its own file).
    package static func program(_ files: [SourceFile]) -> Program {
        var program = Program()
        var extensions: [(SourceFile, ExtensionDeclSyntax)] = []
        for file in files {
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(file.tree)
            for decl in collector.declarations {
                let model = TypeModel(
                    name: decl.name,
                    kind: decl.kind,
                    file: file.path,
                    location: file.position(of: decl.node),
                    inherited: decl.inherited,
                    attributes: decl.attributes,
                    modifiers: decl.modifiers
                )
                model.declarations.append(decl.node)
                program.types.append(model)
                if decl.kind != .protocol { addMembers(of: decl.node, to: model, in: file) }
            }
            extensions += collector.extensions.map { (file, $0) }
        }
        for (file, ext) in extensions {
            let name = ext.extendedType.trimmedDescription
            // A protocol's extension adds defaults, not members of a type with a lifetime: not read, as before
            // protocols were modelled.
            let visible = TypeModel.visible(named: name, from: file.path, in: program.types).filter {
                $0.kind != .protocol
            }
            guard visible.count == 1, let model = visible.first else {
                if visible.count > 1 {
                    let position = file.position(of: ext)
                    let places = visible.map { "\($0.file):\($0.location.line)" }.joined(separator: ", ")
                    program.notes.append(
                        "\(position.file):\(position.line):\(position.column): note: extension \(name) not read: "
                            + "\(visible.count) types of that name are visible to it (\(places))"
                    )
                }
                continue
            }
            model.declarations.append(ext)
            addMembers(of: ext, to: model, in: file)
        }
        for model in program.types {
            var scanners: [ObserverCallScanner] = []
            for (_, methods) in model.methods {
                for method in methods {
                    guard let file = files.first(where: { $0.path == method.file }) else { continue }
                    let scanner = ObserverCallScanner(model: model, method: method.name, file: file)
                    scanner.walk(method.decl)
                    scanners.append(scanner)
                }
            }
            let receivers = Set(model.registrations.map { ObserverCallScanner.withoutSelf($0.receiver) })
            for scanner in scanners { scanner.recordHeldRemovals(registeredOn: receivers) }
            model.registrations.sort { $0.location < $1.location }
            model.removals.sort { $0.location < $1.location }
        }
        return program
    }

    private static func addMembers(of decl: some DeclGroupSyntax, to model: TypeModel, in file: SourceFile) {
        for member in decl.memberBlock.members {
            let decl = member.decl
            if let function = decl.as(FunctionDeclSyntax.self) {
                add(function.name.text, Syntax(function), function.body, to: model, in: file)
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                add("init", Syntax(initializer), initializer.body, to: model, in: file)
            } else if let deinitializer = decl.as(DeinitializerDeclSyntax.self) {
                add("deinit", Syntax(deinitializer), deinitializer.body, to: model, in: file)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                    if isStatic {
                        model.staticProperties[name] = type
                    } else {
                        model.properties[name] = type
                    }
                    if binding.accessorBlock != nil || binding.initializer != nil {
                        add(name, Syntax(binding), nil, to: model, in: file)
                    }
                }
            }
        }
    }

    private static func add(
        _ name: String,
        _ decl: Syntax,
        _ body: CodeBlockSyntax?,
        to model: TypeModel,
        in file: SourceFile
    ) {
        let calls = OwnCallCollector(viewMode: .sourceAccurate)
        calls.walk(decl)
        model.methods[name, default: []].append(
            TypeModel.Method(name: name, decl: decl, body: body, calls: calls.calls, file: file.path)
        )
    }
}

/// The type declarations of a file, nested ones included (named `Outer.Inner`), and its extensions.
private final class DeclarationCollector: SyntaxVisitor {
    struct Declaration {
        let name: String
        let kind: TypeModel.Kind
        let node: any DeclGroupSyntax
        let inherited: [String]
        let attributes: [String]
        let modifiers: [String]
    }

    var declarations: [Declaration] = []
    var extensions: [ExtensionDeclSyntax] = []
    private var scope: [String] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, name: node.name.text, kind: .class)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, name: node.name.text, kind: .structure)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, name: node.name.text, kind: .actor)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, name: node.name.text, kind: .enum)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, name: node.name.text, kind: .protocol)
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensions.append(node)
        return .visitChildren
    }

    private func add(_ node: some DeclGroupSyntax, name: String, kind: TypeModel.Kind) -> SyntaxVisitorContinueKind {
        let inherited =
            node.inheritanceClause?.inheritedTypes.map { AppleClasses.plainName($0.type.trimmedDescription) } ?? []
        let attributes = node.attributes.compactMap {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        let qualified = (scope + [name]).joined(separator: ".")
        declarations.append(
            Declaration(
                name: qualified,
                kind: kind,
                node: node,
                inherited: inherited,
                attributes: attributes,
                modifiers: node.modifiers.map(\.name.text)
            )
        )
        scope.append(name)
        return .visitChildren
    }
}

/// The names of the type's own methods a member calls: `foo()` and `self.foo()`.
private final class OwnCallCollector: SyntaxVisitor {
    var calls: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            calls.insert(reference.baseName.text)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            calls.insert(member.declName.baseName.text)
        }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
