import Foundation
import NotificationLifecycle
import Testing

/// Runs the README's code: each test names the README section whose snippet it runs, verbatim where marked.
@Suite("README snippets")
@MainActor
struct ReadmeSnippetTests {
    let center = NotificationCenter()

    @Test func quickStartListensByLifespan() {
        // README: "Quick start" (using the controller)
        let center = NotificationCenter()
        let inbox = InboxController(notificationCenter: center)
        inbox.appear()
        center.post(name: .messagesDidArrive, object: nil)
        inbox.disappear()
        center.post(name: .messagesDidArrive, object: nil)
        // End of the README snippet.
        #expect(inbox.reloads == 1)
        center.post(name: .accountDidSignOut, object: nil)
        #expect(inbox.isSignedOut)
    }

    @Test func quickStartControllerStopsEverythingWhenReleased() {
        var inbox: InboxController? = InboxController(notificationCenter: center)
        inbox?.appear()
        let infos = inbox?.notificationEngine.infos ?? []
        #expect(infos.map(\.isListening) == [true, true])
        weak let probe = inbox
        inbox = nil
        #expect(isGone(probe))
        #expect(infos.map(\.isListening) == [false, false])
    }

    @Test func customLifespanListensOnlyBetweenStartAndStop() {
        let reply = ReplyController(notificationCenter: center)
        center.post(name: .draftDidAutosave, object: nil)
        reply.startComposing()
        center.post(name: .draftDidAutosave, object: nil)
        reply.appear()
        reply.disappear()  // visible and custom lifespans are independent
        center.post(name: .draftDidAutosave, object: nil)
        reply.stopComposing()
        center.post(name: .draftDidAutosave, object: nil)
        #expect(reply.autosaves == 2)
    }

    @Test func selectorNamesCallTheNamedMethodsAndOverrides() {
        let compose = ComposeController(notificationCenter: center)
        compose.appear()
        center.post(name: .keyboardWillShow, object: nil, userInfo: ["height": 291.0])
        #expect(compose.bottomInset == 291)
        #expect(compose.keyboardShows == 1)  // the subclass's override is the one called
        center.post(name: .keyboardWillHide, object: nil)
        #expect(compose.bottomInset == 0)
        #expect(
            compose.notificationEngine.infos.map(\.selector) == ["keyboardWillShow:", "keyboardWillHide"]
        )
    }

}
