/// What the tool knows of Apple's frameworks, in one place: which classes and protocols are `@MainActor`, which are
/// view controllers, and which lifecycle methods only main-actor classes declare. The isolation of an owner, the
/// guess of whether a first inherited name is a class, and the place of a made `viewDidLoad` all read these tables.
package enum AppleClasses {
    /// Apple's classes that are `@MainActor` in the SDKs (with every subclass): UIKit's responders, views, controllers
    /// and the classes that only they use, AppKit's, WatchKit's, SwiftUI's hosting classes, and the main-actor views
    /// of MapKit, WebKit, AVKit and SafariServices.
    package static let mainActor: Set<String> = viewControllers.union([
        // UIKit
        "UIResponder", "UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UIScrollView", "UIStackView",
        "UITableView", "UICollectionView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView",
        "UITableViewHeaderFooterView", "UITextField", "UITextView", "UISwitch", "UISlider", "UIStepper",
        "UISegmentedControl", "UIPageControl", "UIDatePicker", "UIPickerView", "UIProgressView",
        "UIActivityIndicatorView", "UIRefreshControl", "UISearchBar", "UINavigationBar", "UIToolbar", "UITabBar",
        "UIVisualEffectView", "UIInputView", "UIWindow", "UIApplication", "UIScene", "UIWindowScene",
        "UIGestureRecognizer", "UITapGestureRecognizer", "UIPanGestureRecognizer", "UIBarItem", "UIBarButtonItem",
        "UITabBarItem", "UIPresentationController", "UIHostingConfiguration",
        // AppKit
        "NSResponder", "NSView", "NSWindowController", "NSWindow", "NSPanel", "NSControl", "NSButton", "NSTextField",
        "NSTextView", "NSTableView", "NSOutlineView", "NSCollectionView", "NSCollectionViewItem", "NSTableCellView",
        "NSTableRowView", "NSStackView", "NSScrollView", "NSClipView", "NSImageView", "NSSplitView", "NSTabView",
        "NSVisualEffectView", "NSSegmentedControl", "NSSlider", "NSPopUpButton", "NSProgressIndicator", "NSApplication",
        "NSMenu", "NSMenuItem", "NSStatusItem", "NSPopover", "NSHostingView",
        // WatchKit (its controllers have awake(withContext:), not viewDidLoad)
        "WKInterfaceController", "WKHostingController", "WKApplication", "WKExtension",
        // Frameworks' views
        "MKMapView", "WKWebView", "AVPlayerView",
    ])

    /// Apple's view controllers: they have a `viewDidLoad` to declare listeners in.
    package static let viewControllers: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UIAlertController",
        "UISearchController", "UIInputViewController", "UIImagePickerController", "UIDocumentPickerViewController",
        "UIActivityViewController", "UIHostingController", "NSViewController", "NSSplitViewController",
        "NSTabViewController", "NSTitlebarAccessoryViewController", "NSPageController", "NSHostingController",
        "AVPlayerViewController", "SFSafariViewController",
    ]

    /// Apple's protocols that are `@MainActor`: adopting one in the class's declaration makes the class main-actor.
    package static let mainActorProtocols: Set<String> = [
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate",
        "NSWindowDelegate", "WKApplicationDelegate", "WKExtensionDelegate", "UITableViewDataSource",
        "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate", "UIScrollViewDelegate",
        "UITextFieldDelegate", "UITextViewDelegate", "NSTableViewDataSource", "NSTableViewDelegate",
        "MainActorNotificationEngineOwner",
    ]

    /// Lifecycle methods that only Apple's main-actor classes declare: a class that overrides one and calls `super`'s
    /// inherits it from one of them, so it is main-actor. `awakeFromNib` is not among them: Apple declares it on
    /// `NSObject`, so a nonisolated class overrides it too (Tests/StandIns/ShimmerKit's cell, Fixtures/Wild/W06).
    package static let mainActorLifecycleMethods: Set<String> = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewIsAppearing", "layoutSubviews", "didMoveToWindow",
        "didMoveToSuperview", "willMove", "traitCollectionDidChange", "viewDidMoveToWindow", "viewWillMoveToWindow",
        "viewDidMoveToSuperview", "windowDidLoad", "windowWillLoad", "willActivate", "didDeactivate",
    ]

    /// Lifecycle methods of view controllers alone (UIKit's and AppKit's): a class over an unknown superclass that
    /// overrides one with `super`'s call is a view controller, with a `viewDidLoad` to declare listeners in.
    package static let viewControllerLifecycleMethods: Set<String> = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewIsAppearing",
    ]

    /// Framework modules whose prefix is dropped from an inherited name (`UIKit.UIViewController`).
    static let modules: Set<String> = [
        "UIKit", "AppKit", "SwiftUI", "WatchKit", "Foundation", "MapKit", "WebKit", "AVKit", "SafariServices",
        "Cocoa", "Combine",
    ]

    /// `UIHostingController<Root>` → `UIHostingController`, `UIKit.UIViewController` → `UIViewController`: the
    /// name the tables and the files' declarations are keyed by. Other qualified names (`Outer.Inner`) stay.
    static func plainName(_ written: String) -> String {
        var name = written
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.firstIndex(of: "."), modules.contains(String(name[..<dot])) {
            name = String(name[name.index(after: dot)...])
        }
        return name
    }
}
