// swift-format-ignore-file
// A known miss: stopObserving() is called only from deinit within the type, so the checker takes it as
// deinit-only, but the coordinator below calls it on every dismissal.
import UIKit

final class ReaderViewController: UIViewController {
    private(set) var fontChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(fontDidChange), name: UIContentSizeCategory.didChangeNotification, object: nil)
    }

    deinit {
        stopObserving()
    }

    func stopObserving() {
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister (known miss)
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
