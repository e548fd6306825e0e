// swift-format-ignore-file
// A block observer added in viewDidAppear with no guard, removed only in deinit: each appearance adds one more.
import UIKit

final class StoriesViewController: UIViewController {
    private var storiesToken: NSObjectProtocol?
    private(set) var storyReloads = 0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        storiesToken = NotificationCenter.default.addObserver(forName: .storiesDidRefresh, object: nil, queue: .main) { [weak self] _ in // expect: unbalanced-visible
            self?.storyReloads += 1
        }
    }

    deinit {
        if let storiesToken {
            NotificationCenter.default.removeObserver(storiesToken)
        }
    }
}

extension Notification.Name {
    static let storiesDidRefresh = Notification.Name("StoriesDidRefresh")
}
