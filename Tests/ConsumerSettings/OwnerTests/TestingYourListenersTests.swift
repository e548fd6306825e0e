// The testing article's owner blocks, compiled and run in each module setting by .ci/consumer-settings.sh.
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@testable import SETTINGTesting

/// The registrations `object` leaves on `center`.
func registrations(
    leftBy object: AnyObject,
    on center: NotificationCenter
) -> [NotificationRegistration] {
    NotificationRegistration.all(on: center).filter {
        $0.observer === object
    }
}

@Suite @MainActor struct TestingYourListenersInEverySetting {
    let center = NotificationCenter()

    @Test func expectListeningForMessagesAndNames() {
        let screen = MailboxScreen(notificationCenter: center)
        screen.appear()
        expectListening(
            screen,
            to: .name(.storeDidChange),
            sender: .anySender,
            lifespan: .lifetime
        )
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            expectListening(
                screen,
                to: .message(ThemeDidChange.self),
                sender: .object(ThemeStore.shared),
                lifespan: .visible
            )
        }
    }

    @Test func waitingForDeliveries() async {
        let screen = MailboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder()
        recorder.record(screen)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let draft = Document()
            // An AsyncMessage: its handler runs in a task of its own.
            center.post(DraftDidSave(), subject: draft)
            await waitForDeliveries(of: .message(DraftDidSave.self), in: recorder)
            #expect(screen.savedShown == 1)  // the handler has returned
        }

        screen.appear()
        Task.detached { [center] in  // posts from another task
            center.post(name: .fontSizeDidChange, object: nil)
            center.post(name: .fontSizeDidChange, object: nil)
        }
        await waitForDeliveries(.atLeast(2), in: recorder, timeout: 10) {
            $0.lifespan == .visible
        }
        #expect(screen.fontSizeApplied == 2)
    }

    @Test func deallocation() {
        expectDeallocated {
            let screen = MailboxScreen(notificationCenter: center)
            screen.appear()
            center.post(name: .storeDidChange, object: nil)
            return screen
        }
        expectNoRegistrations(on: center)
    }

    @Test func readingRegistrations() {
        let screen = MailboxScreen(notificationCenter: center)
        let fontSize = NotificationRegistration.listening(
            to: .name(.fontSizeDidChange),
            lifespan: .visible
        )
        screen.appear()
        #expect(registrations(leftBy: screen, on: center).contains(fontSize))
        screen.disappear()
        #expect(!registrations(leftBy: screen, on: center).contains(fontSize))
    }

    @Test func diagnostics() {
        let screen = MailboxScreen(notificationCenter: center)
        expectDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
    }

    @Test func diagnosticsFromAnotherTask() async {
        let center = center
        await expectDiagnostics([.lifetimeStop]) {
            // Made inside the capture: its center is the test's.
            let screen = MailboxScreen(notificationCenter: center)
            // Reported in another task:
            await Task.detached { screen.notificationEngine.stop(.lifetime) }.value
        }
    }
}
