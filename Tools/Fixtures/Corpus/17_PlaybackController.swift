// swift-format-ignore-file
// Correct: [weak self] and guard let self, token removed in deinit.
import Foundation

extension Notification.Name {
    static let playbackDidStall = Notification.Name("PlaybackDidStall")
}

final class PlaybackController {
    private var stallToken: NSObjectProtocol?
    private(set) var stalls = 0

    init() {
        stallToken = NotificationCenter.default.addObserver(forName: .playbackDidStall, object: nil, queue: nil) { [weak self] note in
            guard let self else { return }
            self.stalls += 1
            self.log(note)
        }
    }

    deinit {
        if let stallToken {
            NotificationCenter.default.removeObserver(stallToken)
        }
    }

    private func log(_ note: Notification) {}
}
