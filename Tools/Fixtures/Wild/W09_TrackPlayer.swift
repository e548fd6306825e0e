// swift-format-ignore-file
// A player service that listens for its item's end, and in stop() removes the observer for a different object:
// the removal matches nothing, so it keeps listening.
import Foundation

extension Notification.Name {
    nonisolated static let trackItemDidFinish = Notification.Name("TrackItemDidFinish")
}

final class TrackItem: NSObject, @unchecked Sendable {}

// outcome: left (removal-mismatch)
nonisolated final class TrackPlayer: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private let item: TrackItem
    private let queueItem = TrackItem()
    private var finishedCount = 0

    init(item: TrackItem) {
        self.item = item
        super.init()
        NotificationCenter.default.addObserver(self, selector: #selector(itemDidFinish(_:)), name: .trackItemDidFinish, object: item)
    }

    func stop() {
        NotificationCenter.default.removeObserver(self, name: .trackItemDidFinish, object: queueItem) // expect: mismatched-removal
    }

    @objc private func itemDidFinish(_ notification: Notification) {
        lock.withLock { finishedCount += 1 }
    }
}
