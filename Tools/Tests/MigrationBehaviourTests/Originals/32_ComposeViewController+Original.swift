// swift-format-ignore-file
// A lifetime listener from init and a visible one from viewWillAppear, then the nuclear unregister in
// viewWillDisappear: the lifetime listener is gone after the first disappearance.
import UIKit

final class ComposeViewControllerOriginal: UIViewController {
    private(set) var syncs = 0
    private(set) var contactReloads = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ComposeViewControllerOriginal, _: Notification) in observer.draftSyncDidFinish() }, name: .draftSyncDidFinish, object: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ComposeViewControllerOriginal, note: Notification) in observer.contactsDidChange(note) }, name: .contactsDidChange, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        AppleSemanticsCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    func draftSyncDidFinish() {
        syncs += 1
    }

    func contactsDidChange(_ notification: Notification) {
        contactReloads += 1
    }
}
