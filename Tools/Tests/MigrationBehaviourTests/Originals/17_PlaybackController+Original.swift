// swift-format-ignore-file
// Correct: [weak self] and guard let self, token removed in deinit.
import Foundation
import UIKit  // AppleSemanticsCenter

final class PlaybackControllerOriginal {
    private var stallToken: NSObjectProtocol?
    private(set) var stalls = 0

    init() {
        stallToken = AppleSemanticsCenter.default.addObserver(forName: .playbackDidStall, object: nil, queue: nil) { [weak self] note in
            guard let self else { return }
            self.stalls += 1
            self.log(note)
        }
    }

    deinit {
        if let stallToken {
            AppleSemanticsCenter.default.removeObserver(stallToken)
        }
    }

    private func log(_ note: Notification) {}
}
