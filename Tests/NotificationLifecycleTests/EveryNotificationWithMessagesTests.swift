import Foundation
import Testing

@testable import NotificationLifecycle

/// On Linux, posting a typed message on a center with a `name: nil` observer crashes the process. These tests set
/// up exactly that combination and must therefore never post a typed message. The combination is reported there
/// only; on Apple platforms a typed message is posted as a notification, which such an observer hears safely.
@Suite("name: nil next to typed messages")
@MainActor
struct EveryNotificationWithMessagesTests {
    let center = NotificationCenter()

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func everyNotificationInfoAddedAfterAMessageInfoIsReported() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Synced.self) { _, _ in }
        let diagnostics = capturingDiagnostics {
            controller.notificationEngine.add(NotificationInfo(name: nil, center: center) { _ in })
        }.diagnostics
        #expect(diagnostics.map(\.rule) == everyNotificationReports(2))
        guard let message = diagnostics.last?.message else { return }
        #expect(message.contains("<every notification>"))
        #expect(message.contains("asyncMessage: NotificationLifecycleTests.Synced"))
        #expect(message.contains("Give the info a name"))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageInfoAddedAfterAnEveryNotificationInfoIsReported() {
        let controller = ScriptedController(notificationCenter: center)
        _ = reportedRules { controller.notificationEngine.add(NotificationInfo(name: nil, center: center) { _ in }) }
        let rules = reportedRules {
            controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { _, _ in }
        }
        #expect(rules == everyNotificationReports())
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infosDeclaredTogetherInPopulateAreReported() {
        final class MixedController: ControllerBase {
            override func populateNotificationInfos() {
                super.populateNotificationInfos()
                addMessageInfo(for: Ticked.self) { _, _ in }
                notificationEngine.add(NotificationInfo(name: nil, center: notificationEngine.center) { _ in })
            }
        }
        let rules = reportedRules { _ = MixedController(notificationCenter: center) }
        #expect(rules == everyNotificationReports(2))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageSequenceNextToAnEveryNotificationInfoIsReported() {
        let controller = ScriptedController(notificationCenter: center)
        _ = reportedRules { controller.notificationEngine.add(NotificationInfo(name: nil, center: center) { _ in }) }
        let rules = reportedRules {
            _ = controller.notificationEngine.messages(for: Synced.self, during: .lifetime, buffering: .unbounded)
        }
        #expect(rules == everyNotificationReports())
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func everyNotificationInfoOnAnotherCenterIsRefusedForItsCenterNotForTheMessages() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Synced.self) { _, _ in }
        let rules = reportedRules {
            controller.notificationEngine.add(NotificationInfo(name: nil, center: NotificationCenter()) { _ in })
        }
        // Made with name nil (reported), then refused for its center: no message conflict on this center.
        #expect(rules == everyNotificationReports() + [.centerMismatch])
        #expect(controller.notificationEngine.infos.count == 1)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func namedNotificationInfosNextToMessagesAreNotReported() {
        let controller = ScriptedController(notificationCenter: center)
        let rules = reportedRules {
            controller.addMessageInfo(for: Synced.self) { _, _ in }
            controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in }
            controller.addMessageInfo(for: Ticked.self) { _, _ in }
        }
        #expect(rules.isEmpty)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func removedEveryNotificationInfoIsNotReportedAgain() {
        let controller = ScriptedController(notificationCenter: center)
        let everything = reportedRules {
            let info = NotificationInfo(name: nil, center: center) { _ in }
            controller.notificationEngine.add(info)
            controller.notificationEngine.remove(info)
        }
        #expect(everything == everyNotificationReports())
        let rules = reportedRules {
            controller.addMessageInfo(for: Synced.self) { _, _ in }
        }
        #expect(rules.isEmpty)
    }

    @Test func engineNeverRegistersForEveryNotificationItself() {
        // Every shorthand and sequence takes a non-optional name; only an info made with name nil listens to all.
        let controller = ScriptedController(notificationCenter: center)
        controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in }
        _ = controller.notificationEngine.notifications(named: .pong, during: .lifetime, buffering: .unbounded)
        #expect(RegistrationLedger.infos(on: center).allSatisfy { $0.name != nil })
    }
}
