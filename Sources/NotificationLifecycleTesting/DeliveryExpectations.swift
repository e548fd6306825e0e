public import Foundation
public import NotificationLifecycle

/// Expects `topic` to have reached a matching handler `count` times: exactly once by default.
///
/// ```swift
/// center.post(name: .storeDidChange, object: nil)
/// expectDelivered(.name(.storeDidChange), in: recorder)
/// expectDelivered(
///     .name(.storeDidChange),
///     to: .selector("storeDidChange:"),
///     .atLeast(1),
///     in: recorder
/// )
/// expectDelivered(.name(.themeDidChange), .never, in: recorder)
/// ```
///
/// It checks what the recorder holds now. For deliveries that happen later (an `AsyncMessage`, a handler on an
/// `OperationQueue`), wait for them with ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)``.
///
/// - Parameters:
///   - topic: The notification name or message type.
///   - handler: Only deliveries to this handler count; `nil` counts every handler.
///   - lifespan: Only deliveries to infos of this lifespan count; `nil` counts every lifespan.
///   - count: How many matching deliveries: `.exactly(n)` (the default is `.exactly(1)`), `.atLeast(n)`, `.never`.
///   - recorder: The recorder that saw the deliveries.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
/// - Returns: The matching deliveries.
@discardableResult
public func expectDelivered(
    _ topic: NotificationTopic,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    _ count: DeliveryCount = .exactly(1),
    in recorder: DeliveryRecorder,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [RecordedDelivery] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let filter = DeliveryFilter(topic: topic, handler: handler, lifespan: lifespan, predicate: nil)
    let deliveries = recorder.deliveries
    if let failure = count.misuse ?? filter.failure(of: deliveries, against: count, waited: nil) {
        recordFailure(failure, at: site)
    }
    return deliveries.filter(filter.matches)
}

/// Expects the recorded deliveries to be exactly `expected`, in order: one topic per handler call.
///
/// ```swift
/// center.post(name: .storeDidChange, object: nil)
/// screen.appear()
/// center.post(name: .themeDidChange, object: nil)
/// expectDeliveries(
///     [.name(.storeDidChange), .name(.themeDidChange)],
///     in: recorder
/// )
/// ```
///
/// > Important: Foundation calls the observers of one post in an unspecified order. When one post reaches several
/// > handlers, expect each with ``expectDelivered(_:to:lifespan:_:in:fileID:filePath:line:column:)`` instead.
///
/// - Parameters:
///   - expected: The topics, in the order the handlers ran.
///   - recorder: The recorder that saw the deliveries.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectDeliveries(
    _ expected: [NotificationTopic],
    in recorder: DeliveryRecorder,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let deliveries = recorder.deliveries
    let firstDifference = (0..<max(expected.count, deliveries.count)).first { index in
        index >= expected.count || index >= deliveries.count || expected[index] != deliveries[index].topic
    }
    guard let index = firstDifference else { return }
    let actual = index < deliveries.count ? deliveries[index].description : "nothing more"
    let wanted = index < expected.count ? expected[index].text : "nothing more"
    var table = TextTable(header: ["", "#", "expected", "|", "recorded", "observer"])
    for row in 0..<max(expected.count, deliveries.count) {
        let left = row < expected.count ? expected[row] : nil
        let right = row < deliveries.count ? deliveries[row] : nil
        table.append([
            left != nil && left == right?.topic ? "" : "!", "\(row + 1)", left?.text ?? "-", "|",
            right?.description ?? "-", right.map { $0.observerType ?? "none" } ?? "",
        ])
    }
    let failure = InspectionFailure(
        summary: "Expected \(deliveriesText(expected.count)) in this order, but \(deliveriesText(deliveries.count)) "
            + "\(deliveries.count == 1 ? "was" : "were") recorded and delivery \(index + 1) is \(actual) where "
            + "\(wanted) was expected.",
        details: "Expected and recorded deliveries (rows that differ are marked !):\n" + table.rendered()
    )
    recordFailure(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `1 delivery`, `2 deliveries`.
private func deliveriesText(_ count: Int) -> String {
    count == 1 ? "1 delivery" : "\(count) deliveries"
}

/// Waits until matching deliveries reach `count`, or `timeout` seconds pass; a timeout fails with the message of
/// ``expectDelivered(_:to:lifespan:_:in:fileID:filePath:line:column:)``, which also names the timeout
/// (`… to be delivered once within 5.0 seconds, but it was never delivered.`).
///
/// Use it for handlers that run later than the post: `AsyncMessage` handlers, handlers on an `OperationQueue`, main
/// actor handlers scheduled from another thread, posts made by another task. It returns as soon as the count is
/// reached, and never sleeps a fixed time:
///
/// ```swift
/// // An AsyncMessage:
/// center.post(DocumentDidSave(), subject: document)
/// await waitForDeliveries(of: .message(DocumentDidSave.self), in: recorder)
///
/// await waitForDeliveries(.atLeast(3), in: recorder, timeout: 2) {
///     $0.lifespan == .visible
/// }
/// ```
///
/// Every narrowing given must match for a delivery to count: the topic, the handler, the lifespan, and `predicate`.
/// It works on every platform the package supports.
///
/// > Important: `.never` can only be proven by waiting the whole `timeout`; give it a short one. With
/// > `.exactly(n)` the wait ends at the `n`th matching delivery and fails if more have already arrived by then.
///
/// - Parameters:
///   - topic: Only deliveries of this topic count; `nil` counts every topic.
///   - handler: Only deliveries to this handler count; `nil` counts every handler.
///   - lifespan: Only deliveries to infos of this lifespan count; `nil` counts every lifespan.
///   - count: How many matching deliveries: `.exactly(1)` by default, `.atLeast(n)`, `.exactly(n)`, `.never`.
///   - recorder: The recorder that sees the deliveries.
///   - timeout: How many seconds to wait at most.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - predicate: Only deliveries it accepts count; called on the thread that records a delivery.
/// - Returns: The matching deliveries when the wait ended.
@discardableResult
public func waitForDeliveries(
    of topic: NotificationTopic? = nil,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    _ count: DeliveryCount = .exactly(1),
    in recorder: DeliveryRecorder,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    where predicate: (@Sendable (RecordedDelivery) -> Bool)? = nil
) async -> [RecordedDelivery] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let filter = DeliveryFilter(topic: topic, handler: handler, lifespan: lifespan, predicate: predicate)
    if let misuse = count.misuse {
        recordFailure(misuse, at: site)
        return []
    }
    let nanoseconds = UInt64(max(0, min(timeout, Double(UInt64.max / 2) / 1e9)) * 1e9)
    _ = await recorder.wait(nanoseconds: nanoseconds) { deliveries in
        count.isSettled(by: deliveries.lazy.filter(filter.matches).count)
    }
    let deliveries = recorder.deliveries
    if let failure = filter.failure(of: deliveries, against: count, waited: "\(timeout) seconds") {
        recordFailure(failure, at: site)
    }
    return deliveries.filter(filter.matches)
}

