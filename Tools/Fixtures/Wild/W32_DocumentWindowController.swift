// swift-format-ignore-file
// A window controller listening for its own window's close from windowDidLoad, removed by name and sender.
import AppKit

// outcome: migrated
final class DocumentWindowController: NSWindowController {
    private(set) var closed = false

    override func windowDidLoad() {
        super.windowDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(windowWillClose(_:)), name: NSWindow.willCloseNotification, object: window)
    }

    deinit {
        NotificationCenter.default.removeObserver(self, name: NSWindow.willCloseNotification, object: nil)
    }

    @objc private func windowWillClose(_ notification: Notification) {
        closed = true
    }
}
