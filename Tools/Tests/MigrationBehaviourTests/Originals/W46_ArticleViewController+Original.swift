// swift-format-ignore-file
// An article screen that listens while visible, and for two names only where it can: one listener behind
// `#available`, one behind `isPad`, a `let` set in init. Neither condition can change over the screen's life, so the
// listeners are declared once in viewDidLoad under the same conditions and start with appear(). Its sibling in
// W47 checks a `var` instead: that condition can change, so it stays as it is.
import UIKit

// outcome: migrated
final class ArticleViewControllerOriginal: UIViewController {
    let isPad: Bool
    private(set) var updates = 0
    private(set) var resizes = 0
    private(set) var splits = 0

    init(isPad: Bool) {
        self.isPad = isPad
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ArticleViewControllerOriginal, note: Notification) in observer.articleDidUpdate(note) }, name: .articleDidUpdate, object: nil)
        if #available(iOS 15, *) {
            AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ArticleViewControllerOriginal, note: Notification) in observer.textSizeDidChange(note) }, name: .articleTextSizeDidChange, object: nil)
        }
        if isPad {
            // The split view resizes only on iPad.
            AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ArticleViewControllerOriginal, note: Notification) in observer.splitDidResize(note) }, name: .articleSplitDidResize, object: nil)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        AppleSemanticsCenter.default.removeObserver(self, name: .articleDidUpdate, object: nil)
        AppleSemanticsCenter.default.removeObserver(self, name: .articleTextSizeDidChange, object: nil)
        AppleSemanticsCenter.default.removeObserver(self, name: .articleSplitDidResize, object: nil)
    }

    private func articleDidUpdate(_ notification: Notification) { updates += 1 }
    private func textSizeDidChange(_ notification: Notification) { resizes += 1 }
    private func splitDidResize(_ notification: Notification) { splits += 1 }
}
