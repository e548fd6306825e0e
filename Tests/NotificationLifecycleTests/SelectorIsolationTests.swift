import Foundation
import Testing

@testable import NotificationLifecycle

/// A controller whose table binds a function value typed `@Sendable` and nonisolated: it still takes the main-actor
/// form of `adding(_:_:)`, so the call runs on the main actor.
private final class PingedController: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        let ping: @Sendable (PingedController) -> @Sendable (Notification) -> Void = { pinged in { _ in pinged.ping() }
        }
        return super.notificationSelectors.adding("ping:", ping)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .ping, selector: "ping:")
    }

    private let calls = LockedValueBox((all: 0, offTheMainQueue: 0))
    nonisolated var counts: (all: Int, offTheMainQueue: Int) { calls.withLock { $0 } }

    nonisolated func ping() {
        let onMain = MainQueue.isCurrent
        calls.withLock {
            $0.all += 1
            if !onMain { $0.offTheMainQueue += 1 }
        }
    }
}

@Suite("Selector methods of main-actor owners")
struct SelectorIsolationTests {
    /// Issue 36: a controller's entry runs on the main actor even when its function value is typed for any thread.
    @Test @MainActor func aControllersEntryTypedForAnyThreadRunsOnTheMainActor() async throws {
        let center = NotificationCenter()
        let controller = PingedController(notificationCenter: center)
        controller.appear()
        await Task.detached {
            for _ in 0..<20 { center.post(name: .ping, object: nil) }
        }.value
        for _ in 0..<500 where controller.counts.all < 20 {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        #expect(controller.counts.all == 20)
        #expect(controller.counts.offTheMainQueue == 0)
        controller.disappear()
    }
}
