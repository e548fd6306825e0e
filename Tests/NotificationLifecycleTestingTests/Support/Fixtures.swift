import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let ping = Notification.Name("ping")
    static let pong = Notification.Name("pong")
    static let save = Notification.Name("save")
    static let sync = Notification.Name("sync")
}

extension Lifespan {
    static let editing = Lifespan.custom("editing")
}

/// A sender object for sender-filter tests.
final class Store: Sendable {}

/// A controller with one info of each lifespan and both handler kinds:
///
/// | # | name | lifespan | handler |
/// | 1 | ping | lifetime | didPing: |
/// | 2 | pong | visible  | closure  |
/// | 3 | save | editing  | closure  |
final class InboxScreen: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("didPing:", InboxScreen.didPing)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .ping, selector: "didPing:")
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
        addNotificationInfo(forName: .save, lifespan: .editing) { _, _ in }
    }

    func didPing(_ notification: Notification) {}

    /// The lifetime ping info, declared first.
    var ping: NotificationInfo { notificationEngine.infos[0] }

    /// Yields, then makes the lifetime-stop mistake: a misuse reported from an asynchronous context.
    func stopLifetimeLater() async {
        await Task.yield()
        notificationEngine.stop(.lifetime)
    }
}

/// A subclass that adds a visible selector info after its superclass's.
final class DetailScreen: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("refresh", DetailScreen.refresh)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .sync, selector: "refresh")
    }

    func refresh() {}
}

/// A controller whose closure captures `self` strongly: a retain cycle through its own engine.
final class LeakyScreen: ControllerBase {
    var pings = 0

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .ping) { _, _ in self.pings += 1 }
    }
}

/// A class that is not a controller but owns an engine, as a `UIViewController` would.
final class EngineHost: NotificationEngineOwner, @unchecked Sendable {
    let notificationEngine: NotificationEngine

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addLifetimeNotificationInfo(forName: .ping) { _, _ in }
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
    }
}

/// An asynchronous message: Foundation runs its handlers as tasks, after the post returns.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct DraftSaved: NotificationCenter.AsyncMessage {
    typealias Subject = Store
    let number: Int
}

/// A main-actor message: its handlers run on the main actor while it is posted.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct ThemeChanged: NotificationCenter.MainActorMessage {
    typealias Subject = Store
}

/// A controller that listens to one notification and the asynchronous `DraftSaved` message, for its whole life.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
final class DraftScreen: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .ping) { _, _ in }
        notificationEngine.add(NotificationInfo(for: DraftSaved.self, center: notificationEngine.center) { _ in })
    }
}

/// Runs `work` on a new thread, outside the caller's task, and returns when it is done.
func onAnotherThread(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
            work()
            done.resume()
        }
        .start()
    }
}

/// Runs `work` on a new thread, outside the caller's task, and blocks until it is done.
func onAnotherThreadAndWait(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        work()
        done.signal()
    }
    .start()
    done.wait()
}
