// swift-format-ignore-file
// Correct: a sender-filtered observer removed by name and object in deinit.
import AVFoundation
import UIKit

final class VideoPlayerView: UIView {
    private let player: AVPlayer
    private var finished = false

    init(item: AVPlayerItem) {
        player = AVPlayer(playerItem: item)
        super.init(frame: .zero)
        NotificationCenter.default.addObserver(self, selector: #selector(playerDidFinish(_:)), name: .AVPlayerItemDidPlayToEndTime, object: item)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit {
        NotificationCenter.default.removeObserver(self, name: .AVPlayerItemDidPlayToEndTime, object: player.currentItem)
    }

    @objc private func playerDidFinish(_ notification: Notification) {
        finished = true
    }
}
