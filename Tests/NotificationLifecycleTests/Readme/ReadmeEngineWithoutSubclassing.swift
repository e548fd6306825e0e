// README: "Using the engine without subclassing". The README shows ProfileViewController verbatim; on Linux it
// compiles against the stand-in UIViewController below, and ReadmeSnippetTests drives it like UIKit would.
import Foundation
import NotificationLifecycle

/// Stands in for UIKit's `UIViewController` so that the README's code compiles and runs on Linux: the same method
/// names and signatures, doing nothing themselves.
class UIViewController {
    func viewDidLoad() {}
    func viewWillAppear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}
}

extension Notification.Name {
    /// Posted only by ReadmeSnippetTests, so that using the default center cannot disturb other tests.
    static let profileDidChange = Notification.Name("ReadmeSnippetTests.ProfileDidChange")
}

final class ProfileViewController: UIViewController, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .profileDidChange) { screen, _ in
            screen.reloadProfile()
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        notificationEngine.disappear()
    }

    private(set) var profileReloads = 0

    func reloadProfile() {
        profileReloads += 1
    }
}
