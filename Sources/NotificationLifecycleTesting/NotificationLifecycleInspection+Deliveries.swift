public import Foundation
public import NotificationLifecycle

extension NotificationLifecycleInspection {
    /// Expects `name` to have reached a matching handler exactly `times` times (once by default).
    ///
    /// ```swift
    /// center.post(name: .storeDidChange, object: nil)
    /// try NotificationLifecycleInspection.expectDelivered(.storeDidChange, in: recorder)
    /// try NotificationLifecycleInspection.expectDelivered(.storeDidChange, to: .selector("storeDidChange:"),
    ///                                                     times: 1, in: recorder)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - handler: Only deliveries to this handler count; `nil` counts every handler.
    ///   - lifespan: Only deliveries to infos of this lifespan count; `nil` counts every lifespan.
    ///   - times: The exact number of matching deliveries.
    ///   - recorder: The recorder that saw the deliveries.
    /// - Returns: The matching deliveries.
    @discardableResult
    public static func expectDelivered(
        _ name: Notification.Name,
        to handler: NotificationHandler? = nil,
        lifespan: Lifespan? = nil,
        times: Int = 1,
        in recorder: DeliveryRecorder
    ) throws(NotificationInspectionFailure) -> [RecordedDelivery] {
        let expected = ExpectedDelivery.delivery(of: name, to: handler, lifespan: lifespan)
        let deliveries = recorder.deliveries
        let matching = deliveries.indices.filter { expected.matches(deliveries[$0]) }
        guard matching.count != times else { return matching.map { deliveries[$0] } }
        throw NotificationInspectionFailure(
            summary: "Expected \(expected) "
                + (times == 0 ? "not to be delivered" : "to be delivered \(timesText(times))")
                + ", but it was " + (matching.isEmpty ? "never delivered." : "delivered \(timesText(matching.count))."),
            details: deliveriesTable(deliveries, marked: Set(matching))
        )
    }

    /// Expects `name` not to have reached any matching handler.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectNotDelivered(.themeDidChange, in: recorder)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - handler: Only deliveries to this handler count; `nil` counts every handler.
    ///   - lifespan: Only deliveries to infos of this lifespan count; `nil` counts every lifespan.
    ///   - recorder: The recorder that saw the deliveries.
    public static func expectNotDelivered(
        _ name: Notification.Name,
        to handler: NotificationHandler? = nil,
        lifespan: Lifespan? = nil,
        in recorder: DeliveryRecorder
    ) throws(NotificationInspectionFailure) {
        try expectDelivered(name, to: handler, lifespan: lifespan, times: 0, in: recorder)
    }

    /// Expects the recorded deliveries to be exactly `expected`, in order.
    ///
    /// ```swift
    /// center.post(name: .storeDidChange, object: nil)
    /// screen.appear()
    /// center.post(name: .themeDidChange, object: nil)
    /// try NotificationLifecycleInspection.expectDeliveries([
    ///     .delivery(of: .storeDidChange),  // lifetime: listening since init
    ///     .delivery(of: .themeDidChange),  // visible: listening since appear()
    /// ], in: recorder)
    /// ```
    ///
    /// > Important: Foundation calls the observers of one post in an unspecified order. When one post reaches
    /// > several handlers, assert each with ``expectDelivered(_:to:lifespan:times:in:)`` instead.
    ///
    /// - Parameters:
    ///   - expected: The deliveries, in the order the handlers ran.
    ///   - recorder: The recorder that saw the deliveries.
    public static func expectDeliveries(
        _ expected: [ExpectedDelivery],
        in recorder: DeliveryRecorder
    ) throws(NotificationInspectionFailure) {
        let deliveries = recorder.deliveries
        let firstDifference = (0..<max(expected.count, deliveries.count)).first { index in
            index >= expected.count || index >= deliveries.count || !expected[index].matches(deliveries[index])
        }
        guard let index = firstDifference else { return }
        let actual = index < deliveries.count ? deliveries[index].description : "nothing more"
        let wanted = index < expected.count ? expected[index].description : "nothing more"
        var table = TextTable(header: ["", "#", "expected", "|", "recorded", "observer"])
        for row in 0..<max(expected.count, deliveries.count) {
            let left = row < expected.count ? expected[row] : nil
            let right = row < deliveries.count ? deliveries[row] : nil
            let same = left.flatMap { left in right.map { left.matches($0) } } ?? false
            table.append([
                same ? "" : "!", "\(row + 1)", left?.description ?? "-", "|", right?.description ?? "-",
                right.map { $0.observerType ?? "none" } ?? "",
            ])
        }
        throw NotificationInspectionFailure(
            summary: "Expected \(expected.count) deliveries in this order, but \(deliveries.count) were recorded "
                + "and delivery \(index + 1) is \(actual) where \(wanted) was expected.",
            details: "Expected and recorded deliveries (rows that differ are marked !):\n" + table.rendered()
        )
    }

    private static func timesText(_ count: Int) -> String {
        switch count {
        case 1: return "once"
        case 2: return "twice"
        default: return "\(count) times"
        }
    }

    private static func deliveriesTable(_ deliveries: [RecordedDelivery], marked: Set<Int>) -> String {
        guard !deliveries.isEmpty else { return "Recorded deliveries: none." }
        var table = TextTable(header: ["", "#", "name", "handler", "lifespan", "observer", "declared at"])
        for (index, delivery) in deliveries.enumerated() {
            table.append([
                marked.contains(index) ? ">" : "", "\(index + 1)", delivery.name.rawValue,
                delivery.handler.description, delivery.lifespan.description, delivery.observerType ?? "none",
                delivery.declaredAt,
            ])
        }
        return "Recorded deliveries (\(deliveries.count); matching rows are marked >):\n" + table.rendered()
    }
}
