// swift-format-ignore-file
// A view controller whose base comes from a dependency the tool is not given (ShimmerKit): its override of
// viewWillAppear(_:) with super's call says it is a UIKit controller, so main-actor. And a class that adopts the
// project's own main-actor protocol, listed first where a superclass would be.
import ShimmerKit
import UIKit

extension Notification.Name {
    static let timelineDidRefresh = Notification.Name("TimelineDidRefresh")
    static let scoreDidTick = Notification.Name("ScoreDidTick")
}

// outcome: migrated
final class TimelineViewController: ShimmerFeedViewController {
    private var refreshObserver: NSObjectProtocol?
    private(set) var refreshes = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        refreshObserver = NotificationCenter.default.addObserver(forName: .timelineDidRefresh, object: nil, queue: .main) { [weak self] note in
            guard let self = self, let count = note.userInfo?["count"] as? Int else { return }
            MainActor.assumeIsolated {
                self.refreshes += count
            }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let refreshObserver {
            NotificationCenter.default.removeObserver(refreshObserver)
            self.refreshObserver = nil
        }
    }
}

@MainActor
protocol ScoreSink: AnyObject {
    func record(_ score: Int)
}

// outcome: migrated
final class ScoreTicker: ScoreSink {
    private let center = NotificationCenter.default
    private var tickObserver: NSObjectProtocol?
    private(set) var scores: [Int] = []

    init() {
        tickObserver = center.addObserver(forName: .scoreDidTick, object: nil, queue: nil, using: handleTick)
    }

    deinit {
        if let tickObserver {
            center.removeObserver(tickObserver)
        }
    }

    func record(_ score: Int) {
        scores.append(score)
    }

    private func handleTick(_ notification: Notification) {
        record(notification.userInfo?["score"] as? Int ?? 0)
    }
}
