import Foundation

/// Sends records to a pretend server and announces each result; the first attempt for an id in `failOnce` fails.
final class Uploader: @unchecked Sendable {
    // Safe: `failOnce` is only touched while `lock` is held.
    private let lock = NSLock()
    private var failOnce: Set<String>
    let center: NotificationCenter

    init(failingOnceFor ids: Set<String>, center: NotificationCenter = .default) {
        self.failOnce = ids
        self.center = center
    }

    /// Uploads the records one by one, posting `uploadDidFinish` or `uploadDidFail` for each.
    func upload(_ ids: [String]) {
        for id in ids {
            let fails = lock.withLock { failOnce.remove(id) != nil }
            center.post(name: fails ? .uploadDidFail : .uploadDidFinish, object: self, userInfo: ["id": id])
        }
    }
}
