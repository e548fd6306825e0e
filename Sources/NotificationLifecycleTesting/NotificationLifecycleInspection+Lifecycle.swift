import Foundation
public import NotificationLifecycle

extension NotificationLifecycleInspection {
    /// Runs `steps` on `owner` in order and expects, after each, the names its listening infos are registered for.
    ///
    /// Every step runs, even after one did not match, so that a failure shows the whole script as a table: each
    /// step, the names expected, the names found, and the lifespans active after it.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectLifecycle(of: screen, [
    ///     .initially(listening: [.storeDidChange]),
    ///     .appear(listening: [.storeDidChange, .themeDidChange]),
    ///     .disappear(listening: [.storeDidChange]),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - owner: A `ControllerBase` or any `NotificationEngineOwner`. `appear()`, `disappear()`, `start` and
    ///     `stop` steps act on its `NotificationEngineOwner/notificationEngine`, as `ControllerBase` does.
    ///   - steps: The steps, in order.
    public static func expectLifecycle(
        of owner: some NotificationEngineOwner,
        _ steps: [LifecycleStep]
    ) throws(NotificationInspectionFailure) {
        let engine = owner.notificationEngine
        var table = TextTable(header: ["", "#", "step", "expected listening", "|", "actual listening", "active"])
        var failed: [Int] = []
        var actualNames: [[Notification.Name]] = []
        for (index, step) in steps.enumerated() {
            step.action(engine)
            let actual = owner.notificationEngine.infos.filter(\.isListening).compactMap(\.name)
            actualNames.append(actual)
            let matches = sortedNames(actual) == sortedNames(step.listening)
            if !matches { failed.append(index) }
            table.append([
                matches ? "" : "!", "\(index + 1)", step.label, namesText(step.listening), "|", namesText(actual),
                engine.activeLifespans.map(\.description).sorted().joined(separator: ", "),
            ])
        }
        guard let first = failed.first else { return }
        let registrations = owner.notificationEngine.infos.map(NotificationRegistration.init)
        let which =
            failed.count == 1 ? "" : "steps \(failed.map { "\($0 + 1)" }.joined(separator: ", ")) did not match; "
        let firstActual = actualNames[first]
        throw NotificationInspectionFailure(
            summary: "Expected \(type(of: owner)) to listen to the names each step lists, but \(which)after step "
                + "\(first + 1) (\(steps[first].label)) it listens to \(namesText(firstActual)), not "
                + "\(namesText(steps[first].listening)).",
            details: "Steps (those that did not match are marked !):\n" + table.rendered() + "\n"
                + InspectedSubject(owner: owner).registrationsTable(registrations)
        )
    }

    private static func sortedNames(_ names: [Notification.Name]) -> [String] {
        names.map(\.rawValue).sorted()
    }

    private static func namesText(_ names: [Notification.Name]) -> String {
        names.isEmpty ? "nothing" : sortedNames(names).joined(separator: ", ")
    }
}
