public import Foundation
public import NotificationLifecycle

/// Expects `topic` to have reached a matching handler `count` times: exactly once by default.
///
/// ```swift
/// @Test @MainActor func storeChangeReachesItsSelector() {
///     center.post(name: .storeDidChange, object: nil)
///     expectDelivered(.name(.storeDidChange), in: recorder)
///     expectDelivered(
///         .name(.storeDidChange),
///         to: .selector("storeDidChange:"),
///         .atLeast(1),
///         in: recorder
///     )
///     expectDelivered(.name(.themeDidChange), .never, in: recorder)
/// }
/// ```
///
/// It checks what the recorder holds now. For deliveries that happen later (an `AsyncMessage`, a handler on an
/// `OperationQueue`), wait for them with ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)-(_,_,_,_,_,TimeInterval,_,_,_,_,_)``.
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
    let query = Narrowing(topic: topic, lifespan: lifespan, handler: handler)
    let deliveries = recorder.deliveries
    check(count.misuse ?? query.failure(of: deliveries, count), fileID, filePath, line, column, origin: recorder.origin)
    return deliveries.filter(query.matches)
}

/// Expects the recorded deliveries to be exactly `expected`, in order: one topic per handler call.
///
/// ```swift
/// @Test @MainActor func deliveriesInOrder() {
///     center.post(name: .storeDidChange, object: nil)
///     screen.appear()
///     center.post(name: .themeDidChange, object: nil)
///     expectDeliveries(
///         [.name(.storeDidChange), .name(.themeDidChange)],
///         in: recorder
///     )
/// }
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
    let rows = max(expected.count, deliveries.count)
    let differs: (Int) -> Bool = {
        $0 >= expected.count || $0 >= deliveries.count || expected[$0] != deliveries[$0].topic
    }
    guard let index = (0..<rows).first(where: differs) else { return }
    let actual = index < deliveries.count ? deliveries[index].description : "nothing more"
    let wanted = index < expected.count ? expected[index].text : "nothing more"
    let table = numberedTable(["expected", "|", "recorded", "observer"], rows: rows, mark: "!", where: differs) {
        let right = $0 < deliveries.count ? deliveries[$0] : nil
        return [$0 < expected.count ? expected[$0].text : "-", "|", right?.description ?? "-"]
            + [right.map { $0.observerType ?? "none" } ?? ""]
    }
    let failure = InspectionFailure(
        summary: "Expected \(deliveriesText(expected.count)) in this order, but \(deliveriesText(deliveries.count)) "
            + "\(deliveries.count == 1 ? "was" : "were") recorded and delivery \(index + 1) is \(actual) where "
            + "\(wanted) was expected.",
        details: "Expected and recorded deliveries (rows that differ are marked !):\n" + table
    )
    check(failure, fileID, filePath, line, column, origin: recorder.origin)
}

/// `1 delivery`, `2 deliveries`.
private func deliveriesText(_ count: Int) -> String { count == 1 ? "1 delivery" : "\(count) deliveries" }

/// Waits until the handlers of matching deliveries have returned `count` times, or `timeout` seconds pass; a timeout
/// fails with the message of ``expectDelivered(_:to:lifespan:_:in:fileID:filePath:line:column:)``, which also names
/// the timeout (`… to be delivered once within 5.0 seconds, but it was never delivered.`), says so when a handler
/// was called and had not returned, and says why nothing arrived when the recorded infos tell (an info that does not
/// listen, a lifespan that is not active).
///
/// A wait that cannot succeed fails early: when no matching handler runs and the recorder records nothing that still
/// exists, or none of the recorded infos for the topic (any topic, when none is given) listens, the wait fails after
/// a grace of 0.5 seconds instead of its timeout, unless one listens (or a matching handler runs) by then. A wait for `.never`, and a wait with a timeout of 0.5 seconds or less, last their whole timeout. A cancelled
/// wait ends at once; a failure then says that the wait was cancelled.
///
/// Use it for handlers that run later than the post: `AsyncMessage` handlers, handlers on an `OperationQueue`, main
/// actor handlers scheduled from another thread, posts made by another task. A delivery counts once its handler has
/// returned (an `AsyncMessage` handler's `async` body included; for a lifespan-bound sequence, once the value is in
/// the sequence), so the handler's effect can be asserted next. It returns as soon as the count is reached, and never
/// sleeps a fixed time:
///
/// ```swift
/// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
/// @Test @MainActor func savedDocumentIsCounted() async {
///     // An AsyncMessage:
///     center.post(DocumentDidSave(), subject: document)
///     await waitForDeliveries(of: .message(DocumentDidSave.self), in: recorder)
///     #expect(library.savedCount == 1)  // the handler has returned
///
///     await waitForDeliveries(.atLeast(3), in: recorder, timeout: 2) {
///         $0.lifespan == .visible
///     }
/// }
/// ```
///
/// Every narrowing given must match for a delivery to count: the topic, the handler, the lifespan, and `predicate`.
/// This form works on every platform the package supports; where the platform has `Duration` (macOS 13, iOS 16,
/// tvOS 16, watchOS 9) the timeout may also be one, such as `.seconds(2)`.
///
/// > Important: `.never` can only be proven by waiting the whole `timeout`; give it a short one. With
/// > `.exactly(n)` the wait ends once `n` matching handlers have returned, and fails if more were called by then.
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
/// - Returns: The matching deliveries when the wait ended, in the order their handlers were called.
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
    let query = Narrowing(topic: topic, lifespan: lifespan, handler: handler, predicate: predicate)
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return await query.wait(count, in: recorder, seconds: timeout, describedAs: "\(timeout) seconds", at: site)
}

