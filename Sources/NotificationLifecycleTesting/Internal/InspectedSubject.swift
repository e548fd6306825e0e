import Foundation
import NotificationLifecycle

/// What an inspection looks at: a controller's infos and engine, or one standalone info.
struct InspectedSubject {
    /// `ScreenController`, or `the info NotificationInfo(name: …)`.
    let name: String
    let infos: [NotificationInfo]
    /// The engine whose lifespans explain why an info does not listen; `nil` for a standalone info.
    let engine: NotificationEngine?
    /// How the subject's own code reaches its lifecycle calls: `appear()` on a `ControllerBase`, through
    /// `notificationEngine.` on another owner (which has no `appear()` of its own).
    let lifecycleCallPrefix: String

    init(owner: some NotificationEngineOwner) {
        name = "\(type(of: owner))"
        infos = owner.notificationEngine.infos
        engine = owner.notificationEngine
        lifecycleCallPrefix = owner is ControllerBase ? "" : "notificationEngine."
    }

    init(info: NotificationInfo) {
        name = "the info \(info)"
        infos = [info]
        engine = nil
        lifecycleCallPrefix = ""
    }

    var isStandaloneInfo: Bool { engine == nil }

    /// The subject's registrations, then its table.
    func registrationsTable(_ registrations: [NotificationRegistration], marked: Set<Int> = []) -> String {
        let active = engine.map { engine in
            let names = engine.activeLifespans.map(\.description).sorted()
            return "; active lifespans: " + (names.isEmpty ? "none" : names.joined(separator: ", "))
        }
        return "Registrations of \(isStandaloneInfo ? "the info" : name) (\(registrations.count)\(active ?? "")):\n"
            + RegistrationTable.rows(registrations, of: infos, marked: marked)
    }
}
