public import Foundation
public import NotificationLifecycle

// Expectations about what controllers and infos listen to. Each records a failure in the framework that runs the
// current test (a Swift Testing issue, or an XCTest failure) at the caller's file, line and column, and lets the
// test go on.

/// Expects `owner` to be listening to `topic` now, through an info that matches every narrowing given.
///
/// ```swift
/// @Test @MainActor func listensToTheStore() {
///     expectListening(screen, to: .name(.storeDidChange))
///     expectListening(
///         screen,
///         to: .name(.themeDidChange),
///         lifespan: .visible,
///         handler: .closure
///     )
///     expectListening(screen, to: .name(.storeDidChange), sender: .anySender)
/// }
/// ```
///
/// A failure says why no matching info listens, with the call that would start it (`Call appear() first.`), and
/// shows the owner's registrations with the matching rows marked `>`.
///
/// - Parameters:
///   - owner: A `ControllerBase` or any `NotificationEngineOwner`.
///   - topic: The notification name or message type.
///   - sender: Only an info with this sender filter counts; `nil` accepts any filter.
///   - lifespan: Only an info of this lifespan counts; `nil` accepts any lifespan.
///   - handler: Only an info with this handler counts (`.selector("didPing:")` or `.closure`); `nil` accepts any.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectListening(
    _ owner: some NotificationEngineOwner,
    to topic: NotificationTopic,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(owner.notificationEngine.center)
    let query = Narrowing(topic: topic, sender: sender, lifespan: lifespan, handler: handler)
    check(InspectedSubject(owner: owner).listening(query), fileID, filePath, line, column, origin: origin)
}

/// Expects a standalone `info` to be listening now, and to match every narrowing given.
///
/// ```swift
/// @Test @MainActor func didSaveListensToTheStore() {
///     let didSave = NotificationInfo(
///         name: .storeDidSave,
///         object: store,
///         center: center
///     ) { _ in }
///     didSave.startListening()
///     expectListening(didSave, sender: .object(store))
/// }
/// ```
///
/// - Parameters:
///   - info: The info.
///   - topic: The topic it must be registered for; `nil` accepts any.
///   - sender: The sender filter it must have; `nil` accepts any.
///   - lifespan: The lifespan it must have; `nil` accepts any.
///   - handler: The handler it must have; `nil` accepts any.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectListening(
    _ info: NotificationInfo,
    to topic: NotificationTopic? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(info.center)
    let query = Narrowing(topic: topic, sender: sender, lifespan: lifespan, handler: handler)
    check(InspectedSubject(info: info).listening(query), fileID, filePath, line, column, origin: origin)
}

/// Expects `owner` not to be listening to `topic` now through any info that matches every narrowing given.
///
/// An info that is declared but stopped passes; so does a topic the owner never declared.
///
/// ```swift
/// @Test @MainActor func stopsListeningToThemes() {
///     screen.disappear()
///     expectNotListening(screen, to: .name(.themeDidChange))
/// }
/// ```
///
/// - Parameters:
///   - owner: A `ControllerBase` or any `NotificationEngineOwner`.
///   - topic: The notification name or message type.
///   - sender: Only an info with this sender filter counts; `nil` counts any filter.
///   - lifespan: Only an info of this lifespan counts; `nil` counts any lifespan.
///   - handler: Only an info with this handler counts; `nil` counts any handler.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectNotListening(
    _ owner: some NotificationEngineOwner,
    to topic: NotificationTopic,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(owner.notificationEngine.center)
    let query = Narrowing(topic: topic, sender: sender, lifespan: lifespan, handler: handler)
    check(InspectedSubject(owner: owner).notListening(query), fileID, filePath, line, column, origin: origin)
}

