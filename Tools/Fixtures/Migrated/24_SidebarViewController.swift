// swift-format-ignore-file
// macOS: NSViewController's viewWillAppear() and viewWillDisappear() take no argument; the nuclear unregister is
// the same bug there.
import AppKit
import NotificationLifecycle

final class SidebarViewController: NSViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var refreshCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .sidebarNeedsRefresh) { owner, _ in owner.refreshSidebar() }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        notificationEngine.appear()
    }

    override func viewWillDisappear() {
        super.viewWillDisappear()
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc private func refreshSidebar() {
        refreshCount += 1
    }
}

extension Notification.Name {
    static let sidebarNeedsRefresh = Notification.Name("SidebarNeedsRefresh")
}
