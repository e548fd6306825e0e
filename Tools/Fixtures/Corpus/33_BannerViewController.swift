// swift-format-ignore-file
// A block observer from viewDidLoad whose token is dropped on the floor (and whose block holds self).
import UIKit

final class BannerViewController: UIViewController {
    private var bannerText = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(forName: .bannerDidChange, object: nil, queue: .main) { note in // expect: discarded-token
            self.bannerText = note.userInfo?["text"] as? String ?? ""
        }
    }
}

extension Notification.Name {
    static let bannerDidChange = Notification.Name("BannerDidChange")
}
