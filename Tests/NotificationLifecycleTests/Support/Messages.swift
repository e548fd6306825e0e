import Foundation
import NotificationLifecycle

/// A subject for typed-message tests.
final class Document: Sendable {}

/// A main-actor message posted with a `Document` subject, or none.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct Pinged: NotificationCenter.MainActorMessage {
    typealias Subject = Document
    let number: Int
}

/// A main-actor message whose subject is not an object.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct Beeped: NotificationCenter.MainActorMessage {
    typealias Subject = Void
    let number: Int
}

/// An asynchronous message posted with a `Document` subject, or none.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct Synced: NotificationCenter.AsyncMessage {
    typealias Subject = Document
    let number: Int
}

/// An asynchronous message whose subject is not an object.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct Ticked: NotificationCenter.AsyncMessage {
    typealias Subject = Void
    let number: Int
}

/// A controller that declares typed-message infos in `populateNotificationInfos()`, as an app would.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
final class MessageScreen: ControllerBase {
    let events = Recorder<String>()

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addMessageInfo(for: Pinged.self) { screen, message in
            screen.events.record("lifetime.pinged \(message.number)")
        }
        addMessageInfo(for: Pinged.self, lifespan: .visible) { screen, message in
            screen.events.record("visible.pinged \(message.number)")
        }
        addMessageInfo(for: Synced.self) { screen, message in
            screen.events.record("lifetime.synced \(message.number)")
        }
        addMessageInfo(for: Synced.self, lifespan: .visible) { screen, message in
            screen.events.record("visible.synced \(message.number)")
        }
    }
}

/// Waits until `condition` holds, polling every millisecond for at most `timeout`; answers whether it held.
///
/// It runs on the caller's actor, so a main-actor test may check main-actor state. The bound is generous: it returns
/// as soon as the condition holds, and under ThreadSanitizer with every core busy the tasks Foundation starts for
/// asynchronous messages waited for the cooperative pool (two threads on two cores) for about 50 seconds while
/// other tests held it (issue 24).
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
func eventually(
    timeout: Duration = .seconds(240),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Gives tasks that Foundation started for asynchronous messages time to run, before checking that nothing ran.
///
/// A check that nothing happened cannot wait for an event; if the wait is too short such a test passes wrongly,
/// never fails wrongly.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
func settle() async {
    try? await Task.sleep(for: .milliseconds(50))
}
