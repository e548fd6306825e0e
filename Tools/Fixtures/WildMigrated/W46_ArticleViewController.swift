// swift-format-ignore-file
// An article screen that listens while visible, and for two names only where it can: one listener behind
// `#available`, one behind `isPad`, a `let` set in init. Neither condition can change over the screen's life, so the
// listeners are declared once in viewDidLoad under the same conditions and start with appear(). Its sibling in
// W47 checks a `var` instead: that condition can change, so it stays as it is.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let articleDidUpdate = Notification.Name("ArticleDidUpdate")
    static let articleTextSizeDidChange = Notification.Name("ArticleTextSizeDidChange")
    static let articleSplitDidResize = Notification.Name("ArticleSplitDidResize")
}

// outcome: migrated
final class ArticleViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
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

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .articleDidUpdate) { owner, note in owner.articleDidUpdate(note) }
        if #available(iOS 15, *) {
            addVisibleNotificationInfo(forName: .articleTextSizeDidChange) { owner, note in
                owner.textSizeDidChange(note)
            }
        }
        // The split view resizes only on iPad.
        if isPad {
            addVisibleNotificationInfo(forName: .articleSplitDidResize) { owner, note in owner.splitDidResize(note) }
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    @objc private func articleDidUpdate(_ notification: Notification) { updates += 1 }
    @objc private func textSizeDidChange(_ notification: Notification) { resizes += 1 }
    @objc private func splitDidResize(_ notification: Notification) { splits += 1 }
}
