// swift-format-ignore-file
// Correct: awakeFromNib registers for the life of the object; deinit removes by name.
import UIKit

final class PhotoGridViewController: UIViewController {
    private(set) var libraryChanges = 0

    override func awakeFromNib() {
        super.awakeFromNib()
        NotificationCenter.default.addObserver(self, selector: #selector(photoLibraryDidChange), name: .photoLibraryDidChange, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self, name: .photoLibraryDidChange, object: nil)
    }

    @objc func photoLibraryDidChange() {
        libraryChanges += 1
    }
}

extension Notification.Name {
    static let photoLibraryDidChange = Notification.Name("PhotoLibraryDidChange")
}
