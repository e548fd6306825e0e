// swift-format-ignore-file
// Quiet by design: a singleton lives as long as the process, like an app delegate.
import UIKit

final class ThemeManager {
    static let shared = ThemeManager()
    private(set) var isDark = false

    private init() {
        NotificationCenter.default.addObserver(forName: .themeSettingDidChange, object: nil, queue: .main) { _ in
            self.isDark.toggle()
        }
    }
}

extension Notification.Name {
    static let themeSettingDidChange = Notification.Name("ThemeSettingDidChange")
}
