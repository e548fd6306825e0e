// "UIKit and SwiftUI": the context its prose gives the reader. UIKit, which exists on Apple platforms only, as
// stand-ins declared as UIKit declares them; the README's `.messagesDidArrive`; and `import Observation`.
// doc-blocks: import Observation
import Foundation

/// Stands in for UIKit's `UIResponder`: `@MainActor open class UIResponder : NSObject`.
@MainActor
open class UIResponder {
    /// As `NSObject.init()`.
    public init() {}
}

/// Stands in for UIKit's `UIViewController`, main-actor isolated like it, with the same lifecycle signatures.
@MainActor
open class UIViewController: UIResponder {
    /// UIKit's designated initialiser.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// As `NSObject.init()`, which UIKit's subclasses inherit.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
}

extension Notification.Name {
    nonisolated static let messagesDidArrive = Notification.Name("MessagesDidArrive")
}
