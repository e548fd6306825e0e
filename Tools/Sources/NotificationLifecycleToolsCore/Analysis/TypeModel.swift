package import SwiftSyntax

/// What the analysis knows of one type: its declaration and extensions in the files read, their methods, and the
/// observer calls in them.
package final class TypeModel {
    package enum Kind: String {
        case `class`
        case structure = "struct"
        case actor, `enum`
        /// Read so that a project's protocol listed first is not taken for a superclass, and its `@MainActor` seen.
        case `protocol`
    }

    package let name: String
    package let kind: Kind
    package let file: String
    package let location: SourcePosition
    /// The inheritance clause of the declaration, as written.
    package let inherited: [String]
    /// The attributes of the declaration, without `@`.
    package let attributes: [String]
    /// `public`, `final`, `private`, `nonisolated`…
    package let modifiers: [String]
    package var methods: [String: [Method]] = [:]
    /// Stored and computed properties: name to declared type (empty when inferred).
    package var properties: [String: String] = [:]
    package var staticProperties: [String: String] = [:]
    package var registrations: [Registration] = []
    package var removals: [Removal] = []
    /// The declaration and its extensions in the files read.
    package var declarations: [any DeclGroupSyntax] = []

    package struct Method {
        package let name: String
        package let decl: Syntax
        package let body: CodeBlockSyntax?
        package var calls: Set<String>
        package let file: String
    }

    init(
        name: String,
        kind: Kind,
        file: String,
        location: SourcePosition,
        inherited: [String],
        attributes: [String],
        modifiers: [String]
    ) {
        self.name = name
        self.kind = kind
        self.file = file
        self.location = location
        self.inherited = inherited
        self.attributes = attributes
        self.modifiers = modifiers
    }

    /// `private` or `fileprivate`: seen only in its own file.
    package var isFilePrivate: Bool { modifiers.contains("private") || modifiers.contains("fileprivate") }

    /// The types named `name` that code in `file` can see: one declared there, or any that is not file-private.
    package static func visible(named name: String, from file: String, in types: [TypeModel]) -> [TypeModel] {
        types.filter { $0.name == name && (!$0.isFilePrivate || $0.file == file) }
    }

    // MARK: - Lifecycle

    /// Methods from which listeners added last the object's life.
    package static let lifetimeEntries: Set<String> = [
        "init", "awakeFromNib", "viewDidLoad", "loadView", "windowDidLoad", "applicationDidFinishLaunching",
        "application", "awake",
    ]
    /// View controllers' appear methods, WatchKit's `willActivate`, and a SwiftUI model's `onAppear()` (its view
    /// calls it from `.onAppear`).
    package static let appearEntries: Set<String> = ["viewWillAppear", "viewDidAppear", "willActivate", "onAppear"]
    package static let disappearEntries: Set<String> = [
        "viewWillDisappear", "viewDidDisappear", "didDeactivate", "onDisappear",
    ]

    /// The entry methods (lifecycle methods and `deinit`) from which `method` is reached through the type's own calls.
    package func entries(reaching method: String) -> Set<String> {
        let allEntries = Self.lifetimeEntries.union(Self.appearEntries).union(Self.disappearEntries).union(["deinit"])
        var result: Set<String> = []
        for entry in allEntries where methods[entry] != nil && reachable(from: entry).contains(method) {
            result.insert(entry)
        }
        return result
    }

    /// `entry` and every method of the type it calls, directly or not.
    package func reachable(from entry: String) -> Set<String> {
        var seen: Set<String> = [entry]
        var queue = [entry]
        while let next = queue.popLast() {
            for method in methods[next] ?? [] {
                for call in method.calls where methods[call] != nil && !seen.contains(call) {
                    seen.insert(call)
                    queue.append(call)
                }
            }
        }
        return seen
    }

    /// The methods that call `method` in this type.
    package func callers(of method: String) -> Set<String> {
        Set(methods.values.joined().filter { $0.calls.contains(method) }.map(\.name))
    }

    /// `deinit`, or a method that only `deinit` (or such a method) calls within the type.
    package func isDeinitOnly(_ method: String) -> Bool {
        var visiting: Set<String> = []
        func check(_ method: String) -> Bool {
            if method == "deinit" { return true }
            if visiting.contains(method) { return false }
            visiting.insert(method)
            let callers = callers(of: method).subtracting([method])
            return !callers.isEmpty && callers.allSatisfy(check)
        }
        return check(method)
    }

    /// An app delegate, or a singleton behind `static let shared`: it lives as long as the process.
    package var livesAsLongAsTheProcess: Bool {
        if name.hasSuffix("AppDelegate") || attributes.contains("main") { return true }
        if inherited.contains(where: { $0 == "UIApplicationDelegate" || $0 == "NSApplicationDelegate" }) { return true }
        return staticProperties.keys.contains("shared") || staticProperties.keys.contains("default")
            || staticProperties.keys.contains("current")
    }

    /// Types known to be classes when they come first in an inheritance clause.
    package static let knownClasses: Set<String> = AppleClasses.mainActor.union(["NSObject", "ControllerBase"])
}
