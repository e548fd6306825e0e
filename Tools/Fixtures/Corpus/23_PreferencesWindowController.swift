// swift-format-ignore-file
// Correct (macOS): added in windowDidLoad, removed with removeObserver(self) in deinit.
import AppKit

final class PreferencesWindowController: NSWindowController {
    private var isClosing = false

    override func windowDidLoad() {
        super.windowDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(windowWillClose(_:)), name: NSWindow.willCloseNotification, object: window)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc func windowWillClose(_ notification: Notification) {
        isClosing = true
    }
}
