// swift-format-ignore-file
// A known miss: stopObserving() is called only from deinit within the type, so the checker takes it as
// deinit-only, but the coordinator below calls it on every dismissal.
import NotificationLifecycle
import UIKit

final class ReaderViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var fontChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        notificationEngine.start(.custom("viewDidLoad"))
        addNotificationInfo(
            forName: UIContentSizeCategory.didChangeNotification,
            lifespan: .custom("viewDidLoad")
        ) { owner, _ in
            owner.fontDidChange()
        }
    }

    deinit {
        stopObserving()
    }

    func stopObserving() {
        notificationEngine.stop(.custom("viewDidLoad")) // expect: nuclear-unregister (known miss)
    }

    @objc func fontDidChange() {
        fontChanges += 1
    }
}

final class ReaderCoordinator {
    private let reader = ReaderViewController()

    func readerWasDismissed() {
        reader.stopObserving()
    }
}
