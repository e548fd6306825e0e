import Foundation
import NotificationLifecycle
import Testing

/// Triggers each rule of the article "Diagnostics" as the article says it fires, and checks where it points.
@Suite("DocC: diagnostics")
@MainActor
struct DiagnosticsArticleTests {
    let center = NotificationCenter()

    @Test func duplicateRegistration() {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        engine.add(info)
        #expect(reportedRules { engine.add(info) } == [.duplicateRegistration])
        // How often: a loop of 200 adds from one line prints three reports.
        let another = NotificationInfo(name: .pong, center: center) { _ in }
        #expect(reportedRules { for _ in 0..<200 { engine.add(another) } }.count == 3)
    }

    @Test func unknownSelectorWhenDeclaredNotWhenStarted() {
        let observer = SelectorObserver()
        let (info, diagnostics) = capturingDiagnostics {
            NotificationInfo(observer: observer, selector: "didPong:", name: .ping, center: center)
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
        #expect(diagnostics.first?.message.contains("\"didPing:\", \"reset\"") == true)
        #expect(reportedRules { info.startListening() }.isEmpty)
        #expect(!info.isListening)
    }

    @Test func unknownSelectorWhenTheTableBindsAMethodOfAnotherClass() {
        let (_, diagnostics) = capturingDiagnostics {
            NotificationInfo(observer: BorrowingObserver(), selector: "didPing:", name: .ping, center: center)
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
        #expect(diagnostics.first?.message.contains("binds it to a method of") == true)
    }

    @Test func unknownSelectorForAMalformedTableEntry() {
        let rules = reportedRules {
            _ = NotificationSelectorTable().adding("did ping", SelectorObserver.reset)
            _ = NotificationSelectorTable().adding("reset:", SelectorObserver.reset)
        }
        #expect(rules == [.unknownSelector, .unknownSelector])
    }

    @Test func senderReleasedOnceAtTheCallThatStarted() {
        var sender: Sender? = Sender()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in }
        sender = nil
        let (_, diagnostics) = capturingDiagnostics { info.startListening() }
        #expect(diagnostics.map(\.rule) == [.senderReleased])
        #expect(diagnostics.first?.line == #line - 2)
        #expect(reportedRules { info.startListening() }.isEmpty)
        #expect(!info.isListening)
    }

    @Test func senderReleasedWhileListening() {
        var sender: Sender? = Sender()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in }
        info.startListening()
        sender = nil
        // Foundation's filter no longer matches any post; the info finds out when it is next asked.
        var listening = true
        #expect(reportedRules { listening = info.isListening } == [.senderReleased])
        #expect(!listening)
        #expect(reportedRules { info.startListening() }.isEmpty)
    }

    @Test func senderReleasedWhileAnOwnedInfoListens() {
        let controller = ScriptedController(notificationCenter: center)
        var sender: Sender? = Sender()
        let info = controller.addLifetimeNotificationInfo(forName: .ping, object: sender) { _, _ in }
        sender = nil
        var listening = true
        #expect(reportedRules { listening = info.isListening } == [.senderReleased])
        #expect(!listening)
    }

    @Test func observerReleased() {
        var observer: SelectorObserver? = SelectorObserver()
        let info = NotificationInfo(observer: observer!, selector: "didPing:", name: .ping, center: center)
        observer = nil
        #expect(reportedRules { info.startListening() } == [.observerReleased])
    }

    @Test func observerReleasedWhileAnInfoNoEngineOwnsListens() {
        var observer: SelectorObserver? = SelectorObserver()
        let info = NotificationInfo(observer: observer!, selector: "didPing:", name: .ping, center: center)
        info.startListening()
        observer = nil
        var listening = true
        #expect(reportedRules { listening = info.isListening } == [.observerReleased])
        #expect(!listening)
    }

    @Test func superNotCalled() {
        #expect(reportedRules { _ = EmptyForgetfulController(notificationCenter: center) } == [.superNotCalled])
        #expect(reportedRules { _ = LateSuperController(notificationCenter: center) } == [.superNotCalled])
    }

    @Test func populateMisuse() {
        let controller = ScreenController(notificationCenter: center)
        // The base reports the call; the override's infos, added again, are refused as duplicates.
        let rules = reportedRules { controller.populateNotificationInfos() }
        #expect(rules == [.populateMisuse] + Array(repeating: .duplicateRegistration, count: 4))
        #expect(controller.notificationEngine.infos.count == 4)
        #expect(reportedRules { _ = EagerController(notificationCenter: center) }.contains(.populateMisuse))
    }

    @Test func foreignInfo() {
        let first = NotificationEngine(center: center)
        let second = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        first.add(info)
        #expect(reportedRules { second.add(info) } == [.foreignInfo])
        #expect(reportedRules { second.remove(info) } == [.foreignInfo])
        #expect(info.isListening)
    }

    @Test func centerMismatch() {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping) { _ in }  // registers with .default
        #expect(reportedRules { engine.add(info) } == [.centerMismatch])
        #expect(!info.isListening)
    }

    @Test func engineFinished() {
        let engine = NotificationEngine(center: center)
        engine.stopAll()
        let rules = reportedRules {
            engine.appear()
            engine.disappear()  // stopping: silent
            engine.add(NotificationInfo(name: .ping, center: center) { _ in })
            _ = engine.notifications(named: .ping, during: .lifetime, buffering: .unbounded)
        }
        #expect(rules == [.engineFinished, .engineFinished, .engineFinished])
    }

    @Test func everyNotification() {
        let rules = reportedRules { _ = NotificationInfo(name: nil, center: center) { _ in } }
        #expect(rules == everyNotificationReports())
    }

    @Test func emptyName() {
        let rules = reportedRules {
            _ = NotificationInfo(name: Notification.Name(""), center: center) { _ in }
            _ = NotificationInfo(name: .ping, lifespan: .custom(""), center: center) { _ in }
        }
        #expect(rules == [.emptyName, .emptyName])
    }

    @Test func lifetimeStop() {
        let engine = NotificationEngine(center: center)
        #expect(reportedRules { engine.stop(.lifetime) } == [.lifetimeStop])
        #expect(engine.isActive(.lifetime))
    }

    @Test func sequenceDroppedValuesOncePerSequence() {
        let engine = NotificationEngine(center: center)
        let (stream, diagnostics) = capturingDiagnostics {
            let stream = engine.notifications(named: .ping, during: .lifetime, buffering: .bufferingNewest(1))
            for _ in 0..<3 { center.post(name: .ping, object: nil) }
            return stream
        }
        #expect(diagnostics.map(\.rule) == [.sequenceDroppedValues])
        withExtendedLifetime(stream) {}
    }
}

/// Binds a name to a method of another class, which it is not.
private final class BorrowingObserver: NotificationSelectorResponder, Sendable {
    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("didPing:", SelectorObserver.didPing)
    }
}
