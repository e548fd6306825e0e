import Foundation
import NotificationLifecycle

extension Notification.Name {
    /// The app is about to come to the foreground.
    static let appWillEnterForeground = Notification.Name("appWillEnterForeground")
    /// The app went to the background.
    static let appDidEnterBackground = Notification.Name("appDidEnterBackground")
    /// The system asks everyone to free memory.
    static let memoryPressure = Notification.Name("memoryPressure")
    /// The user changed a record on this device; `userInfo["id"]` names it.
    static let recordDidChangeLocally = Notification.Name("recordDidChangeLocally")
    /// The network came back.
    static let networkDidBecomeReachable = Notification.Name("networkDidBecomeReachable")
    /// The periodic sync timer fired.
    static let syncTimerDidFire = Notification.Name("syncTimerDidFire")
    /// The uploader sent one record; `userInfo["id"]` names it.
    static let uploadDidFinish = Notification.Name("uploadDidFinish")
    /// The uploader could not send one record; `userInfo["id"]` names it.
    static let uploadDidFail = Notification.Name("uploadDidFail")
}

extension Lifespan {
    /// While a sync runs: the engine starts and stops it around each sync.
    static let syncing = Lifespan.custom("syncing")
}

extension Notification {
    /// The record id a notification carries in `userInfo["id"]`.
    var recordID: String {
        userInfo?["id"] as? String ?? "?"
    }
}
