// swift-format-ignore-file
// An open base view controller from a framework: what migrate adds must be as accessible as the class.
import NotificationLifecycle
import UIKit

// outcome: migrated
open class FormViewController: UIViewController, MainActorNotificationEngineOwner {
    /// The engine that holds this object's listeners.
    public nonisolated let notificationEngine = NotificationEngine()
    public private(set) var keyboardShown = false

    open override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillShowNotification) { owner, note in
            owner.keyboardWillShow(note)
        }
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    @objc open func keyboardWillShow(_ notification: Notification) {
        keyboardShown = true
    }
}
