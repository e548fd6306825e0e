// swift-format-ignore-file
// Correct: observers set up in an extension's helper called from viewDidLoad, removed in deinit.
import UIKit

final class SettingsViewController: UIViewController {
    private var observers: [NSObjectProtocol] = []
    private var fontSize: CGFloat = 17

    override func viewDidLoad() {
        super.viewDidLoad()
        setupObservers()
    }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }
}

extension SettingsViewController {
    private func setupObservers() {
        let token = NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: .main) { [weak self] _ in
            self?.fontSize += 1
        }
        observers.append(token)
    }
}
