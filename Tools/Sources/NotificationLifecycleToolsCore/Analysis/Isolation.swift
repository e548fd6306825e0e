/// The isolation of a class, as the owner of a NotificationEngine needs it: found through its attributes, its
/// superclass chain (the project's own classes in the files read, then Apple's) and its protocols.
package enum OwnerIsolation: Equatable {
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
    /// Apple's classes that are `@MainActor` (with every subclass).
    package static let appleMainActorClasses: Set<String> = [
        "UIResponder", "UIView", "UIViewController", "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView",
        "UIStackView", "UITableView", "UICollectionView", "UITableViewCell", "UICollectionViewCell",
        "UICollectionReusableView", "UITextField", "UITextView", "UISwitch", "UISlider", "UIWindow", "UIApplication",
        "UINavigationController", "UITabBarController", "UITableViewController", "UICollectionViewController",
        "UIPageViewController", "UISplitViewController", "UIAlertController", "UISearchController",
        "UIHostingController", "UIScene", "UIWindowScene", "NSResponder", "NSView", "NSViewController",
        "NSWindowController", "NSWindow", "NSPanel", "NSControl", "NSButton", "NSTextField", "NSTextView",
        "NSTableView", "NSOutlineView", "NSCollectionView", "NSCollectionViewItem", "NSTableCellView", "NSStackView",
        "NSScrollView", "NSSplitViewController", "NSTabViewController", "NSApplication", "NSHostingController",
        "NSHostingView", "WKInterfaceController", "WKHostingController", "WKApplication", "WKExtension",
        "UIHostingConfiguration",
    ]

    /// Apple's protocols that are `@MainActor`: adopting one in the class's declaration makes the class main-actor.
    package static let appleMainActorProtocols: Set<String> = [
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate",
        "NSWindowDelegate", "WKApplicationDelegate", "WKExtensionDelegate", "UITableViewDataSource",
        "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate", "UIScrollViewDelegate",
        "UITextFieldDelegate", "UITextViewDelegate", "NSTableViewDataSource", "NSTableViewDelegate",
        "MainActorNotificationEngineOwner",
    ]

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
            let hasSuperclass = TypeMigration.hasSuperclass(current)
            let protocols = hasSuperclass ? Array(current.inherited.dropFirst()) : current.inherited
            for name in protocols {
                if Self.appleMainActorProtocols.contains(name) {
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
            if Self.appleMainActorClasses.contains(superclass) {
                return .mainActor(
                    because: current === self
                        ? "it subclasses \(superclass)" : "\(current.name) subclasses \(superclass)"
                )
            }
            let declared = TypeModel.visible(named: superclass, from: current.file, in: types)
            guard declared.count == 1, let parent = declared.first, parent.kind == .class,
                !seen.contains(parent.name)
            else { return .unknown(superclass: superclass) }
            seen.insert(parent.name)
            current = parent
        }
        if defaultIsMainActor { return .mainActor(because: "its module's default isolation is MainActor") }
        return sendable ? .sendable : .nonSendable
    }

    /// `public` or `open`: what the class adds to meet a public protocol must be public too.
    package var accessLevel: String? {
        if modifiers.contains("open") { return "open" }
        if modifiers.contains("public") { return "public" }
        return nil
    }
}
