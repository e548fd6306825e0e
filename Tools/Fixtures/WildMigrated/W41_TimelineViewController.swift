// swift-format-ignore-file
// A view controller whose base comes from a dependency the tool is not given (ShimmerKit): its override of
// viewWillAppear(_:) with super's call says it is a UIKit controller, so main-actor. And a class that adopts the
// project's own main-actor protocol, listed first where a superclass would be.
import NotificationLifecycle
import ShimmerKit
import UIKit

extension Notification.Name {
    static let timelineDidRefresh = Notification.Name("TimelineDidRefresh")
    static let scoreDidTick = Notification.Name("ScoreDidTick")
}

// outcome: migrated
final class TimelineViewController: ShimmerFeedViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .timelineDidRefresh) { owner, note in
            guard let count = note.userInfo?["count"] as? Int else { return }
            MainActor.assumeIsolated {
                owner.refreshes += count
            }
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
}

@MainActor
protocol ScoreSink: AnyObject {
    func record(_ score: Int)
}

// outcome: migrated
final class ScoreTicker: ScoreSink, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var scores: [Int] = []

    init() {
        addLifetimeNotificationInfo(forName: .scoreDidTick) { owner, note in owner.handleTick(note) }
    }

    func record(_ score: Int) {
        scores.append(score)
    }

    private func handleTick(_ notification: Notification) {
        record(notification.userInfo?["score"] as? Int ?? 0)
    }
}
