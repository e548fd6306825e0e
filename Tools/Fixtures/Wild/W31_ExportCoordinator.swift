// swift-format-ignore-file
// A main-actor coordinator that delivers on its own operation queue: a main-actor owner's listeners cannot.
import Foundation

extension Notification.Name {
    static let exportDidProgress = Notification.Name("ExportDidProgress")
}

// outcome: left (queue)
@MainActor
final class ExportCoordinator {
    private let exportQueue = OperationQueue()
    private var progressToken: NSObjectProtocol?

    init() {
        progressToken = NotificationCenter.default.addObserver(forName: .exportDidProgress, object: nil, queue: exportQueue) { note in
            print("progress", note.userInfo?["fraction"] ?? 0)
        }
    }

    isolated deinit {
        if let progressToken {
            NotificationCenter.default.removeObserver(progressToken)
        }
    }
}
