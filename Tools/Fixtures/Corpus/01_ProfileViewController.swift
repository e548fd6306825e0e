// swift-format-ignore-file
// A view controller that listens while visible and unregisters with removeObserver(self): the nuclear unregister.
import UIKit

extension Notification.Name {
    static let profileDidChange = Notification.Name("ProfileDidChange")
}

final class ProfileViewController: UIViewController {
    private(set) var reloads = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(profileDidChange(_:)), name: .profileDidChange, object: nil)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc func profileDidChange(_ notification: Notification) {
        reloads += 1
    }
}
