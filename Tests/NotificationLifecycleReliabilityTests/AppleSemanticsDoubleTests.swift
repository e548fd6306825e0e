import Foundation
import Testing

@testable import NotificationLifecycle

/// `.ci/run` runs this suite a second time with `NOTIFICATION_LIFECYCLE_TEST_APPLE_SEMANTICS=1`: this proves the
/// double of Apple's tokens (``CenterCalls``) is on in that run, and off in the other, for this suite's process.
@Suite("Apple's token semantics in this suite")
struct AppleSemanticsDoubleTests {
    @Test func theDoubleIsOnExactlyUnderItsVariable() {
        let asked = ProcessInfo.processInfo.environment["NOTIFICATION_LIFECYCLE_TEST_APPLE_SEMANTICS"] == "1"
        #expect(CenterCalls.tokensHoldTheirBlocks == asked)
        let center = NotificationCenter()
        let token = CenterCalls.addObserver(to: center, forName: Notification.Name("double"), object: nil, queue: nil) {
            _ in
        }
        defer { token.remove(from: center) }
        // A token holds its block (`held`) under Apple's semantics only.
        let held = Mirror(reflecting: token).descendant("held").map { Mirror(reflecting: $0).children.count }
        #expect(held == (asked ? 1 : 0))
    }
}
