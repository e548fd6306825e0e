// Stands in for the part of WatchKit the migration fixtures use, declared as WatchKit declares it.
@_exported public import Foundation

/// `@MainActor open class WKInterfaceController : NSObject`.
@MainActor
open class WKInterfaceController: NSObject {
    /// As WatchKit's `init()`.
    override public init() {
        super.init()
    }

    open func awake(withContext context: Any?) {}
    open func willActivate() {}
    open func didDeactivate() {}
}
