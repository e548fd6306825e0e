// swift-format-ignore-file
// In a folder whose name has a space: listens while visible and unregisters everything when it disappears.
import UIKit

extension Notification.Name {
    static let accountDidChange = Notification.Name("AccountDidChange")
}

// outcome: migrated
final class AccountSettingsViewController: UIViewController {
    private(set) var reloads = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(accountDidChange(_:)), name: .accountDidChange, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc private func accountDidChange(_ notification: Notification) {
        reloads += 1
    }
}
