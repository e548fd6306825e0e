// swift-format-ignore-file
// Correct: a lifetime listener added in viewDidLoad, removed with removeObserver(self) in deinit only.
import UIKit

final class ThemedHeaderViewControllerOriginal: UIViewController {
    private(set) var themeChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: ThemedHeaderViewControllerOriginal, _: Notification) in observer.themeDidChange() }, name: .themeDidChange, object: nil)
        applyTheme()
    }

    deinit {
        AppleSemanticsCenter.default.removeObserver(self)
    }

    func themeDidChange() {
        themeChanges += 1
        applyTheme()
    }

    private func applyTheme() {}
}
