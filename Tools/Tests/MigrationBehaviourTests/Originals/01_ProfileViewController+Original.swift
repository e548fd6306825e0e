// swift-format-ignore-file
// A view controller that listens while visible and unregisters with removeObserver(self): the nuclear unregister.
import UIKit

final class ProfileViewControllerOriginal: UIViewController {
    private(set) var reloads = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ProfileViewControllerOriginal, note: Notification) in observer.profileDidChange(note) }, name: .profileDidChange, object: nil)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        AppleSemanticsCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    func profileDidChange(_ notification: Notification) {
        reloads += 1
    }
}
