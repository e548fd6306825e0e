// swift-format-ignore-file
// The project's own base view controller: no observers, but its subclasses are main-actor through it.
import UIKit

class BaseViewController: UIViewController {
    private(set) var lastError: String?

    func showError(_ message: String) {
        lastError = message
    }
}
