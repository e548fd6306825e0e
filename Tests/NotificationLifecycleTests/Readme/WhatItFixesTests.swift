import Foundation
import NotificationLifecycle
import Testing

/// Checks each row of the README's "What it fixes" table on this toolchain: what hand-written Foundation code does,
/// next to what an info does.
@Suite("README: what it fixes")
@MainActor
struct WhatItFixesTests {
    let center = NotificationCenter()

    /// A thread-safe counter for Foundation's `@Sendable` blocks.
    final class Counter: @unchecked Sendable {
        // Safe: `value` is only touched while `lock` is held.
        private let lock = NSLock()
        private var storage = 0

        func increment() { lock.withLock { storage += 1 } }
        var value: Int { lock.withLock { storage } }
    }

    /// Registers its block in `viewWillAppear`, as hand-written code does, and keeps the last token.
    final class HandWrittenScreen {
        let reloads = Counter()
        var token: (any NSObjectProtocol)?

        func viewWillAppear(center: NotificationCenter) {
            let reloads = reloads
            token = center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) { _ in
                reloads.increment()
            }
        }

        func viewDidDisappear(center: NotificationCenter) {
            if let token { center.removeObserver(token) }
            token = nil
        }
    }

    @Test func doubleRegistration_handWrittenRunsTwice_infoRunsOnce() {
        let screen = HandWrittenScreen()
        screen.viewWillAppear(center: center)
        screen.viewWillAppear(center: center)  // appeared twice without disappearing in between
        center.post(name: .messagesDidArrive, object: nil)
        #expect(screen.reloads.value == 2)
        // The first token was overwritten: that registration can no longer be removed.
        screen.viewDidDisappear(center: center)
        center.post(name: .messagesDidArrive, object: nil)
        #expect(screen.reloads.value == 3)

        let reloads = Counter()
        let info = NotificationInfo(name: .messagesDidArrive, center: center) { _ in reloads.increment() }
        info.startListening()
        info.startListening()
        center.post(name: .messagesDidArrive, object: nil)
        info.stopListening()
        center.post(name: .messagesDidArrive, object: nil)
        #expect(reloads.value == 1)

        // The same listener declared a second time is refused and reported.
        let inbox = InboxController(notificationCenter: center)
        let rules = reportedRules {
            inbox.addLifetimeNotificationInfo(forName: .accountDidSignOut, selector: "accountDidSignOut:")
        }
        #expect(rules == [.duplicateRegistration])
        #expect(inbox.notificationEngine.infos.count == 2)
    }

    /// Something a handler captures.
    final class Payload: Sendable {}

    @Test func leakedBlockObserver_droppedTokenKeepsCallingAndCapturing_releasedInfoStopsAndLetsGo() {
        let calls = Counter()
        var payload: Payload? = Payload()
        weak let handWrittenProbe = payload
        if let captured = payload {
            // The token is dropped: this registration can never be removed.
            _ = center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) { _ in
                _ = captured
                calls.increment()
            }
        }
        payload = nil
        center.post(name: .messagesDidArrive, object: nil)
        #expect(calls.value == 1)
        #expect(handWrittenProbe != nil)  // kept alive by the leaked block

        let infoCalls = Counter()
        var infoPayload: Payload? = Payload()
        weak let infoProbe = infoPayload
        var info: NotificationInfo? = infoPayload.map { captured in
            NotificationInfo(name: .messagesDidArrive, center: center) { _ in
                _ = captured
                infoCalls.increment()
            }
        }
        info?.startListening()
        infoPayload = nil
        info = nil
        center.post(name: .messagesDidArrive, object: nil)
        #expect(infoCalls.value == 0)
        #expect(isGone(infoProbe))  // the released info removed its registration and let its closure go
    }

    @Test func removeObserverSelf_removesNothingOnThisToolchain_infoRemovesItsOwnToken() {
        let screen = HandWrittenScreen()
        screen.viewWillAppear(center: center)
        center.removeObserver(screen)  // the "nuclear" unregister of Objective-C code
        center.post(name: .messagesDidArrive, object: nil)
        #expect(screen.reloads.value == 1)  // still registered: only tokens are removed

        let other = Counter()
        let otherToken = center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) { _ in
            other.increment()
        }
        let inbox = InboxController(notificationCenter: center)
        inbox.appear()
        inbox.disappear()
        center.post(name: .messagesDidArrive, object: nil)
        #expect(inbox.reloads == 0)
        #expect(other.value == 1)  // someone else's registration was left alone
        center.removeObserver(otherToken)
        screen.viewDidDisappear(center: center)
    }

    @Test func deliveryAfterStop_linuxFoundationCallsARemovedObserverInTheSamePost_infoNeverDoes() {
        // Two hand-written observers; whichever runs first removes the other (Foundation's order is hash order).
        let calls = Counter()
        let tokens = LockedTokens()
        for _ in 0..<2 {
            tokens.append(
                center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) { _ in
                    calls.increment()
                    tokens.removeAll(from: self.center)
                }
            )
        }
        center.post(name: .messagesDidArrive, object: nil)
        #if canImport(Darwin)
        // Apple's center is reported to skip an observer removed earlier in the same post.
        #expect(calls.value == 1)
        #else
        // Linux's center copies the observers before it calls them: the removed one is still called in that post.
        #expect(calls.value == 2)
        #endif

        let infoCalls = Counter()
        let infos = LockedInfos()
        for _ in 0..<2 {
            infos.append(
                NotificationInfo(name: .messagesDidArrive, center: center) { _ in
                    infoCalls.increment()
                    infos.stopAll()
                }
            )
        }
        infos.startAll()
        center.post(name: .messagesDidArrive, object: nil)
        #expect(infoCalls.value == 1)  // the stopped info was not called
        infos.removeAll()  // the handlers hold `infos`: break that cycle
    }

    /// Tokens shared with the blocks that remove them.
    final class LockedTokens: @unchecked Sendable {
        // Safe: `tokens` is only touched while `lock` is held; removal happens after taking them out.
        private let lock = NSLock()
        private var tokens: [any NSObjectProtocol] = []

        func append(_ token: any NSObjectProtocol) { lock.withLock { tokens.append(token) } }

        func removeAll(from center: NotificationCenter) {
            let taken = lock.withLock {
                defer { tokens.removeAll() }
                return tokens
            }
            for token in taken { center.removeObserver(token) }
        }
    }

    /// Infos shared with the handlers that stop them.
    final class LockedInfos: @unchecked Sendable {
        // Safe: `infos` is only touched while `lock` is held; starting and stopping happen outside it.
        private let lock = NSLock()
        private var infos: [NotificationInfo] = []

        func append(_ info: NotificationInfo) { lock.withLock { infos.append(info) } }
        func startAll() { for info in lock.withLock({ infos }) { info.startListening() } }
        func stopAll() { for info in lock.withLock({ infos }) { info.stopListening() } }
        func removeAll() { lock.withLock { infos.removeAll() } }
    }
}
