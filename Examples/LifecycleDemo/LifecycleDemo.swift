import ExampleSupport
import Foundation
import NotificationLifecycle

/// A narrated walk through one `ControllerBase` subclass: created, appears, composes, disappears, appears again and
/// is released, while the same notifications are posted at every step.
@main
enum LifecycleDemo {
    static let center = NotificationCenter.default
    static let everyName: [Notification.Name] = [
        .memoryWarning, .settingsDidChange, .messagesDidArrive, .themeDidChange, .draftDidAutosave,
    ]

    static func main() {
        NotificationDiagnostic.installHandler { diagnostic in
            print("  report: \(diagnostic)")
        }

        print("LifecycleDemo: an InboxController (a ControllerBase subclass) from creation to release.")
        print("Every step posts the same five notifications, then shows the handlers that ran and the")
        print("controller's registration table.")

        let log = HandlerLog()
        let draftEditor = DraftEditor()
        var inbox: InboxController? = InboxController(log: log, draftEditor: draftEditor)
        step(1, "Created: init ran populateNotificationInfos() once and started the lifetime infos.")
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(2, "Appears: appear() starts the visible infos.")
        inbox?.appear()
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(3, "The user writes a reply: startComposing() starts the custom lifespan \"composing\".")
        inbox?.startComposing()
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(4, "The reply is sent: stopComposing() stops only the composing infos.")
        inbox?.stopComposing()
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(5, "Disappears: disappear() stops the visible infos; the lifetime ones keep listening.")
        inbox?.disappear()
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(6, "Appears again: the same visible infos start again; nothing is declared twice.")
        inbox?.appear()
        report(inbox?.notificationEngine.infos ?? [], log: log, sender: draftEditor)

        step(7, "Adding the same listener again is refused and reported, so a post still runs it once.")
        inbox?.addLifetimeNotificationInfo(forName: .settingsDidChange, selector: "settingsDidChange:")
        center.post(name: .settingsDidChange, object: nil)
        print("  posted: settingsDidChange")
        printHandlers(log.takeEntries())
        print("  infos: \(inbox?.notificationEngine.infos.count ?? 0) (still five)")

        step(8, "Released: deinit stops every info it registered and touches no other registration.")
        let infos = inbox?.notificationEngine.infos ?? []
        weak let released = inbox
        inbox = nil
        print("  controller deinitialised: \(released == nil ? "yes" : "no")")
        report(infos, log: log, sender: draftEditor)
        let listening = infos.filter(\.isListening).count
        print("  registrations left on the center by this controller: \(listening)")

        print("")
        print("Done: lifetime infos listened from init to release, visible ones between appear() and disappear(),")
        print("the composing one only between startComposing() and stopComposing().")
    }

    private static func step(_ number: Int, _ title: String) {
        print("")
        print("Step \(number). \(title)")
    }

    /// Posts every notification, then prints the handlers that ran and the registration table.
    private static func report(_ infos: [NotificationInfo], log: HandlerLog, sender: DraftEditor) {
        for name in everyName {
            center.post(name: name, object: name == .draftDidAutosave ? sender : nil)
        }
        print("  posted: \(everyName.map(\.rawValue).joined(separator: ", "))")
        printHandlers(log.takeEntries())
        print("  registrations:")
        for line in RegistrationTable.lines(for: infos) {
            print("    \(line)")
        }
    }

    private static func printHandlers(_ handlers: [String]) {
        if handlers.isEmpty {
            print("  handlers that ran: none")
        } else {
            print("  handlers that ran:")
            for handler in handlers {
                print("    \(handler)")
            }
        }
    }
}
