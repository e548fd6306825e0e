// swift-format-ignore-file
// A view controller made in code and from a storyboard: both inits call observePlayback().
import UIKit

extension Notification.Name {
    static let storyDidAdvance = Notification.Name("StoryDidAdvance")
}

// outcome: migrated
final class StoryPlayerViewController: UIViewController {
    private var advanceToken: NSObjectProtocol?
    private(set) var page = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        observePlayback()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        observePlayback()
    }

    deinit {
        if let advanceToken {
            NotificationCenter.default.removeObserver(advanceToken)
        }
    }

    private func observePlayback() {
        advanceToken = NotificationCenter.default.addObserver(forName: .storyDidAdvance, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.page += 1
            }
        }
    }
}