/// Expects a standalone `info` not to be listening now (the narrowings given must match for it to count).
///
/// ```swift
/// @Test @MainActor func didSaveStopsAfterTheSave() throws {
///     let didSave = NotificationInfo(name: .storeDidSave, center: center) {
///         _ in
///     }
///     try didSave.listen(during: { try store.save() })
///     expectNotListening(didSave)
/// }
/// ```
///
/// - Parameters:
///   - info: The info.
///   - topic: Only counts if the info is registered for this topic; `nil` counts any.
///   - sender: Only counts if the info has this sender filter; `nil` counts any.
///   - lifespan: Only counts if the info has this lifespan; `nil` counts any.
///   - handler: Only counts if the info has this handler; `nil` counts any.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectNotListening(
    _ info: NotificationInfo,
    to topic: NotificationTopic? = nil,
    sender: SenderFilter? = nil,
    lifespan: Lifespan? = nil,
    handler: NotificationHandler? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(info.center)
    let query = Narrowing(topic: topic, sender: sender, lifespan: lifespan, handler: handler)
    check(InspectedSubject(info: info).notListening(query), fileID, filePath, line, column, origin: origin)
}

/// Expects `owner`'s registrations to be exactly `expected`, in declaration order.
///
/// Each registration compares its topic, sender filter, lifespan, handler and whether it listens. A failure shows
/// the expected and actual lists side by side, the rows that differ marked `!`.
///
/// ```swift
/// @Test @MainActor func registrationsOfTheScreen() {
///     expectRegistrations(of: screen, [
///         .listening(
///             to: .name(.storeDidChange),
///             handler: .selector("storeDidChange:")
///         ),
///         .notListening(to: .name(.themeDidChange), lifespan: .visible),
///     ])
/// }
/// ```
///
/// - Parameters:
///   - owner: A `ControllerBase` or any `NotificationEngineOwner`; a subclass's list starts with its superclass's
///     infos.
///   - expected: The registrations, in the order the infos were added.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectRegistrations(
    of owner: some NotificationEngineOwner,
    _ expected: [NotificationRegistration],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(owner.notificationEngine.center)
    check(InspectedSubject(owner: owner).registrations(expected), fileID, filePath, line, column, origin: origin)
}

/// Expects no info of this package to hold a registration on `center` any more; with `includingStoppedInfos`,
/// expects none to be alive at all.
///
/// Use it after releasing a controller, or at the end of a test, to prove that nothing still listens. Infos that
/// exist but do not listen pass, unless `includingStoppedInfos` is `true`: then an info kept alive by a forgotten
/// reference fails too.
///
/// ```swift
/// @Test @MainActor func nothingListensAfterRelease() {
///     var screen: InboxScreen? = InboxScreen(notificationCenter: center)
///     screen?.appear()
///     screen = nil
///     expectNoRegistrations(on: center)
///     expectNoRegistrations(on: center, includingStoppedInfos: true)
/// }
/// ```
///
/// - Parameters:
///   - center: The test's center.
///   - includingStoppedInfos: Whether an info that is alive but does not listen fails too.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectNoRegistrations(
    on center: NotificationCenter,
    includingStoppedInfos: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(center)
    let all = includingStoppedInfos
    let infos = all ? RegistrationLedger.infos(on: center) : RegistrationLedger.listeningInfos(on: center)
    let remaining = sortedForDisplay(infos)
    guard !remaining.isEmpty else { return }
    let count = remaining.count
    let summary =
        all
        ? "Expected no info of NotificationLifecycle to be alive for the center, but \(count) "
            + "\(count == 1 ? "is" : "are"). Release the controllers that own them and the references to "
            + "standalone ones."
        : "Expected no registration of NotificationLifecycle on the center, but \(count) "
            + "info\(count == 1 ? " still listens" : "s still listen"). Release the controllers that own them, "
            + "or call stopListening() on the standalone ones."
    let heading = all ? "Live infos for the center:\n" : "Listening infos on the center:\n"
    let failure = InspectionFailure(summary: summary, details: heading + centerTable(remaining))
    check(failure, fileID, filePath, line, column, origin: origin)
}