/// Waits until the handlers of matching deliveries have returned `count` times, or `timeout` passes: the form of
/// ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)-(_,_,_,_,_,TimeInterval,_,_,_,_,_)``
/// that takes a `Duration`.
///
/// ```swift
/// @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
/// @Test @MainActor func storeChangeArrivesWithinTwoSeconds() async {
///     await waitForDeliveries(
///         of: .name(.storeDidChange),
///         in: recorder,
///         timeout: .seconds(2)
///     )
/// }
/// ```
///
/// > Note: A `Duration` needs macOS 13, iOS 16, tvOS 16 or watchOS 9 on Apple platforms. A test target with older
/// > deployment targets marks each test that uses this form `@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)`
/// > (Swift Testing accepts it on a test, not on a suite), or uses the form that takes seconds.
///
/// - Parameters:
///   - topic: Only deliveries of this topic count; `nil` counts every topic.
///   - handler: Only deliveries to this handler count; `nil` counts every handler.
///   - lifespan: Only deliveries to infos of this lifespan count; `nil` counts every lifespan.
///   - count: How many matching deliveries: `.exactly(1)` by default, `.atLeast(n)`, `.exactly(n)`, `.never`.
///   - recorder: The recorder that sees the deliveries.
///   - timeout: How long to wait at most.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - predicate: Only deliveries it accepts count; called on the thread that records a delivery.
/// - Returns: The matching deliveries when the wait ended, in the order their handlers were called.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@discardableResult
public func waitForDeliveries(
    of topic: NotificationTopic? = nil,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    _ count: DeliveryCount = .exactly(1),
    in recorder: DeliveryRecorder,
    timeout: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    where predicate: (@Sendable (RecordedDelivery) -> Bool)? = nil
) async -> [RecordedDelivery] {
    let (seconds, attoseconds) = timeout.components
    let query = Narrowing(topic: topic, lifespan: lifespan, handler: handler, predicate: predicate)
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let secondsDouble = Double(seconds) + Double(attoseconds) / 1e18
    return await query.wait(count, in: recorder, seconds: secondsDouble, describedAs: "\(timeout)", at: site)
}

/// The checks and the wait of the delivery expectations.
extension Narrowing {
    /// How long a wait that cannot succeed waits before it fails: long enough for a task that makes an info listen
    /// right after the wait started.
    static let grace: (nanoseconds: UInt64, text: String) = (500_000_000, "0.5 seconds")

    /// The wait both forms share; `timeout` is the timeout as the failure names it.
    func wait(
        _ count: DeliveryCount,
        in recorder: DeliveryRecorder,
        seconds: Double,
        describedAs timeout: String,
        at site: CallSite
    ) async -> [RecordedDelivery] {
        if let misuse = count.misuse {
            recordFailure(misuse, at: site, origin: recorder.origin)
            return []
        }
        let nanoseconds = UInt64(max(0, min(seconds, Double(UInt64.max / 2) / 1e9)) * 1e9)
        let isSatisfied: @Sendable (Recorded) -> Bool = { count.isSettled(by: $0.returned.lazy.filter(matches).count) }
        // A wait that cannot succeed (nothing recorded listens, no matching handler runs) ends after a grace instead
        // of its timeout, unless something starts listening meanwhile. `.never` is proven by the whole timeout only.
        var gaveUp = false
        var rest: UInt64? = nanoseconds
        if count.canBeSettled, nanoseconds > Self.grace.nanoseconds, whyItCannotSucceed(recorder) != nil {
            let satisfied = await recorder.wait(nanoseconds: Self.grace.nanoseconds, until: isSatisfied)
            gaveUp = !satisfied && !Task.isCancelled && whyItCannotSucceed(recorder) != nil
            rest = satisfied || Task.isCancelled || gaveUp ? nil : nanoseconds - Self.grace.nanoseconds
        }
        if let rest { _ = await recorder.wait(nanoseconds: rest, until: isSatisfied) }
        let cancelled = Task.isCancelled
        let recorded = recorder.recorded
        let found = failure(of: recorded.deliveries, count, waited: timeout, running: recorded.running, cancelled)
        if let failure = found {
            let why = gaveUp || !recorded.deliveries.contains(where: matches) ? whyNothingArrived(recorder) : nil
            let ended =
                " The wait ended after \(Self.grace.text), as nothing recorded listened and no matching handler ran."
            let text = (why.map { " " + $0 } ?? "") + (gaveUp ? ended : "")
            recordFailure(failure.appending(text), at: site, origin: recorder.origin)
        }
        return recorded.deliveries.filter(matches)
    }

