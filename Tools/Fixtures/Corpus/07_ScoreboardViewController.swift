// swift-format-ignore-file
// Correct: block observers added in viewDidAppear, their tokens removed in viewDidDisappear.
import UIKit

extension Notification.Name {
    static let scoreDidChange = Notification.Name("ScoreDidChange")
}

final class ScoreboardViewController: UIViewController {
    private var scoreObserver: NSObjectProtocol?
    private(set) var scoreUpdates = 0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        scoreObserver = NotificationCenter.default.addObserver(forName: .scoreDidChange, object: nil, queue: .main) { [weak self] _ in
            self?.scoreUpdates += 1
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let scoreObserver {
            NotificationCenter.default.removeObserver(scoreObserver)
        }
        scoreObserver = nil
    }
}
