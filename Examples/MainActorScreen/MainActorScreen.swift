import Foundation
import NotificationLifecycle

/// A `@MainActor` screen model whose notification handlers update main-actor state, for posts made on the main
/// thread and from background threads alike.
@main
enum MainActorScreen {
    static func main() async {
        await run()
    }

    @MainActor
    static func run() async {
        let center = NotificationCenter.default
        print("MainActorScreen: a @MainActor InboxScreenModel (a ControllerBase subclass).")

        var model: InboxScreenModel? = InboxScreenModel()
        print("")
        print("1. Created: \(model?.summary ?? "")")

        center.post(name: .accountDidChange, object: nil, userInfo: ["name": "ada@example.com"])
        print("2. accountDidChange posted on the main thread (lifetime, onMainActor selector entry)")
        print("   right after the post: \(model?.summary ?? "")")

        model?.appear()
        center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 3])
        print("3. Appeared; messagesDidArrive posted on the main thread (visible, @MainActor closure)")
        print("   right after the post, the handler has run: \(model?.summary ?? "")")

        print("4. connectivityDidChange and messagesDidArrive posted from a background thread")
        await Task.detached {
            center.post(name: .connectivityDidChange, object: nil, userInfo: ["online": false])
            center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 2])
        }.value
        // Background posts schedule the handlers on the main actor; give it turns until they have run.
        for _ in 0..<1_000 where model?.unreadCount != 5 {
            await Task.yield()
        }
        print("   once the main actor ran them: \(model?.summary ?? "")")

        model?.disappear()
        center.post(name: .messagesDidArrive, object: nil, userInfo: ["count": 10])
        print("5. Disappeared; messagesDidArrive posted: nothing changes")
        print("   \(model?.summary ?? "")")

        let infos = model?.notificationEngine.infos ?? []
        model = nil
        print("6. Released: infos still listening: \(infos.filter(\.isListening).count)")
    }
}