    /// Why the wait cannot succeed now: no matching handler runs, and no recorded info listens (the reason); `nil`
    /// when one may still deliver.
    private func whyItCannotSucceed(_ recorder: DeliveryRecorder) -> String? {
        let recorded = recorder.recorded
        guard !recorded.running.contains(where: { matches(recorded.deliveries[$0]) }) else { return nil }
        return whyNothingArrived(recorder)
    }

    /// Why no recorded info could have received a matching delivery, when the recorder tells: it records no source
    /// that still exists, or none of its sources has an info for the topic (any topic, when none was given), or none
    /// of those listens (and why); `nil` when one listens.
    private func whyNothingArrived(_ recorder: DeliveryRecorder) -> String? {
        let subjects = recorder.subjects
        guard !subjects.isEmpty else {
            return recorder.hasRecorded
                ? "Every controller and info the recorder recorded has been released."
                : "The recorder records nothing: pass it the controllers and infos to watch with record(_:)."
        }
        var reasons: [String] = []
        for subject in subjects {
            // The delivery forms narrow no sender, and a registration ignores the predicate.
            guard let (reason, _, _) = subject.whyNotListening(self) else { return nil }
            reasons.append(subject.name.prefix(1).uppercased() + subject.name.dropFirst() + ": " + reason)
        }
        return "Nothing recorded listens\(phrase). " + reasons.joined(separator: " ")
    }

    /// The failure of `deliveries` against `count`; `waited` is the timeout, when the caller waited; `running` the
    /// indices of the deliveries whose handler had not returned when the wait ended (a wait counts only those that
    /// returned, and fails when a handler it needed had not).
    func failure(
        of deliveries: [RecordedDelivery],
        _ count: DeliveryCount,
        waited: String? = nil,
        running: Set<Int> = [],
        _ cancelled: Bool = false
    ) -> InspectionFailure? {
        let matching = deliveries.indices.filter { matches(deliveries[$0]) }
        let running = matching.filter(running.contains).count
        guard !count.accepts(matching.count) || !count.accepts(matching.count - running) else { return nil }
        let returned = DeliveryCount.times(matching.count - running)
        let found =
            running == 0
            ? (matching.isEmpty ? "it was never delivered" : "it was delivered \(returned)")
            : running == matching.count
                ? "its handler was called \(DeliveryCount.times(running)) and had not returned when the wait ended"
                : "it was delivered \(returned), and \(running) more handler call\(running == 1 ? "" : "s") had not "
                    + "returned when the wait ended"
        // What is delivered (`notification storeDidChange`), and where (` to selector didPing: of a visible info`).
        let subject =
            (topic?.sentenceText ?? "a notification or message")
            + (predicate == nil ? "" : " that the predicate accepts")
        let target =
            (handler.map { " to \($0.sentenceText)" } ?? "")
            + (lifespan.map { (handler == nil ? " to a" : " of a") + " \($0) info" } ?? "")
        let header = ["topic", "handler", "lifespan", "observer", "declared at"]
        let table = numberedTable(header, rows: deliveries.count, mark: ">", where: matching.contains) {
            deliveries[$0].cells
        }
        let within = waited.map { " within \($0)" } ?? ""
        let summary =
            "Expected \(subject) \(count.expectation(target: target))\(within), "
            + "\(cancelled ? "but the wait was cancelled first: " : "but ")\(found)."
        let marked = deliveries.isEmpty ? ": none." : " (\(deliveries.count); matching rows are marked >):\n" + table
        return InspectionFailure(summary: summary, details: "Recorded deliveries" + marked)
    }
}
