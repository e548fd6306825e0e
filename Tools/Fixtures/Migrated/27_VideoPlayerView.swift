// swift-format-ignore-file
// Correct: a sender-filtered observer removed by name and object in deinit.
import AVFoundation
import NotificationLifecycle
import UIKit

final class VideoPlayerView: UIView, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private let player: AVPlayer
    private var finished = false

    init(item: AVPlayerItem) {
        player = AVPlayer(playerItem: item)
        super.init(frame: .zero)
        addLifetimeNotificationInfo(forName: .AVPlayerItemDidPlayToEndTime, object: item) { owner, note in
            owner.playerDidFinish(note)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    @objc private func playerDidFinish(_ notification: Notification) {
        finished = true
    }
}
