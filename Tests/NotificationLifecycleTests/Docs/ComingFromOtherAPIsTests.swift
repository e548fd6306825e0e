import Foundation
import NotificationLifecycle
import Testing

/// Runs the article "Coming from addObserver, Combine or async sequences": each idiom and this package's hear the
/// same posts.
@Suite("DocC: coming from other APIs")
@MainActor
struct ComingFromOtherAPIsTests {
    let center = NotificationCenter()

    @Test func handWrittenObserverAndDeclaredListenerHearTheSamePosts() {
        let handWritten = HandWrittenFeedScreen(center: center)
        let declared = DeclaredInbox(notificationCenter: center)
        center.post(name: .messagesDidArrive, object: nil)  // neither is on screen: not heard
        handWritten.viewWillAppear()
        declared.appear()
        center.post(name: .messagesDidArrive, object: nil)  // both heard
        center.post(name: .messagesDidArrive, object: nil)  // both heard
        handWritten.viewDidDisappear()
        declared.disappear()
        center.post(name: .messagesDidArrive, object: nil)  // neither
        #expect(handWritten.reloads == 2)
        #expect(declared.reloads == 2)
    }

    @Test func bothStopListeningWhenReleasedWhileVisible() {
        var handWritten: HandWrittenFeedScreen? = HandWrittenFeedScreen(center: center)
        var declared: DeclaredInbox? = DeclaredInbox(notificationCenter: center)
        handWritten?.viewWillAppear()
        declared?.appear()
        let infos = declared?.notificationEngine.infos ?? []
        weak let handWrittenProbe = handWritten
        weak let declaredProbe = declared
        handWritten = nil
        declared = nil
        #expect(isGone(handWrittenProbe))
        #expect(isGone(declaredProbe))
        #expect(infos.count == 1)
        #expect(infos.allSatisfy { !$0.isListening })
        center.post(name: .messagesDidArrive, object: nil)  // nothing left to call
    }

    @Test func addObserverRunTwiceRegistersTwiceWhereTheSameShorthandLineIsRefused() {
        let calls = Recorder<String>()
        let tokens = (0..<2).map { _ in
            center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) { _ in calls.record("block") }
        }
        let controller = ScriptedController(notificationCenter: center)
        let rules = reportedRules {
            for _ in 0..<2 {
                controller.addLifetimeNotificationInfo(forName: .messagesDidArrive) { _, _ in calls.record("info") }
            }
        }
        center.post(name: .messagesDidArrive, object: nil)
        #expect(calls.events.filter { $0 == "block" }.count == 2)
        #expect(calls.events.filter { $0 == "info" }.count == 1)
        #expect(rules == [.duplicateRegistration])
        for token in tokens { center.removeObserver(token) }
    }

    @Test func lifespanSequenceYieldsWhatWasPostedAndEndsWhenTheLifespanStops() async {
        // DocC snippet begins.
        let engine = NotificationEngine(center: center)
        engine.appear()
        let arrivals = engine.notifications(
            named: .messagesDidArrive,
            during: .visible,
            buffering: .unbounded
        )
        center.post(name: .messagesDidArrive, object: nil)
        center.post(name: .messagesDidArrive, object: nil)
        engine.disappear()
        var heard = 0
        for await _ in arrivals {  // ends at engine.disappear()
            heard += 1
        }
        // DocC snippet ends.
        #expect(heard == 2)
    }

    @Test func sequenceOfAnInactiveLifespanIsFinishedFromTheStart() async {
        let engine = NotificationEngine(center: center)
        let arrivals = engine.notifications(
            named: .messagesDidArrive,
            during: .visible,
            buffering: .unbounded
        )
        center.post(name: .messagesDidArrive, object: nil)
        var heard = 0
        for await _ in arrivals { heard += 1 }
        #expect(heard == 0)
    }
}
