import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("Observers and senders are held weakly")
struct WeakReferenceTests {
    let center = NotificationCenter()

    @Test func senderFilterDeliversOnlyThatSendersPosts() {
        let sender = Sender()
        let other = Sender()
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in calls.record(1) }
        info.startListening()
        center.post(name: .ping, object: other)
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: sender)
        #expect(calls.count == 1)
        #expect(info.object === sender)
        #expect(info.filtersBySender)
        info.stopListening()
    }

    @Test func infoDoesNotKeepItsSenderAlive() {
        var sender: Sender? = Sender()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in }
        info.startListening()
        weak let probe = sender
        sender = nil
        #expect(isGone(probe))
        #expect(info.object == nil)
    }

    @Test func releasedSenderNeverWidensToAnySender() {
        var sender: Sender? = Sender()
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in calls.record(1) }
        info.startListening()
        sender = nil

        // New objects, some of which may be allocated at the freed sender's address, and no sender at all.
        let (_, diagnostics) = capturingDiagnostics {
            for _ in 0..<64 {
                let newcomer = Sender()
                center.post(name: .ping, object: newcomer)
            }
            center.post(name: .ping, object: nil)
            #expect(!info.isListening)
            #expect(!info.isListening)
        }
        #expect(calls.count == 0)
        #expect(diagnostics.map(\.rule) == [.senderReleased])
    }

    @Test func startingWithAReleasedSenderReportsAndDoesNotListen() {
        var sender: Sender? = Sender()
        let info = NotificationInfo(name: .ping, object: sender, center: center) { _ in }
        sender = nil
        let (_, diagnostics) = capturingDiagnostics { info.startListening() }
        #expect(!info.isListening)
        #expect(diagnostics.map(\.rule) == [.senderReleased])
        #expect(diagnostics.first?.message.contains("will not widen to any sender") == true)
    }

    @Test func releasedObserverIsNeverCalledAndItsRegistrationIsDropped() {
        var observer: SelectorObserver? = SelectorObserver()
        let recorder = observer!.recorder
        let info = NotificationInfo(observer: observer!, selector: "didPing:", name: .ping, center: center)
        info.startListening()
        weak let probe = observer
        observer = nil
        #expect(isGone(probe))
        #expect(info.observer == nil)

        let (_, diagnostics) = capturingDiagnostics { center.post(name: .ping, object: nil) }
        #expect(recorder.count == 0)
        #expect(!info.isListening)
        #expect(diagnostics.map(\.rule) == [.observerReleased])

        // One cause, one report: starting again does not listen and is not reported again.
        let (_, restart) = capturingDiagnostics { info.startListening() }
        #expect(!info.isListening)
        #expect(restart.isEmpty)
    }

    @Test func infoDoesNotKeepItsObserverAlive() {
        var observer: SelectorObserver? = SelectorObserver()
        let info = NotificationInfo(observer: observer!, selector: "didPing:", name: .ping, center: center)
        info.startListening()
        weak let probe = observer
        observer = nil
        #expect(isGone(probe))
        info.stopListening()
    }
}
