// swift-format-ignore-file
// `[self]` in the capture list is a strong capture too; the token removed in deinit never gets there.
import Foundation

final class UploadQueue {
    private var token: NSObjectProtocol?
    private var retries = 0

    init(center: NotificationCenter) {
        token = center.addObserver(forName: .uploadDidFail, object: nil, queue: nil) { [self] _ in // expect: strong-self-capture
            retries += 1
        }
    }

    deinit {
        if let token {
            NotificationCenter.default.removeObserver(token)
        }
    }
}

extension Notification.Name {
    static let uploadDidFail = Notification.Name("UploadDidFail")
}
