// swift-format-ignore-file
// A lifetime listener from init and a visible one from viewWillAppear, then the nuclear unregister in
// viewWillDisappear: the lifetime listener is gone after the first disappearance.
import UIKit

extension Notification.Name {
    static let draftSyncDidFinish = Notification.Name("DraftSyncDidFinish")
    static let contactsDidChange = Notification.Name("ContactsDidChange")
}

final class ComposeViewController: UIViewController {
    private(set) var syncs = 0
    private(set) var contactReloads = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(draftSyncDidFinish), name: .draftSyncDidFinish, object: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(contactsDidChange(_:)), name: .contactsDidChange, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc func draftSyncDidFinish() {
        syncs += 1
    }

    @objc func contactsDidChange(_ notification: Notification) {
        contactReloads += 1
    }
}
