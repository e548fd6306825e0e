public import NotificationLifecycle

/// One step of a lifecycle script: an action on a controller, and the topics it must listen to afterwards.
///
/// A script drives a controller through its lifecycle and checks after each step which topics its listening infos
/// are registered for:
///
/// ```swift
/// @Test @MainActor func listensWhileVisibleAndEditing() {
///     expectLifecycle(of: screen, [
///         .initially(listening: [.name(.storeDidChange)]),
///         .appear(listening: [.name(.storeDidChange), .name(.themeDidChange)]),
///         .start(.editing, listening: [
///             .name(.storeDidChange), .name(.themeDidChange),
///             .name(.draftDidChange),
///         ]),
///         .stop(.editing, listening: [
///             .name(.storeDidChange), .name(.themeDidChange),
///         ]),
///         .disappear(listening: [.name(.storeDidChange)]),
///     ])
/// }
/// ```
///
/// The listening topics compare as a multiset: order does not matter, and a topic listened to by two infos is
/// written twice.
public struct LifecycleStep {
    /// What the step does, such as `appear()`; shown in failure tables.
    let label: String
    /// The topics the controller's listening infos must be registered for after the step.
    let listening: [NotificationTopic]
    let action: (NotificationEngine) -> Void

    /// Does nothing and checks the topics the controller listens to now, such as right after `init`.
    public static func initially(listening: [NotificationTopic]) -> LifecycleStep {
        LifecycleStep(label: "initially", listening: listening) { _ in }
    }

    /// Calls `appear()`, then checks.
    public static func appear(
        listening: [NotificationTopic],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "appear()", listening: listening) { $0.appear(fileID: fileID, line: line) }
    }

    /// Calls `disappear()`, then checks.
    public static func disappear(
        listening: [NotificationTopic],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "disappear()", listening: listening) { $0.disappear(fileID: fileID, line: line) }
    }

    /// Starts every info of `lifespan`, as `NotificationEngine.start(_:)` does, then checks.
    public static func start(
        _ lifespan: Lifespan,
        listening: [NotificationTopic],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "start(\("." + lifespan.description))", listening: listening) {
            $0.start(lifespan, fileID: fileID, line: line)
        }
    }

    /// Stops every info of `lifespan`, as `NotificationEngine.stop(_:)` does, then checks.
    public static func stop(
        _ lifespan: Lifespan,
        listening: [NotificationTopic],
        fileID: String = #fileID,
        line: Int = #line
    ) -> LifecycleStep {
        LifecycleStep(label: "stop(\("." + lifespan.description))", listening: listening) {
            $0.stop(lifespan, fileID: fileID, line: line)
        }
    }

    /// Runs `action`, such as a call of your controller's own method, then checks.
    ///
    /// ```swift
    /// @Test @MainActor func listensWhileEditing() {
    ///     expectLifecycle(of: screen, [
    ///         .perform(
    ///             "beginEditing()",
    ///             listening: [.name(.storeDidChange), .name(.draftDidChange)]
    ///         ) {
    ///             screen.beginEditing()
    ///         },
    ///     ])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - label: What the action does, shown in failure tables.
    ///   - listening: The topics expected afterwards.
    ///   - action: The action.
    public static func perform(
        _ label: String,
        listening: [NotificationTopic],
        _ action: @escaping () -> Void
    ) -> LifecycleStep {
        LifecycleStep(label: label, listening: listening) { _ in action() }
    }
}
