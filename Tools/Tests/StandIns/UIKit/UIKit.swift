// Stands in for the parts of UIKit the migration fixtures use, declared as UIKit declares them (main-actor isolated,
// with the same lifecycle signatures), so that the fixtures compile unchanged on Linux.
@_exported public import Foundation

/// `@MainActor open class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {
    /// As `NSObject.init()`.
    override public init() {
        super.init()
    }

    /// UIKit's notification of the same name.
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// UIKit's notification of the same name.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// UIKit's notification of the same name.
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
}

/// `@MainActor open class UIViewController : UIResponder`. Like UIKit, it listens for memory warnings itself, by
/// selector on the (stand-in) default center: a subclass's `removeObserver(self)` removes that listener too.
@MainActor
open class UIViewController: UIResponder {
    /// Whether `loadViewIfNeeded()` has loaded the view.
    public private(set) var isViewLoaded = false
    /// How many memory warnings the superclass's own listener heard.
    public private(set) var memoryWarnings = 0

    /// UIKit's designated initialiser.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
        listenForMemoryWarnings()
    }

    /// The initialiser a storyboard uses.
    public required init?(coder: NSCoder) {
        super.init()
        listenForMemoryWarnings()
    }

    override public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    private func listenForMemoryWarnings() {
        AppleSemanticsCenter.default.addObserver(
            self,
            selector: AppleSelector { (controller: UIViewController, _: Notification) in
                MainActor.assumeIsolated { controller.didReceiveMemoryWarning() }
            },
            name: UIApplication.didReceiveMemoryWarningNotification,
            object: nil
        )
    }

    open func didReceiveMemoryWarning() { memoryWarnings += 1 }
    open func awakeFromNib() {}
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Loads the view once, calling `loadView()` and `viewDidLoad()` as UIKit does.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        loadView()
        viewDidLoad()
    }
}

/// `@MainActor open class UIHostingController<Content> : UIViewController where Content : View`: SwiftUI declares
/// it; it stands here, without the `View` requirement, so that the fixtures that subclass it compile on Linux.
@MainActor
open class UIHostingController<Content>: UIViewController {
    /// The SwiftUI view it hosts.
    public var rootView: Content

    /// SwiftUI's initialiser.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
    }

    /// The initialiser a storyboard uses; the stand-in has no storyboard to read.
    public required init?(coder: NSCoder) {
        return nil
    }
}

/// The notification names of `UIApplication` the fixtures use.
@MainActor
public final class UIApplication {
    /// UIKit's notification of the same name.
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification"
    )
    /// UIKit's notification of the same name.
    nonisolated public static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification"
    )
}

/// `UIContentSizeCategory`, for its notification.
public struct UIContentSizeCategory {
    /// UIKit's notification of the same name.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
}

/// `@MainActor open class UIView : UIResponder`, with the window callbacks the fixtures override.
@MainActor
open class UIView: UIResponder {
    /// The window the view is in, if any.
    public private(set) var window: UIWindow?

    /// UIKit's designated initialiser.
    public init(frame: CGRect) {
        super.init()
    }

    /// The initialiser a storyboard uses.
    public required init?(coder: NSCoder) {
        super.init()
    }

    open func awakeFromNib() {}
    open func didMoveToWindow() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
}

/// `@MainActor open class UIWindow : UIView`.
@MainActor
open class UIWindow: UIView {}

/// `@MainActor open class UIControl : UIView`.
@MainActor
open class UIControl: UIView {}

/// `@MainActor open class UIButton : UIControl`.
@MainActor
open class UIButton: UIControl {}

/// `@MainActor open class UICollectionViewCell : UIView` (UIKit has UICollectionReusableView between).
@MainActor
open class UICollectionViewCell: UIView {
    open func prepareForReuse() {}
}

/// `@MainActor public protocol UIApplicationDelegate : NSObjectProtocol`.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {}

extension UIApplication {
    /// UIKit's notification of the same name.
    nonisolated public static let willResignActiveNotification = Notification.Name(
        "UIApplicationWillResignActiveNotification"
    )
}

extension UIResponder {
    /// UIKit's notification of the same name.
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
}
