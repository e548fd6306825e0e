import Foundation
import NotificationLifecycle
import Testing

@Suite("README: the problem, and listening around a save")
@MainActor
struct ReadmeProblemTests {
    let center = NotificationCenter()

    /// Drives both inboxes through the same steps: they hear the same posts.
    @Test func handWrittenAndPackageInboxesBehaveAlike() {
        let hand = HandWrittenInbox(center: center)
        let inbox = Inbox(notificationCenter: center)
        center.post(name: .messagesDidArrive, object: nil)  // not appeared: not heard
        hand.appear()
        inbox.appear()
        hand.appear()  // a second appear() registers nothing more, in both
        inbox.appear()
        center.post(name: .messagesDidArrive, object: nil)
        hand.disappear()
        inbox.disappear()
        center.post(name: .messagesDidArrive, object: nil)
        center.post(name: .accountDidSignOut, object: nil)
        #expect(hand.reloads == 1)
        #expect(inbox.reloads == 1)
        #expect(hand.isSignedOut)
        #expect(inbox.isSignedOut)
    }

    @Test func quickStartReloadsOnceWhileAppeared() {
        // README: "Quick start", verbatim.
        let center = NotificationCenter()
        let inbox = Inbox(notificationCenter: center)
        inbox.appear()
        center.post(name: .messagesDidArrive, object: nil)
        inbox.disappear()
        center.post(name: .messagesDidArrive, object: nil)
        // End of the README snippet.
        #expect(inbox.reloads == 1)
    }

    @Test func selectorControllerListensForItsLifetime() {
        let session = SessionController(notificationCenter: center)
        let infos = session.notificationEngine.infos
        #expect(infos.map(\.selector) == ["accountDidSignOut:"])
        #expect(infos.map(\.lifespan) == [.lifetime])
        #expect(infos.map(\.isListening) == [true])
    }

    @Test func packageInboxLeavesNothingBehind() {
        var inbox: Inbox? = Inbox(notificationCenter: center)
        inbox?.appear()
        let infos = inbox?.notificationEngine.infos ?? []
        weak let probe = inbox
        inbox = nil
        #expect(isGone(probe))
        #expect(infos.count == 2)
        #expect(infos.allSatisfy { !$0.isListening })
    }

    @Test func saveSnippetHearsItsSaveAndStops() throws {
        let store = NoteStore(center: center)
        let heard = Recorder<Int>()
        let count = NotificationInfo(name: .storeDidSave, object: store, center: center) { _ in heard.record(1) }
        count.startListening()
        let before = readmeSnippetPrinted.count
        let didSave = try saveListeningOnce(store, center: center)
        #expect(!didSave.isListening)
        #expect(heard.count == 1)
        #expect(readmeSnippetPrinted.events.dropFirst(before).contains("saved: [1, 2]"))
        #expect(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(count)])
    }

    @Test func saveSnippetStopsWhenTheSaveThrows() {
        let store = NoteStore(center: center, fails: true)
        var info: NotificationInfo?
        #expect(throws: NoteStore.SaveFailed.self) { info = try saveListeningOnce(store, center: center) }
        #expect(info == nil)
        // The info the snippet made stopped when the save threw: nothing listens on the center.
        #expect(settles { RegistrationLedger.listeningInfos(on: center).isEmpty })
    }
}
