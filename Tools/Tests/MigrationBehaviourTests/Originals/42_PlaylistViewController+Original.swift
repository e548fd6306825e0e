// swift-format-ignore-file
// Correct: a view controller named with its module that listens for its whole life from viewDidLoad: two names from
// a forEach over a literal, tokens kept in a dictionary by key, one more under a condition fixed in init, a guard that
// unwraps self with another value, and a stored center.
import UIKit

final class DownloadBadgeOriginal {
    private(set) var count = 0

    func increment() {
        count += 1
    }
}

final class PlaylistViewControllerOriginal: UIKit.UIViewController {
    private let center = AppleSemanticsCenter.default
    nonisolated(unsafe) private var observers: [String: NSObjectProtocol] = [:]
    private let showsDownloads: Bool
    private(set) var changes = 0
    private(set) var badge: DownloadBadgeOriginal? = DownloadBadgeOriginal()

    init(showsDownloads: Bool) {
        self.showsDownloads = showsDownloads
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        [Notification.Name.playlistDidChange, .playlistDidClear].forEach { name in
            observers[name.rawValue] = center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                self?.changes += 1
            }
        }
        // Count finished downloads only where they are shown.
        if showsDownloads {
            observers["download"] = center.addObserver(forName: .downloadDidFinish, object: nil, queue: nil) { [weak self] _ in
                guard let self = self, let counter = self.badge else { return }
                counter.increment()
            }
        }
    }

    deinit {
        observers.values.forEach { center.removeObserver($0) }
    }
}
