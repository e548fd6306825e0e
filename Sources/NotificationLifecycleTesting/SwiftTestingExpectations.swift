#if canImport(Testing)
public import Foundation
public import NotificationLifecycle
public import Testing

// Swift Testing expectations over NotificationLifecycleInspection. Each records the inspection's failure as an
// issue at the caller's source location, and lets the test go on, as #expect does.

/// Records `failure` as an issue at `sourceLocation`.
private func recordIssue(
    at sourceLocation: SourceLocation,
    _ inspection: () throws(NotificationInspectionFailure) -> Void
) {
    do {
        try inspection()
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    }
}

// MARK: - Listening

/// Expects `owner` to be listening to `name`, through an info that matches every narrowing given.
///
/// ```swift
/// expectListening(screen, to: .storeDidChange)
/// expectListening(screen, to: .themeDidChange, lifespan: .visible, handler: .closure)
/// ```
///
/// See `NotificationLifecycleInspection.expectListening(_:to:sender:lifespan:handler:)`.
public func expectListening(
    _ owner: some NotificationEngineOwner,
    to name: Notification.Name,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectListening(
            owner,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Expects a standalone `info` to be listening, and to match every narrowing given.
public func expectListening(
    _ info: NotificationInfo,
    to name: Notification.Name? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectListening(
            info,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Expects `owner` not to be listening to `name` through any info that matches every narrowing given.
///
/// ```swift
/// screen.disappear()
/// expectNotListening(screen, to: .themeDidChange)
/// ```
public func expectNotListening(
    _ owner: some NotificationEngineOwner,
    to name: Notification.Name,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNotListening(
            owner,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Expects a standalone `info` not to be listening (narrowings given must match for it to count).
public func expectNotListening(
    _ info: NotificationInfo,
    to name: Notification.Name? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNotListening(
            info,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

// MARK: - Registrations and centers

/// Expects `owner`'s registrations to be exactly `expected`, in declaration order.
///
/// ```swift
/// expectRegistrations(of: screen, [
///     .listening(to: .storeDidChange, handler: .selector("storeDidChange:")),
///     .notListening(to: .themeDidChange, lifespan: .visible),
/// ])
/// ```
public func expectRegistrations(
    of owner: some NotificationEngineOwner,
    _ expected: [NotificationRegistration],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectRegistrations(of: owner, expected)
    }
}

/// Expects no info of this package to hold a registration on `center` any more.
public func expectNoRegistrations(on center: NotificationCenter, sourceLocation: SourceLocation = #_sourceLocation) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNoRegistrations(on: center)
    }
}

/// Expects no info of this package made for `center` to be alive any more, listening or not.
public func expectNoInfos(on center: NotificationCenter, sourceLocation: SourceLocation = #_sourceLocation) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNoInfos(on: center)
    }
}

// MARK: - Deallocation

/// Expects the object `probe` watches to have been deallocated.
///
/// ```swift
/// var screen: InboxScreen? = InboxScreen(notificationCenter: center)
/// let probe = DeallocationProbe(screen!)
/// screen = nil
/// expectDeallocated(probe)
/// ```
public func expectDeallocated(_ probe: DeallocationProbe, sourceLocation: SourceLocation = #_sourceLocation) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDeallocated(probe)
    }
}

/// Makes an object with `make`, drops it, and expects it to have been deallocated.
///
/// ```swift
/// expectDeallocated {
///     let screen = InboxScreen(notificationCenter: center)
///     screen.appear()
///     return screen
/// }
/// ```
public func expectDeallocated(
    center: NotificationCenter? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ make: () throws -> AnyObject
) rethrows {
    let probe = DeallocationProbe(try make(), center: center)
    expectDeallocated(probe, sourceLocation: sourceLocation)
}

// MARK: - Deliveries

/// Expects `name` to have reached a matching handler exactly `times` times (once by default).
///
/// ```swift
/// center.post(name: .storeDidChange, object: nil)
/// expectDelivered(.storeDidChange, in: recorder)
/// ```
public func expectDelivered(
    _ name: Notification.Name,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    times: Int = 1,
    in recorder: DeliveryRecorder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDelivered(
            name,
            to: handler,
            lifespan: lifespan,
            times: times,
            in: recorder
        )
    }
}

/// Expects `name` to have reached no matching handler.
public func expectNotDelivered(
    _ name: Notification.Name,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    in recorder: DeliveryRecorder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNotDelivered(name, to: handler, lifespan: lifespan, in: recorder)
    }
}

/// Expects the recorded deliveries to be exactly `expected`, in order.
///
/// ```swift
/// expectDeliveries([.delivery(of: .storeDidChange), .delivery(of: .themeDidChange)], in: recorder)
/// ```
public func expectDeliveries(
    _ expected: [ExpectedDelivery],
    in recorder: DeliveryRecorder,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDeliveries(expected, in: recorder)
    }
}

// MARK: - Lifecycle scripts

/// Runs `steps` on `owner` and expects, after each, the names its listening infos are registered for.
///
/// ```swift
/// expectLifecycle(of: screen, [
///     .initially(listening: [.storeDidChange]),
///     .appear(listening: [.storeDidChange, .themeDidChange]),
///     .disappear(listening: [.storeDidChange]),
/// ])
/// ```
public func expectLifecycle(
    of owner: some NotificationEngineOwner,
    _ steps: [LifecycleStep],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    recordIssue(at: sourceLocation) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectLifecycle(of: owner, steps)
    }
}

// MARK: - Diagnostics

/// Runs `body` and expects it to report diagnostics of exactly `rules`, in order.
///
/// ```swift
/// expectDiagnostics([.lifetimeStop]) {
///     screen.notificationEngine.stop(.lifetime)
/// }
/// ```
///
/// - Returns: The diagnostics `body` reported, to check their messages.
@discardableResult
public func expectDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) rethrows -> [NotificationDiagnostic] {
    let diagnostics = try NotificationLifecycleInspection.diagnostics(in: body)
    if let failure = NotificationLifecycleInspection.failure(of: diagnostics, against: rules) {
        Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
    }
    return diagnostics
}

/// Runs the asynchronous `body` and expects it to report diagnostics of exactly `rules`, in order.
@discardableResult
public func expectDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async rethrows -> [NotificationDiagnostic] {
    let diagnostics = try await NotificationLifecycleInspection.diagnostics(in: body)
    if let failure = NotificationLifecycleInspection.failure(of: diagnostics, against: rules) {
        Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
    }
    return diagnostics
}

/// Runs `body` and records an issue at each diagnostic it reports, as it is reported.
///
/// To apply this to whole tests or suites, use the `.failsOnUnexpectedDiagnostics` trait (``UnexpectedDiagnosticsTrait``).
/// Diagnostics captured inside (by `expectDiagnostics(_:sourceLocation:_:)`) are expected and record nothing.
public func expectNoDiagnostics<Result>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Result
) rethrows -> Result {
    try NotificationLifecycleInspection.routingDiagnostics(
        to: { diagnostic in
            let failure = NotificationLifecycleInspection.unexpected(diagnostic, mode: "expectNoDiagnostics")
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
        },
        body
    )
}

/// Runs the asynchronous `body` and records an issue at each diagnostic it reports.
public func expectNoDiagnostics<Result>(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async rethrows -> Result {
    try await NotificationLifecycleInspection.routingDiagnostics(
        to: { diagnostic in
            let failure = NotificationLifecycleInspection.unexpected(diagnostic, mode: "expectNoDiagnostics")
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
        },
        body
    )
}
#endif
