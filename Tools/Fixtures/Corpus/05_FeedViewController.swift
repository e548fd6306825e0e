// swift-format-ignore-file
// Added in viewWillAppear, never removed in a disappear method: a second appearance registers again.
import UIKit

extension Notification.Name {
    static let feedDidUpdate = Notification.Name("FeedDidUpdate")
}

final class FeedViewController: UIViewController {
    private(set) var refreshes = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(feedDidUpdate(_:)), name: .feedDidUpdate, object: nil) // expect: unbalanced-visible
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc func feedDidUpdate(_ notification: Notification) {
        refreshes += 1
    }
}