/// The narrowing of a delivery expectation; `nil` parts match anything.
private struct DeliveryFilter: Sendable {
    let topic: NotificationTopic?
    let handler: NotificationHandler?
    let lifespan: Lifespan?
    let predicate: (@Sendable (RecordedDelivery) -> Bool)?

    func matches(_ delivery: RecordedDelivery) -> Bool {
        (topic.map { $0 == delivery.topic } ?? true)
            && (handler.map { $0 == delivery.handler } ?? true)
            && (lifespan.map { $0 == delivery.lifespan } ?? true)
            && (predicate?(delivery) ?? true)
    }

    /// `notification storeDidChange`, `a notification or message that the predicate accepts`: what is delivered.
    var subject: String {
        (topic?.sentenceText ?? "a notification or message") + (predicate == nil ? "" : " that the predicate accepts")
    }

    /// ` to selector didPing: of a visible info`, ` to a visible info`: where it is delivered, leaving out what is
    /// not narrowed.
    var target: String {
        switch (handler, lifespan) {
        case (nil, nil): return ""
        case (let handler?, nil): return " to \(handler.sentenceText)"
        case (nil, let lifespan?): return " to a \(lifespan) info"
        case (let handler?, let lifespan?): return " to \(handler.sentenceText) of a \(lifespan) info"
        }
    }

    /// The failure of `deliveries` against `count`; `waited` is the timeout, when the caller waited.
    func failure(
        of deliveries: [RecordedDelivery],
        against count: DeliveryCount,
        waited: String?
    ) -> InspectionFailure? {
        let matching = deliveries.indices.filter { matches(deliveries[$0]) }
        guard !count.accepts(matching.count) else { return nil }
        let found = matching.isEmpty ? "never delivered" : "delivered \(DeliveryCount.times(matching.count))"
        let when = waited.map { " within \($0)" } ?? ""
        return InspectionFailure(
            summary: "Expected \(subject) \(count.expectation(target: target))\(when), but it was \(found).",
            details: Self.table(deliveries, marked: Set(matching))
        )
    }

    private static func table(_ deliveries: [RecordedDelivery], marked: Set<Int>) -> String {
        guard !deliveries.isEmpty else { return "Recorded deliveries: none." }
        var table = TextTable(header: ["", "#", "topic", "handler", "lifespan", "observer", "declared at"])
        for (index, delivery) in deliveries.enumerated() {
            table.append([
                marked.contains(index) ? ">" : "", "\(index + 1)", delivery.topic.text, delivery.handler.description,
                delivery.lifespan.description, delivery.observerType ?? "none", delivery.declaredAt,
            ])
        }
        return "Recorded deliveries (\(deliveries.count); matching rows are marked >):\n" + table.rendered()
    }
}
