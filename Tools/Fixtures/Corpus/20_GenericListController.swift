// swift-format-ignore-file
// Quiet by design: the names are values, so whether add and removal match cannot be read from the source.
import UIKit

class GenericListController: UIViewController {
    let reloadName: Notification.Name
    private var reloads = 0

    init(reloadName: Notification.Name) {
        self.reloadName = reloadName
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(reload), name: reloadName, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self, name: reloadName, object: nil)
    }

    @objc func reload() {
        reloads += 1
    }
}
