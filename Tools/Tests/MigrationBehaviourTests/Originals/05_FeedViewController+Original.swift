// swift-format-ignore-file
// Added in viewWillAppear, never removed in a disappear method: a second appearance registers again.
import UIKit

final class FeedViewControllerOriginal: UIViewController {
    private(set) var refreshes = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: FeedViewControllerOriginal, note: Notification) in observer.feedDidUpdate(note) }, name: .feedDidUpdate, object: nil) // expect: unbalanced-visible
    }

    deinit {
        AppleSemanticsCenter.default.removeObserver(self)
    }

    func feedDidUpdate(_ notification: Notification) {
        refreshes += 1
    }
}
