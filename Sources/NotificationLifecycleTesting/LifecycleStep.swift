public import Foundation
public import NotificationLifecycle

/// One step of a lifecycle script: an action on a controller, and the names it must listen to afterwards.
///
/// A script drives a controller through its lifecycle and checks after each step which notification names its
/// listening infos are registered for:
///
/// ```swift
/// try NotificationLifecycleInspection.expectLifecycle(of: screen, [
///     .initially(listening: [.storeDidChange]),
///     .appear(listening: [.storeDidChange, .themeDidChange]),
///     .start(.editing, listening: [.storeDidChange, .themeDidChange, .draftDidChange]),
///     .stop(.editing, listening: [.storeDidChange, .themeDidChange]),
///     .disappear(listening: [.storeDidChange]),
/// ])
/// ```
///
/// The listening names compare as a multiset: order does not matter, and a name listened to by two infos is
/// written twice.
public struct LifecycleStep {
    /// What the step does, such as `appear()`; shown in failure tables.
    public let label: String
    /// The names the controller's listening infos must be registered for after the step.
    public let listening: [Notification.Name]
    let action: (NotificationEngine) -> Void

    /// Makes a step from a label, the names expected afterwards, and an action on the owner's engine.
    init(label: String, listening: [Notification.Name], action: @escaping (NotificationEngine) -> Void) {
        self.label = label
        self.listening = listening
        self.action = action
    }

    /// Does nothing and checks the names the controller listens to now, such as right after `init`.
    public static func initially(listening: [Notification.Name]) -> LifecycleStep {
        LifecycleStep(label: "initially", listening: listening) { _ in }
    }

    /// Calls `appear()`, then checks.
    public static func appear(
        listening: [Notification.Name],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "appear()", listening: listening) { $0.appear(fileID: fileID, line: line) }
    }

    /// Calls `disappear()`, then checks.
    public static func disappear(
        listening: [Notification.Name],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "disappear()", listening: listening) { $0.disappear(fileID: fileID, line: line) }
    }

    /// Starts every info of `lifespan`, as `notificationEngine.start(_:)` does, then checks.
    public static func start(
        _ lifespan: Lifespan,
        listening: [Notification.Name],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "start(\(NotificationLifecycleInspection.dotted(lifespan)))", listening: listening) {
            $0.start(lifespan, fileID: fileID, line: line)
        }
    }

    /// Stops every info of `lifespan`, as `notificationEngine.stop(_:)` does, then checks.
    public static func stop(
        _ lifespan: Lifespan,
        listening: [Notification.Name],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "stop(\(NotificationLifecycleInspection.dotted(lifespan)))", listening: listening) {
            $0.stop(lifespan, fileID: fileID, line: line)
        }
    }

    /// Runs `action`, such as a call of your controller's own method, then checks.
    ///
    /// ```swift
    /// .perform("beginEditing()", listening: [.storeDidChange, .draftDidChange]) { screen.beginEditing() }
    /// ```
    ///
    /// - Parameters:
    ///   - label: What the action does, shown in failure tables.
    ///   - listening: The names expected afterwards.
    ///   - action: The action.
    public static func perform(
        _ label: String,
        listening: [Notification.Name],
        _ action: @escaping () -> Void
    ) -> LifecycleStep {
        LifecycleStep(label: label, listening: listening) { _ in action() }
    }
}
