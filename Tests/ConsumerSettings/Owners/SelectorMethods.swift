// Compiled unchanged in each module setting by .ci/consumer-settings.sh: a controller's selector methods bound with
// the plain `adding(_:_:)` spelling, which must run on the main actor in every setting (in Swift 5 mode an unapplied
// method reference carries no isolation in its type).
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let tickerTick = Notification.Name("TickerTick")
    nonisolated static let tickerReload = Notification.Name("TickerReload")
}

final class Ticker: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("tick:", Ticker.tick)
            .adding("reload", Ticker.reload)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .tickerTick, selector: "tick:")
        addVisibleNotificationInfo(forName: .tickerReload, selector: "reload")
    }

    private(set) var calls = 0
    private(set) var callsOffTheMainActor = 0

    func tick(_ notification: Notification) { count() }
    func reload() { count() }

    private func count() {
        calls += 1
        if !SelectorMethodThread.isMainActorQueue { callsOffTheMainActor += 1 }
    }
}

/// Whether the caller runs where the main actor runs: the main thread, or the main queue drained elsewhere (Swift
/// Testing on Linux runs main-actor tests so).
enum SelectorMethodThread {
    nonisolated private static let key = DispatchSpecificKey<Bool>()
    nonisolated static func markMainQueue() { DispatchQueue.main.setSpecific(key: key, value: true) }
    nonisolated static var isMainActorQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
