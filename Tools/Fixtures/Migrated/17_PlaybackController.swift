// swift-format-ignore-file
// Correct: [weak self] and guard let self, token removed in deinit.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let playbackDidStall = Notification.Name("PlaybackDidStall")
}

final class PlaybackController: ControllerBase {
    private(set) var stalls = 0

    init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .playbackDidStall) { owner, note in
            owner.stalls += 1
            owner.log(note)
        }
    }

    private func log(_ note: Notification) {}
}
