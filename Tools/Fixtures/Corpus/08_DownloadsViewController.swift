// swift-format-ignore-file
// Quiet by design: the appear registration is guarded by its token, so a second appearance does not register again.
import UIKit

final class DownloadsViewController: UIViewController {
    private var progressToken: NSObjectProtocol?
    private var progress = 0.0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard progressToken == nil else { return }
        progressToken = NotificationCenter.default.addObserver(forName: .downloadProgress, object: nil, queue: .main) { [weak self] note in
            self?.progress = note.userInfo?["fraction"] as? Double ?? 0
        }
    }

    deinit {
        if let progressToken {
            NotificationCenter.default.removeObserver(progressToken)
        }
    }
}

extension Notification.Name {
    static let downloadProgress = Notification.Name("DownloadProgress")
}
