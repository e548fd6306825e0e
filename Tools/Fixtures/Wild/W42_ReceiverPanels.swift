// swift-format-ignore-file
// Panels of a receiver app: the app's own base view controller declares the center its subclasses post and listen on
// (`let hub: NotificationCenter = NotificationCenter.default`); one subclass registers on that inherited `hub` and on
// NotificationCenter.default in one method its init calls. A sweep view keeps the center in an untyped `let`, and a
// meter keeps it in a `var` (which could be set to another center later, so it stays with the call named).
import UIKit

extension Notification.Name {
    static let tunerDidRetune = Notification.Name("TunerDidRetune")
    static let radioDidStart = Notification.Name("RadioDidStart")
    static let radioDidStop = Notification.Name("RadioDidStop")
}

class PanelBaseController: UIViewController {
    let hub: NotificationCenter = NotificationCenter.default
    var isCollapsed = false
}

// outcome: migrated
final class ReceiverPanelController: PanelBaseController {
    private(set) var retunes = 0
    private(set) var running = false

    init() {
        super.init(nibName: nil, bundle: nil)
        startObserving()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        hub.removeObserver(self)
    }

    private func startObserving() {
        // The tuner posts on the panels' hub.
        hub.addObserver(self, selector: #selector(tunerDidRetune(_:)), name: .tunerDidRetune, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(radioDidStart(_:)), name: .radioDidStart, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(radioDidStop(_:)), name: .radioDidStop, object: nil)
    }

    @objc private func tunerDidRetune(_ notification: Notification) {
        retunes += 1
    }

    @objc private func radioDidStart(_ notification: Notification) {
        running = true
    }

    @objc private func radioDidStop(_ notification: Notification) {
        running = false
    }
}

// outcome: migrated
final class SweepViewController: UIViewController {
    private let feed = NotificationCenter.default
    private(set) var sweeps = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        feed.addObserver(self, selector: #selector(radioDidStart(_:)), name: .radioDidStart, object: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        feed.removeObserver(self)
    }

    func announce() {
        feed.post(name: .tunerDidRetune, object: self)
    }

    @objc private func radioDidStart(_ notification: Notification) {
        sweeps += 1
    }
}

// outcome: left (other-center)
final class MeterViewController: UIViewController {
    var bus = NotificationCenter.default
    private(set) var readings = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        bus.addObserver(self, selector: #selector(radioDidStop(_:)), name: .radioDidStop, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(radioDidStart(_:)), name: .radioDidStart, object: nil)
    }

    @objc private func radioDidStart(_ notification: Notification) {
        readings += 1
    }

    @objc private func radioDidStop(_ notification: Notification) {
        readings += 1
    }
}
