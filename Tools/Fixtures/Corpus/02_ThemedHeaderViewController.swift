// swift-format-ignore-file
// Correct: a lifetime listener added in viewDidLoad, removed with removeObserver(self) in deinit only.
import UIKit

extension Notification.Name {
    static let themeDidChange = Notification.Name("ThemeDidChange")
}

final class ThemedHeaderViewController: UIViewController {
    private(set) var themeChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(themeDidChange), name: .themeDidChange, object: nil)
        applyTheme()
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc func themeDidChange() {
        themeChanges += 1
        applyTheme()
    }

    private func applyTheme() {}
}
