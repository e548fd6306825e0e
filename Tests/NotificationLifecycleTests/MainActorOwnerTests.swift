import Foundation
import NotificationLifecycle
import Testing

/// The README's UIKit view controller and SwiftUI-style model, driven as UIKit and SwiftUI drive them: on the main
/// actor, against stand-ins declared as Apple declares them.
@Suite("Main-actor owners", .serialized)  // two tests post on the default center, as the README does
@MainActor
struct MainActorOwnerTests {
    /// The README's view controller uses the default center; it posts a name only this test posts.
    @Test func viewControllerCompilesAsWrittenAndListensWhileVisible() {
        var screen: ProfileViewController? = ProfileViewController()
        screen?.viewDidLoad()
        NotificationCenter.default.post(name: .profileDidChange, object: nil)  // loaded, not visible: not heard
        screen?.viewWillAppear(true)
        NotificationCenter.default.post(name: .profileDidChange, object: nil)  // visible: heard, on the main actor
        screen?.viewDidDisappear(true)
        NotificationCenter.default.post(name: .profileDidChange, object: nil)  // gone from screen: not heard
        #expect(screen?.reloads == 1)

        screen?.viewWillAppear(true)
        let infos = screen?.notificationEngine.infos ?? []
        weak let probe = screen
        screen = nil
        #expect(probe == nil)
        #expect(!infos.isEmpty)
        #expect(infos.allSatisfy { !$0.isListening })
    }

    @Test func viewControllerHandlerPostedFromAnotherThreadRunsOnTheMainActor() async {
        let screen = ProfileViewController()
        screen.viewDidLoad()
        screen.viewWillAppear(true)
        await Task.detached {
            NotificationCenter.default.post(name: .profileDidChange, object: nil)
        }.value
        // A post from another thread schedules the handler on the main actor; give it turns until it has run.
        for _ in 0..<1_000 where screen.reloads == 0 {
            await Task.yield()
        }
        #expect(screen.reloads == 1)
        screen.viewDidDisappear(true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func swiftUIModelListensBetweenOnAppearAndOnDisappear() {
        let center = NotificationCenter()
        let model = InboxModel(notificationCenter: center)
        let view = InboxView(model: model)
        center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 2])
        view.onAppear()
        center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 3])
        view.onDisappear()
        center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 4])
        #expect(model.unread == 3)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func modelIsReleasedWithItsListeners() {
        let center = NotificationCenter()
        var model: InboxModel? = InboxModel(notificationCenter: center)
        model?.appear()
        let infos = model?.notificationEngine.infos ?? []
        weak let probe = model
        model = nil
        #expect(probe == nil)
        #expect(infos.count == 1)
        #expect(infos.allSatisfy { !$0.isListening })
    }
}
