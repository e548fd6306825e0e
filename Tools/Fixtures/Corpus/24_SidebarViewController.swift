// swift-format-ignore-file
// macOS: NSViewController's viewWillAppear() and viewWillDisappear() take no argument; the nuclear unregister is
// the same bug there.
import AppKit

final class SidebarViewController: NSViewController {
    private var refreshCount = 0

    override func viewWillAppear() {
        super.viewWillAppear()
        NotificationCenter.default.addObserver(self, selector: #selector(refreshSidebar), name: .sidebarNeedsRefresh, object: nil)
    }

    override func viewWillDisappear() {
        super.viewWillDisappear()
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc private func refreshSidebar() {
        refreshCount += 1
    }
}

extension Notification.Name {
    static let sidebarNeedsRefresh = Notification.Name("SidebarNeedsRefresh")
}
