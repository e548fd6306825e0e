import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("Selector names")
@MainActor
struct SelectorTests {
    let center = NotificationCenter()

    @Test func selectorWithColonReceivesTheNotification() {
        let observer = SelectorObserver()
        let info = NotificationInfo(observer: observer, selector: "didPing:", name: .ping, center: center)
        info.startListening()
        center.post(name: .ping, object: nil)
        #expect(observer.recorder.events == ["base.didPing \(Notification.Name.ping.rawValue)"])
        #expect(info.selector == "didPing:")
        info.stopListening()
    }

    @Test func selectorWithoutColonCallsAMethodWithoutArguments() {
        let observer = SelectorObserver()
        let info = NotificationInfo(observer: observer, selector: "reset", name: .ping, center: center)
        info.startListening()
        center.post(name: .ping, object: nil)
        #expect(observer.recorder.events == ["base.reset"])
        info.stopListening()
    }

    @Test func subclassAddsNamesAndItsOverrideIsCalled() {
        let observer = DerivedSelectorObserver()
        let ping = NotificationInfo(observer: observer, selector: "didPing:", name: .ping, center: center)
        let pong = NotificationInfo(observer: observer, selector: "didPong:", name: .pong, center: center)
        let reset = NotificationInfo(observer: observer, selector: "reset", name: .save, center: center)
        for info in [ping, pong, reset] { info.startListening() }
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        center.post(name: .save, object: nil)
        #expect(observer.recorder.events == ["derived.didPing", "derived.didPong", "base.reset"])
        for info in [ping, pong, reset] { info.stopListening() }
    }

    @Test func unknownSelectorIsReportedWhenMadeWithTheNamesAnswered() {
        let observer = SelectorObserver()
        let (info, diagnostics) = capturingDiagnostics {
            NotificationInfo(observer: observer, selector: "didPong:", name: .pong, center: center)
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("\"didPong:\""))
        #expect(message.contains("SelectorObserver"))
        #expect(message.contains("\"didPing:\", \"reset\""))

        // Reported once, when made: starting it changes nothing and says nothing more.
        let (_, atStart) = capturingDiagnostics { info.startListening() }
        #expect(!info.isListening)
        #expect(atStart.isEmpty)
    }

    /// A typo of a name the table answers is told the near name, not to bind the typo.
    @Test(arguments: ["didPnig:", "didPin:", "didPingg:", "dodPing:"])
    func aSelectorTypoSuggestsTheNearName(_ typo: String) {
        let (_, diagnostics) = capturingDiagnostics {
            NotificationInfo(observer: SelectorObserver(), selector: typo, name: .ping, center: center)
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
        #expect(diagnostics.first?.message.contains("Did you mean \"didPing:\"?") == true)
    }

    @Test func aNameFarFromEveryAnsweredOneSuggestsNothing() {
        let (_, diagnostics) = capturingDiagnostics {
            NotificationInfo(observer: SelectorObserver(), selector: "refresh:", name: .ping, center: center)
        }
        #expect(diagnostics.first?.message.contains("Did you mean") == false)
    }

    @Test func superclassObserverDoesNotAnswerSubclassNames() {
        let (_, diagnostics) = capturingDiagnostics {
            _ = NotificationInfo(observer: SelectorObserver(), selector: "didPong:", name: .pong, center: center)
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
    }

    @Test func colonMismatchIsReportedAndTheEntryLeftOut() {
        final class Observer {
            func handle(_ notification: Notification) {}
            func refresh() {}
        }
        let (table, diagnostics) = capturingDiagnostics {
            NotificationSelectorTable()
                .adding("handle", Observer.handle)
                .adding("refresh:", Observer.refresh)
                .adding("two:colons:", Observer.handle)
                .adding("", Observer.refresh)
                .adding("handle:", Observer.handle)
        }
        #expect(diagnostics.map(\.rule) == Array(repeating: .unknownSelector, count: 4))
        #expect(diagnostics[0].message.contains("name it \"handle:\""))
        #expect(table.selectors == ["handle:"])
    }

    @Test func laterEntryReplacesEarlierOne() {
        final class Observer {
            let recorder = Recorder<String>()
            func first() { recorder.record("first") }
            func second() { recorder.record("second") }
        }
        let table = NotificationSelectorTable()
            .adding("go", Observer.first)
            .adding("go", Observer.second)
        #expect(table.selectors == ["go"])

        // The entry left for "go" calls the later method.
        let observer = Observer()
        guard case .observer(let invoke) = table.entries["go"]?.handler else {
            Issue.record("Expected \"go\" to be bound to a method")
            return
        }
        invoke(observer, Notification(name: .ping))
        #expect(observer.recorder.events == ["second"])
    }

    @Test func selectorTableIsReadOncePerClass() {
        let before = CountingObserver.tableReads.withLock { $0 }
        for _ in 0..<10 {
            _ = NotificationInfo(observer: CountingObserver(), selector: "tick", name: .ping, center: center)
        }
        #expect(CountingObserver.tableReads.withLock { $0 } - before <= 1)
    }
}

private final class CountingObserver: NotificationSelectorResponder, Sendable {
    static let tableReads = LockedValueBox(0)

    static var notificationSelectors: NotificationSelectorTable {
        tableReads.withLock { $0 += 1 }
        return NotificationSelectorTable().adding("tick", CountingObserver.tick)
    }

    func tick() {}
}
