// swift-format-ignore-file
// A block observer from viewDidLoad whose token is dropped on the floor (and whose block holds self).
import UIKit

final class BannerViewControllerOriginal: UIViewController {
    private var bannerText = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        AppleSemanticsCenter.default.addObserver(forName: .bannerDidChange, object: nil, queue: .main) { note in // expect: discarded-token
            self.bannerText = note.userInfo?["text"] as? String ?? ""
        }
    }
}

