// Compiled unchanged in each module setting by .ci/consumer-settings.sh, against stand-ins declared as UIKit declares
// them; .ci/check-readme-snippets.sh --owners checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle
import Observation

/// Stands in for UIKit's `UIResponder`: `@MainActor open class UIResponder : NSObject`.
@MainActor
open class UIResponder {
    /// As `NSObject.init()`.
    public init() {}
}

/// Stands in for UIKit's `UIViewController`, main-actor isolated like it, with the same lifecycle signatures.
@MainActor
open class UIViewController: UIResponder {
    /// UIKit's designated initialiser.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// As `NSObject.init()`, which UIKit's subclasses inherit.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
}

// "UIKit and SwiftUI".
extension Notification.Name {
    /// The signed-in user's profile changed.
    nonisolated static let profileDidChange =
        Notification.Name("ProfileDidChange")
}

final class ProfileViewController: UIViewController,
    MainActorNotificationEngineOwner
{
    let notificationEngine = NotificationEngine()
    private(set) var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .profileDidChange) { screen, _ in
            // A main-actor method: no annotation, no await.
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

    func reloadProfile() { reloads += 1 }
}

// @Observable needs these versions; the article says so.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class InboxModel: ControllerBase {
    private(set) var unread = 0

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(
            forName: .messagesDidArrive
        ) { model, note in
            model.unread += note.userInfo?["count"] as? Int ?? 1
        }
    }
}

// @Observable needs these versions; the article says so.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
struct InboxView {
    let model: InboxModel

    func onAppear() { model.appear() }
    func onDisappear() { model.disappear() }
}
