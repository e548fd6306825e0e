import SwiftSyntax

/// The isolation of a class, as the owner of a NotificationEngine needs it: found through its attributes, its
/// superclass chain (the project's own classes in the files read, then Apple's) and its protocols.
package enum OwnerIsolation: Equatable {
    /// The reason of a class that is main-actor by its module's default isolation alone.
    package static let byDefaultIsolation = "its module's default isolation is MainActor"

    /// `@MainActor`, a UIKit/AppKit/WatchKit class, or a main-actor protocol such as `NSApplicationDelegate`.
    case mainActor(because: String)
    /// Nonisolated and `Sendable` (`@unchecked Sendable` included).
    case sendable
    /// Nonisolated (or the module's default isolation, which the tool does not read) and not `Sendable`.
    case nonSendable
    /// A superclass the files do not declare and the tool does not know.
    case unknown(superclass: String)
}

extension TypeModel {
    /// Classes that add no isolation of their own.
    package static let nonisolatedRoots: Set<String> = ["NSObject"]

    /// The class's isolation, following its superclass chain through `types` (the files read). A class that says
    /// nothing of its isolation anywhere in the chain has its module's default: nonisolated, or `MainActor` when the
    /// module is built with `-default-isolation MainActor` (`defaultIsMainActor`).
    package func isolation(in types: [TypeModel], defaultIsMainActor: Bool = false) -> OwnerIsolation {
        var current = self
        var seen: Set<String> = []
        var sendable = false
        while true {
            if current.attributes.contains("MainActor") {
                return .mainActor(because: current === self ? "@MainActor" : "\(current.name) is @MainActor")
            }
            let hasSuperclass = TypeMigration.hasSuperclass(current, in: types)
            let protocols = hasSuperclass ? Array(current.inherited.dropFirst()) : current.inherited
            for name in protocols {
                if AppleClasses.mainActorProtocols.contains(name) {
                    return .mainActor(because: "it adopts \(name)")
                }
                let declared = TypeModel.visible(named: name, from: current.file, in: types)
                if declared.count == 1, declared[0].attributes.contains("MainActor") {
                    return .mainActor(because: "it adopts \(name), which is @MainActor")
                }
                if name == "Sendable" || name == "@unchecked Sendable" { sendable = true }
            }
            if current.modifiers.contains("nonisolated") && current === self {
                // Explicitly nonisolated: no superclass makes it main-actor (it would not compile if one did).
                return sendable ? .sendable : .nonSendable
            }
            guard hasSuperclass, let superclass = current.inherited.first,
                !Self.nonisolatedRoots.contains(superclass)
            else { break }
            if AppleClasses.mainActor.contains(superclass) {
                return .mainActor(
                    because: current === self
                        ? "it subclasses \(superclass)" : "\(current.name) subclasses \(superclass)"
                )
            }
            let declared = TypeModel.visible(named: superclass, from: current.file, in: types)
            guard declared.count == 1, let parent = declared.first, parent.kind == .class,
                !seen.contains(parent.name)
            else {
                if let method = current.mainActorLifecycleOverride {
                    return .mainActor(
                        because: "\(current === self ? "it" : current.name) overrides \(method) and calls super's, "
                            + "a method only Apple's main-actor classes declare"
                    )
                }
                return .unknown(superclass: superclass)
            }
            seen.insert(parent.name)
            current = parent
        }
        if defaultIsMainActor { return .mainActor(because: OwnerIsolation.byDefaultIsolation) }
        return sendable ? .sendable : .nonSendable
    }

    /// The first lifecycle method of `AppleClasses.mainActorLifecycleMethods` the class overrides with a call to
    /// `super`'s, as `viewWillAppear(_:)`: only a subclass of one of Apple's main-actor classes can. A wrong guess
    /// (a nonisolated base that declares such a method) does not compile once migrated: a main-actor class over a
    /// nonisolated superclass is a diagnostic (CompileOracleTests).
    var mainActorLifecycleOverride: String? { lifecycleOverride(among: AppleClasses.mainActorLifecycleMethods) }

    /// The first of `names` the class overrides with a call to `super`'s, as `viewWillAppear(_:)`.
    func lifecycleOverride(among names: Set<String>) -> String? {
        for name in methods.keys.sorted() where names.contains(name) {
            for method in methods[name] ?? [] {
                guard let function = method.decl.as(FunctionDeclSyntax.self),
                    function.modifiers.contains(where: { $0.name.text == "override" }),
                    let body = function.body, Self.callsSuper(name, in: body)
                else { continue }
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
                return "\(name)(\(labels.joined()))"
            }
        }
        return nil
    }

    private static func callsSuper(_ name: String, in body: CodeBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            let name: String
            var found = false
            init(_ name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                if node.base?.is(SuperExprSyntax.self) == true, node.declName.baseName.text == name { found = true }
                return .visitChildren
            }
        }
        let finder = Finder(name)
        finder.walk(body)
        return finder.found
    }

    /// `public` or `open`: what the class adds to meet a public protocol must be public too.
    package var accessLevel: String? {
        if modifiers.contains("open") { return "open" }
        if modifiers.contains("public") { return "public" }
        return nil
    }
}
