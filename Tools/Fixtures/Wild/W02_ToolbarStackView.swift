// swift-format-ignore-file
// An NSStackView subclass that follows its window's key state: registered when it moves to a window, with that
// window as the sender, and removed before it moves.
import AppKit

// outcome: left (registration-object)
final class ToolbarStackView: NSStackView {
    private(set) var isHighlighted = false

    override func viewDidMoveToWindow() {
        super.viewDidMoveToWindow()
        NotificationCenter.default.addObserver(self, selector: #selector(windowDidBecomeKey(_:)), name: NSWindow.didBecomeKeyNotification, object: window)
    }

    override func viewWillMove(toWindow newWindow: NSWindow?) {
        super.viewWillMove(toWindow: newWindow)
        NotificationCenter.default.removeObserver(self, name: NSWindow.didBecomeKeyNotification, object: window)
    }

    @objc private func windowDidBecomeKey(_ notification: Notification) {
        isHighlighted = true
    }
}
