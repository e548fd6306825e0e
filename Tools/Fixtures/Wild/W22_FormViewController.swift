// swift-format-ignore-file
// An open base view controller from a framework: what migrate adds must be as accessible as the class.
import UIKit

// outcome: migrated
open class FormViewController: UIViewController {
    public private(set) var keyboardShown = false

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
    }

    @objc open func keyboardWillShow(_ notification: Notification) {
        keyboardShown = true
    }
}
