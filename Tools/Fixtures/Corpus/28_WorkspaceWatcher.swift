// swift-format-ignore-file
// Correct (macOS): NSWorkspace's own center, selector observer added in init, removed in deinit.
import AppKit

final class WorkspaceWatcher: NSObject {
    private(set) var launches: [String] = []

    override init() {
        super.init()
        NSWorkspace.shared.notificationCenter.addObserver(self, selector: #selector(appDidLaunch(_:)), name: NSWorkspace.didLaunchApplicationNotification, object: nil)
    }

    deinit {
        NSWorkspace.shared.notificationCenter.removeObserver(self)
    }

    @objc private func appDidLaunch(_ note: Notification) {
        launches.append((note.userInfo?[NSWorkspace.applicationUserInfoKey] as? NSRunningApplication)?.bundleIdentifier ?? "?")
    }
}
