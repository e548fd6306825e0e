// swift-format-ignore-file
// A main-actor observer of the workspace's own center: not NotificationCenter.default.
import AppKit
import UIKit  // AppleSemanticsCenter

// outcome: migrated
@MainActor
final class ThemeObserverOriginal: NSObject {
    private(set) var wakes = 0

    override init() {
        super.init()
        AppleSemanticsCenter.workspace.addObserver(self, selector: AppleSelector { (observer: ThemeObserverOriginal, note: Notification) in observer.didWake(note) }, name: NSWorkspace.didWakeNotification, object: nil)
    }

    private func didWake(_ notification: Notification) {
        wakes += 1
    }
}
