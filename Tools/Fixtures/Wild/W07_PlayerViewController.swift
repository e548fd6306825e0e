// swift-format-ignore-file
// Four registrations on a center reached through a closure parameter, in viewWillAppear, removed only in deinit:
// each appearance adds all four again.
import UIKit

extension NotificationCenter {
    /// Runs `body` with the center: a helper some projects keep to group registrations.
    func `do`(_ body: (NotificationCenter) -> Void) {
        body(self)
    }
}

extension Notification.Name {
    static let playerDidStart = Notification.Name("PlayerDidStart")
    static let playerDidPause = Notification.Name("PlayerDidPause")
    static let playerDidStall = Notification.Name("PlayerDidStall")
    static let playerDidFinish = Notification.Name("PlayerDidFinish")
}

// outcome: left (in-closure)
final class PlayerViewController: UIViewController {
    private(set) var events: [String] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.do {
            $0.addObserver(self, selector: #selector(playerDidStart(_:)), name: .playerDidStart, object: nil) // expect: unbalanced-visible
            $0.addObserver(self, selector: #selector(playerDidPause(_:)), name: .playerDidPause, object: nil) // expect: unbalanced-visible
            $0.addObserver(self, selector: #selector(playerDidStall(_:)), name: .playerDidStall, object: nil) // expect: unbalanced-visible
            $0.addObserver(self, selector: #selector(playerDidFinish(_:)), name: .playerDidFinish, object: nil) // expect: unbalanced-visible
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func playerDidStart(_ notification: Notification) { events.append("start") }
    @objc private func playerDidPause(_ notification: Notification) { events.append("pause") }
    @objc private func playerDidStall(_ notification: Notification) { events.append("stall") }
    @objc private func playerDidFinish(_ notification: Notification) { events.append("finish") }
}
