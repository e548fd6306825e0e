// swift-format-ignore-file
// Quiet by design: an app delegate lives as long as the process, so a kept-forever observer is what it means.
import NotificationLifecycle
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    var window: UIWindow?
    private var lastForeground: Date?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        addLifetimeNotificationInfo(forName: UIApplication.willEnterForegroundNotification) { owner, _ in
            owner.lastForeground = Date()
        }
        return true
    }
}
