import ExampleSupport
import Foundation
import NotificationLifecycle

/// Drives a `SyncEngine` with simulated app events and shows which of its listeners answer each one.
@main
@MainActor
enum SyncServiceExample {
    static let center = NotificationCenter.default

    static func main() {
        print("SyncService: a long-lived SyncEngine (a ControllerBase subclass) driven by simulated app events.")
        let uploader = Uploader(failingOnceFor: ["c"])
        var engine: SyncEngine? = SyncEngine(uploader: uploader)

        print("")
        print("The app launches; the engine is made (lifetime listeners start at the end of init):")
        printTable(engine?.notificationEngine.infos ?? [])

        post(.appWillEnterForeground, engine)
        post(.recordDidChangeLocally, engine, ["id": "a", "title": "Groceries"])
        post(.recordDidChangeLocally, engine, ["id": "b", "title": "Trip"])
        post(.recordDidChangeLocally, engine, ["id": "c", "title": "Budget"])
        post(.networkDidBecomeReachable, engine)
        print("")
        print("A result that arrives after the sync ended is not heard: the syncing listeners stopped with it.")
        post(.uploadDidFinish, engine, ["id": "c"], from: uploader)
        post(.memoryPressure, engine)
        post(.appDidEnterBackground, engine)
        print("")
        print("In the background the visible listeners are off: no sync starts, but lifetime ones still listen.")
        printTable(engine?.notificationEngine.infos ?? [])
        post(.networkDidBecomeReachable, engine)
        post(.recordDidChangeLocally, engine, ["id": "d", "title": "Recipes"])
        post(.appWillEnterForeground, engine)
        post(.syncTimerDidFire, engine)

        print("")
        print("The engine is released (the user signs out): every listener stops.")
        let infos = engine?.notificationEngine.infos ?? []
        weak let released = engine
        engine = nil
        print("  engine deinitialised: \(released == nil ? "yes" : "no")")
        printTable(infos)
        let names: [Notification.Name] = [.appWillEnterForeground, .memoryPressure, .syncTimerDidFire]
        for name in names {
            center.post(name: name, object: nil)
        }
        print("  posted \(names.map(\.rawValue).joined(separator: ", ")): no handler printed a line")
        print("  still listening: \(infos.filter(\.isListening).count)")
    }

    /// Posts one app event and says how many of the engine's handlers ran.
    private static func post(
        _ name: Notification.Name,
        _ engine: SyncEngine?,
        _ userInfo: [String: String]? = nil,
        from sender: AnyObject? = nil
    ) {
        let before = engine?.handlerCalls ?? 0
        let details = (userInfo ?? [:]).sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        print("event: \(name.rawValue)\(details)")
        center.post(name: name, object: sender, userInfo: userInfo)
        if engine?.handlerCalls == before {
            print("    (no handler ran)")
        }
    }

    private static func printTable(_ infos: [NotificationInfo]) {
        for line in RegistrationTable.lines(for: infos) {
            print("      \(line)")
        }
    }
}
