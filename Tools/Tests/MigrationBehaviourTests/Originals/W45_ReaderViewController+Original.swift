// swift-format-ignore-file
// A reader screen that keeps one block token in an optional and its per-name tokens in a dictionary, and removes
// them as many apps write it: `token.map(center.removeObserver)` and `for (_, token) in tokens`.
import UIKit

// outcome: migrated
final class ReaderViewControllerOriginal: UIViewController {
    nonisolated(unsafe) private var syncObserver: NSObjectProtocol?
    nonisolated(unsafe) private var styleObservers: [Notification.Name: NSObjectProtocol] = [:]
    private(set) var restyles = 0
    private(set) var syncs = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        syncObserver = AppleSemanticsCenter.default.addObserver(forName: .readerSyncDidFinish, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.syncs += 1 }
        }
        for name in [Notification.Name.readerFontDidChange, .readerThemeDidChange] {
            styleObservers[name] = AppleSemanticsCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.restyles += 1 }
            }
        }
    }

    deinit {
        syncObserver.map(AppleSemanticsCenter.default.removeObserver)
        for (_, observer) in styleObservers {
            AppleSemanticsCenter.default.removeObserver(observer)
        }
    }
}
