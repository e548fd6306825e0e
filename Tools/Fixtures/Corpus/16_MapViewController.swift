// swift-format-ignore-file
// Quiet by design: the block captures self strongly, but the token is removed in viewWillDisappear, which breaks
// the cycle every time the screen goes away.
import UIKit

final class MapViewController: UIViewController {
    private var regionToken: NSObjectProtocol?
    private var regionChanges = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        regionToken = NotificationCenter.default.addObserver(forName: .regionDidChange, object: nil, queue: .main) { _ in
            self.regionChanges += 1
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let regionToken {
            NotificationCenter.default.removeObserver(regionToken)
            self.regionToken = nil
        }
    }
}

extension Notification.Name {
    static let regionDidChange = Notification.Name("RegionDidChange")
}
