#if canImport(XCTest)
public import Foundation
public import NotificationLifecycle
import XCTest

// XCTest assertions over NotificationLifecycleInspection. Each records the inspection's failure with XCTFail at
// the caller's file and line, and lets the test go on.

/// Records `failure` at the caller's line.
private func recordFailure(
    file: StaticString,
    line: UInt,
    _ inspection: () throws(NotificationInspectionFailure) -> Void
) {
    do {
        try inspection()
    } catch {
        XCTFail(error.description, file: file, line: line)
    }
}

// MARK: - Listening

/// Asserts that `owner` is listening to `name`, through an info that matches every narrowing given.
///
/// ```swift
/// XCTAssertListening(screen, to: .storeDidChange)
/// XCTAssertListening(screen, to: .themeDidChange, lifespan: .visible, handler: .closure)
/// ```
///
/// See `NotificationLifecycleInspection.expectListening(_:to:sender:lifespan:handler:)`.
public func XCTAssertListening(
    _ owner: some NotificationEngineOwner,
    to name: Notification.Name,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectListening(
            owner,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Asserts that a standalone `info` is listening, and matches every narrowing given.
public func XCTAssertListening(
    _ info: NotificationInfo,
    to name: Notification.Name? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectListening(
            info,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Asserts that `owner` is not listening to `name` through any info that matches every narrowing given.
///
/// ```swift
/// screen.disappear()
/// XCTAssertNotListening(screen, to: .themeDidChange)
/// ```
public func XCTAssertNotListening(
    _ owner: some NotificationEngineOwner,
    to name: Notification.Name,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNotListening(
            owner,
            to: name,
            sender: sender,
            lifespan: lifespan,
            handler: handler
        )
    }
}

/// Asserts that a standalone `info` is not listening (narrowings given must match for it to count).
public func XCTAssertNotListening(
    _ info: NotificationInfo,
    to name: Notification.Name? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
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

/// Asserts that `owner`'s registrations are exactly `expected`, in declaration order.
///
/// ```swift
/// XCTAssertRegistrations(of: screen, [
///     .listening(to: .storeDidChange, handler: .selector("storeDidChange:")),
///     .notListening(to: .themeDidChange, lifespan: .visible),
/// ])
/// ```
public func XCTAssertRegistrations(
    of owner: some NotificationEngineOwner,
    _ expected: [NotificationRegistration],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectRegistrations(of: owner, expected)
    }
}

/// Asserts that no info of this package holds a registration on `center` any more.
public func XCTAssertNoRegistrations(
    on center: NotificationCenter,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNoRegistrations(on: center)
    }
}

/// Asserts that no info of this package made for `center` is alive any more, listening or not.
public func XCTAssertNoInfos(
    on center: NotificationCenter,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNoInfos(on: center)
    }
}

// MARK: - Deallocation

/// Asserts that the object `probe` watches has been deallocated.
///
/// ```swift
/// var screen: InboxScreen? = InboxScreen(notificationCenter: center)
/// let probe = DeallocationProbe(screen!)
/// screen = nil
/// XCTAssertDeallocated(probe)
/// ```
public func XCTAssertDeallocated(
    _ probe: DeallocationProbe,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDeallocated(probe)
    }
}

/// Makes an object with `make`, drops it, and asserts that it has been deallocated.
///
/// ```swift
/// XCTAssertDeallocated {
///     let screen = InboxScreen(notificationCenter: center)
///     screen.appear()
///     return screen
/// }
/// ```
public func XCTAssertDeallocated(
    center: NotificationCenter? = nil,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ make: () throws -> AnyObject
) rethrows {
    let probe = DeallocationProbe(try make(), center: center)
    XCTAssertDeallocated(probe, file: file, line: line)
}

// MARK: - Deliveries

/// Asserts that `name` reached a matching handler exactly `times` times (once by default).
///
/// ```swift
/// center.post(name: .storeDidChange, object: nil)
/// XCTAssertDelivered(.storeDidChange, in: recorder)
/// ```
public func XCTAssertDelivered(
    _ name: Notification.Name,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    times: Int = 1,
    in recorder: DeliveryRecorder,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDelivered(
            name,
            to: handler,
            lifespan: lifespan,
            times: times,
            in: recorder
        )
    }
}

