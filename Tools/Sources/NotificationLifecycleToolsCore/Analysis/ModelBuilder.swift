import SwiftSyntax

/// Reads the types of a set of files: their members in a first pass, their observer calls in a second, so that an
/// extension in one file and the declaration in another make one type.
package enum ModelBuilder {
    package static func build(_ files: [SourceFile]) -> [TypeModel] {
        var types: [String: TypeModel] = [:]
        var order: [String] = []
        var extensions: [(SourceFile, ExtensionDeclSyntax)] = []
        for file in files {
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(file.tree)
            for found in collector.declarations {
                guard types[found.name] == nil else { continue }
                let decl = found
                let model = TypeModel(
                    name: decl.name,
                    kind: decl.kind,
                    file: file.path,
                    location: file.position(of: decl.node),
                    inherited: decl.inherited,
                    attributes: decl.attributes
                )
                model.declarations.append(decl.node)
                types[decl.name] = model
                order.append(decl.name)
                addMembers(of: decl.node, to: model, in: file)
            }
            extensions += collector.extensions.map { (file, $0) }
        }
        for (file, ext) in extensions {
            let name = ext.extendedType.trimmedDescription
            guard let model = types[name] else { continue }
            model.declarations.append(ext)
            addMembers(of: ext, to: model, in: file)
        }
        for name in order {
            guard let model = types[name] else { continue }
            for (_, methods) in model.methods {
                for method in methods {
                    guard let file = files.first(where: { $0.path == method.file }) else { continue }
                    let scanner = ObserverCallScanner(model: model, method: method.name, file: file)
                    scanner.walk(method.decl)
                }
            }
            model.registrations.sort { $0.location < $1.location }
            model.removals.sort { $0.location < $1.location }
        }
        return order.compactMap { types[$0] }
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

/// The type declarations of a file, nested ones included, and its extensions.
private final class DeclarationCollector: SyntaxVisitor {
    struct Declaration {
        let name: String
        let kind: TypeModel.Kind
        let node: any DeclGroupSyntax
        let inherited: [String]
        let attributes: [String]
    }

    var declarations: [Declaration] = []
    var extensions: [ExtensionDeclSyntax] = []

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

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensions.append(node)
        return .visitChildren
    }

    private func add(_ node: some DeclGroupSyntax, name: String, kind: TypeModel.Kind) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let attributes = node.attributes.compactMap {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        declarations.append(
            Declaration(name: name, kind: kind, node: node, inherited: inherited, attributes: attributes)
        )
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
