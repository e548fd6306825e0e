// Stands in for the parts of AppKit the migration fixtures use, declared as AppKit declares them (main-actor
// isolated classes and app-delegate protocol, nonisolated notification names), so that the fixtures type-check on
// Linux.
@_exported public import Foundation

/// `@MainActor open class NSResponder : NSObject`.
@MainActor
open class NSResponder: NSObject {
    /// As `NSObject.init()`.
    override public init() {
        super.init()
    }
}

/// `@MainActor open class NSView : NSResponder`.
@MainActor
open class NSView: NSResponder {
    /// The window the view is in, if any.
    public private(set) var window: NSWindow?

    /// AppKit's designated initialiser.
    public init(frame frameRect: CGRect) {
        super.init()
    }

    /// The initialiser a nib uses.
    public required init?(coder: NSCoder) {
        super.init()
    }

    open func awakeFromNib() {}
    open func viewDidMoveToWindow() {}
    open func viewWillMove(toWindow newWindow: NSWindow?) {}
}

/// `@MainActor open class NSStackView : NSView`.
@MainActor
open class NSStackView: NSView {}

/// `@MainActor open class NSWindow : NSResponder`.
@MainActor
open class NSWindow: NSResponder {
    /// AppKit's notification of the same name.
    nonisolated public static let didBecomeKeyNotification = Notification.Name("NSWindowDidBecomeKeyNotification")
    /// AppKit's notification of the same name.
    nonisolated public static let willCloseNotification = Notification.Name("NSWindowWillCloseNotification")
}

/// `@MainActor open class NSViewController : NSResponder`.
@MainActor
open class NSViewController: NSResponder {
    open func viewDidLoad() {}
    open func viewWillAppear() {}
    open func viewDidDisappear() {}
}

/// `@MainActor open class NSWindowController : NSResponder`.
@MainActor
open class NSWindowController: NSResponder {
    /// The window it manages.
    public var window: NSWindow?

    open func windowDidLoad() {}
}

/// `@MainActor open class NSApplication : NSResponder`, for its notifications.
@MainActor
open class NSApplication: NSResponder {
    /// AppKit's notification of the same name.
    nonisolated public static let didChangeScreenParametersNotification = Notification.Name(
        "NSApplicationDidChangeScreenParametersNotification"
    )
}

/// `@MainActor public protocol NSApplicationDelegate : NSObjectProtocol`.
@MainActor
public protocol NSApplicationDelegate: NSObjectProtocol {}

/// `open class NSWorkspace : NSObject`, for its own notification center.
open class NSWorkspace: NSObject, @unchecked Sendable {
    /// The shared workspace.
    public static let shared = NSWorkspace()
    /// The workspace's own center, not `NotificationCenter.default`.
    public let notificationCenter = NotificationCenter()
    /// AppKit's notification of the same name.
    public static let didWakeNotification = Notification.Name("NSWorkspaceDidWakeNotification")
}