/// Asserts that `name` reached no matching handler.
public func XCTAssertNotDelivered(
    _ name: Notification.Name,
    to handler: NotificationHandler? = nil,
    lifespan: Lifespan? = nil,
    in recorder: DeliveryRecorder,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectNotDelivered(name, to: handler, lifespan: lifespan, in: recorder)
    }
}

/// Asserts that the recorded deliveries are exactly `expected`, in order.
///
/// ```swift
/// XCTAssertDeliveries([.delivery(of: .storeDidChange), .delivery(of: .themeDidChange)], in: recorder)
/// ```
public func XCTAssertDeliveries(
    _ expected: [ExpectedDelivery],
    in recorder: DeliveryRecorder,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectDeliveries(expected, in: recorder)
    }
}

// MARK: - Lifecycle scripts

/// Runs `steps` on `owner` and asserts, after each, the names its listening infos are registered for.
///
/// ```swift
/// XCTAssertLifecycle(of: screen, [
///     .initially(listening: [.storeDidChange]),
///     .appear(listening: [.storeDidChange, .themeDidChange]),
///     .disappear(listening: [.storeDidChange]),
/// ])
/// ```
public func XCTAssertLifecycle(
    of owner: some NotificationEngineOwner,
    _ steps: [LifecycleStep],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    recordFailure(file: file, line: line) { () throws(NotificationInspectionFailure) in
        try NotificationLifecycleInspection.expectLifecycle(of: owner, steps)
    }
}

// MARK: - Diagnostics

/// Runs `body` and asserts that it reports diagnostics of exactly `rules`, in order.
///
/// ```swift
/// XCTAssertDiagnostics([.lifetimeStop]) {
///     screen.notificationEngine.stop(.lifetime)
/// }
/// ```
///
/// - Returns: The diagnostics `body` reported, to check their messages.
@discardableResult
public func XCTAssertDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () throws -> Void
) rethrows -> [NotificationDiagnostic] {
    let diagnostics = try NotificationLifecycleInspection.diagnostics(in: body)
    if let failure = NotificationLifecycleInspection.failure(of: diagnostics, against: rules) {
        XCTFail(failure.description, file: file, line: line)
    }
    return diagnostics
}

/// Runs the asynchronous `body` and asserts that it reports diagnostics of exactly `rules`, in order.
@discardableResult
public func XCTAssertDiagnostics(
    _ rules: [NotificationDiagnostic.Rule],
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () async throws -> Void
) async rethrows -> [NotificationDiagnostic] {
    let diagnostics = try await NotificationLifecycleInspection.diagnostics(in: body)
    if let failure = NotificationLifecycleInspection.failure(of: diagnostics, against: rules) {
        XCTFail(failure.description, file: file, line: line)
    }
    return diagnostics
}

/// Runs `body` and fails the test at each diagnostic it reports, as it is reported: XCTest's strict mode.
///
/// Wrap a test's body, or every test of a case by overriding `invokeTest()`:
///
/// ```swift
/// override func invokeTest() {
///     XCTAssertNoDiagnostics { super.invokeTest() }
/// }
/// ```
///
/// Diagnostics captured inside (by `XCTAssertDiagnostics(_:file:line:_:)` or
/// `NotificationLifecycleInspection.diagnostics(in:)`) are expected, and do not fail the test.
public func XCTAssertNoDiagnostics<Result>(
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () throws -> Result
) rethrows -> Result {
    try NotificationLifecycleInspection.routingDiagnostics(
        to: { diagnostic in
            let failure = NotificationLifecycleInspection.unexpected(diagnostic, mode: "XCTAssertNoDiagnostics")
            XCTFail(failure.description, file: file, line: line)
        },
        body
    )
}

/// Runs the asynchronous `body` and fails the test at each diagnostic it reports.
public func XCTAssertNoDiagnostics<Result>(
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () async throws -> Result
) async rethrows -> Result {
    try await NotificationLifecycleInspection.routingDiagnostics(
        to: { diagnostic in
            let failure = NotificationLifecycleInspection.unexpected(diagnostic, mode: "XCTAssertNoDiagnostics")
            XCTFail(failure.description, file: file, line: line)
        },
        body
    )
}
#endif
