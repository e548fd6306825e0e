// swift-format-ignore-file
// Quiet by design: a singleton lives as long as the process, like an app delegate.
import NotificationLifecycle
import UIKit

final class ThemeManager: ControllerBase {
    static let shared = ThemeManager()
    private(set) var isDark = false

    private init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .themeSettingDidChange, queue: .main) { owner, _ in
            owner.isDark.toggle()
        }
    }
}

extension Notification.Name {
    static let themeSettingDidChange = Notification.Name("ThemeSettingDidChange")
}
