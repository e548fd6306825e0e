// A controller's selector methods bound with adding(_:_:), posted to from another thread, run on the main actor in
// every module setting; compiled and run in each by .ci/consumer-settings.sh.
import Foundation
import NotificationLifecycle
import Testing

@testable import SETTING

@Test @MainActor func aControllersSelectorMethodsRunOnTheMainActorWhenPostedFromAThread() async throws {
    SelectorMethodThread.markMainQueue()
    let center = NotificationCenter()
    let ticker = Ticker(notificationCenter: center)
    ticker.appear()
    let posted = DispatchSemaphore(value: 0)
    let thread = Thread {
        for _ in 0..<50 {
            center.post(name: .tickerTick, object: nil)
            center.post(name: .tickerReload, object: nil)
        }
        posted.signal()
    }
    thread.start()
    await Task.detached { posted.wait() }.value
    for _ in 0..<500 where ticker.calls < 100 {
        try await Task.sleep(nanoseconds: 2_000_000)
    }
    #expect(ticker.calls == 100)
    #expect(ticker.callsOffTheMainActor == 0)
    ticker.disappear()
}
