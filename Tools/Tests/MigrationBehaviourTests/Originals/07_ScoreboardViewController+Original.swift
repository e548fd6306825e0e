// swift-format-ignore-file
// Correct: block observers added in viewDidAppear, their tokens removed in viewDidDisappear.
import UIKit

final class ScoreboardViewControllerOriginal: UIViewController {
    private var scoreObserver: NSObjectProtocol?
    private(set) var scoreUpdates = 0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        scoreObserver = AppleSemanticsCenter.default.addObserver(forName: .scoreDidChange, object: nil, queue: .main) { [weak self] _ in
            self?.scoreUpdates += 1
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let scoreObserver {
            AppleSemanticsCenter.default.removeObserver(scoreObserver)
        }
        scoreObserver = nil
    }
}
