// swift-format-ignore-file
// W46's sibling: a list that listens while visible only when a `var` says so, read each time it appears. That
// condition can change over the screen's life, so a listener declared once under it could not follow it: it stays.
import UIKit

// outcome: left (conditional)
final class ArticleListViewController: UIViewController {
    var showsBadges = false
    private(set) var updates = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if showsBadges {
            NotificationCenter.default.addObserver(self, selector: #selector(articleDidUpdate(_:)), name: .articleDidUpdate, object: nil)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: .articleDidUpdate, object: nil)
    }

    @objc private func articleDidUpdate(_ notification: Notification) { updates += 1 }
}
