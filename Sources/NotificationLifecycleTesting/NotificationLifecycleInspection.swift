public import Foundation
public import NotificationLifecycle

/// Inspections of what controllers and infos listen to, that work in any test framework.
///
/// Each `expect…` function returns quietly (or returns what it found) when its expectation holds, and throws a
/// ``NotificationInspectionFailure`` when it does not. The failure's sentence says "Expected …, but …" and its
/// details show what is registered. Call them with `try` from any test:
///
/// ```swift
/// let screen = InboxScreen(notificationCenter: NotificationCenter())
/// try NotificationLifecycleInspection.expectListening(screen, to: .storeDidChange)
/// try NotificationLifecycleInspection.expectNotListening(screen, to: .themeDidChange)
/// screen.appear()
/// try NotificationLifecycleInspection.expectListening(screen, to: .themeDidChange, lifespan: .visible)
/// ```
///
/// XCTest tests usually call the `XCTAssert…` forms and Swift Testing tests the `expect…` free functions, which
/// record the same failure at the caller's line and let the test go on.
public enum NotificationLifecycleInspection {}

// MARK: - Listening

extension NotificationLifecycleInspection {
    /// Expects `owner` to be listening to `name` now, through an info that matches every narrowing given.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectListening(screen, to: .ping, lifespan: .visible)
    /// try NotificationLifecycleInspection.expectListening(screen, to: .didSave, sender: .object(store),
    ///                                                     handler: .selector("storeDidSave:"))
    /// ```
    ///
    /// - Parameters:
    ///   - owner: A `ControllerBase` or any `NotificationEngineOwner`.
    ///   - name: The notification name.
    ///   - sender: Only an info with this sender filter counts; `nil` accepts any filter.
    ///   - lifespan: Only an info of this lifespan counts; `nil` accepts any lifespan.
    ///   - handler: Only an info with this handler counts (`.selector("didPing:")` or `.closure`); `nil` accepts
    ///     any handler.
    /// - Returns: The first matching info that listens.
    /// - Throws: ``NotificationInspectionFailure`` naming why no matching info listens, with the owner's
    ///   registrations.
    @discardableResult
    public static func expectListening(
        _ owner: some NotificationEngineOwner,
        to name: Notification.Name,
        sender: SenderFilter? = nil,
        lifespan: Lifespan? = nil,
        handler: NotificationHandler? = nil
    ) throws(NotificationInspectionFailure) -> NotificationInfo {
        try expectListening(
            InspectedSubject(owner: owner),
            ListeningQuery(name: name, sender: sender, lifespan: lifespan, handler: handler)
        )
    }

    /// Expects a standalone `info` to be listening now, and to match every narrowing given.
    ///
    /// ```swift
    /// let didSave = NotificationInfo(name: .didSave, object: store, center: center) { _ in }
    /// didSave.startListening()
    /// try NotificationLifecycleInspection.expectListening(didSave, to: .didSave, sender: .object(store))
    /// ```
    ///
    /// - Parameters:
    ///   - info: The info.
    ///   - name: The name it must be registered for; `nil` accepts any.
    ///   - sender: The sender filter it must have; `nil` accepts any.
    ///   - lifespan: The lifespan it must have; `nil` accepts any.
    ///   - handler: The handler it must have; `nil` accepts any.
    /// - Returns: The info.
    @discardableResult
    public static func expectListening(
        _ info: NotificationInfo,
        to name: Notification.Name? = nil,
        sender: SenderFilter? = nil,
        lifespan: Lifespan? = nil,
        handler: NotificationHandler? = nil
    ) throws(NotificationInspectionFailure) -> NotificationInfo {
        try expectListening(
            InspectedSubject(info: info),
            ListeningQuery(name: name, sender: sender, lifespan: lifespan, handler: handler)
        )
    }

    /// Expects `owner` not to be listening to `name` now through any info that matches every narrowing given.
    ///
    /// An info that is declared but stopped passes; so does a name the owner never declared.
    ///
    /// ```swift
    /// screen.disappear()
    /// try NotificationLifecycleInspection.expectNotListening(screen, to: .themeDidChange)
    /// ```
    ///
    /// - Parameters:
    ///   - owner: A `ControllerBase` or any `NotificationEngineOwner`.
    ///   - name: The notification name.
    ///   - sender: Only an info with this sender filter counts; `nil` counts any filter.
    ///   - lifespan: Only an info of this lifespan counts; `nil` counts any lifespan.
    ///   - handler: Only an info with this handler counts; `nil` counts any handler.
    public static func expectNotListening(
        _ owner: some NotificationEngineOwner,
        to name: Notification.Name,
        sender: SenderFilter? = nil,
        lifespan: Lifespan? = nil,
        handler: NotificationHandler? = nil
    ) throws(NotificationInspectionFailure) {
        try expectNotListening(
            InspectedSubject(owner: owner),
            ListeningQuery(name: name, sender: sender, lifespan: lifespan, handler: handler)
        )
    }

    /// Expects a standalone `info` not to be listening now (narrowings given must match for it to count).
    ///
    /// ```swift
    /// try didSave.listen(during: { try store.save() })
    /// try NotificationLifecycleInspection.expectNotListening(didSave)
    /// ```
    public static func expectNotListening(
        _ info: NotificationInfo,
        to name: Notification.Name? = nil,
        sender: SenderFilter? = nil,
        lifespan: Lifespan? = nil,
        handler: NotificationHandler? = nil
    ) throws(NotificationInspectionFailure) {
        try expectNotListening(
            InspectedSubject(info: info),
            ListeningQuery(name: name, sender: sender, lifespan: lifespan, handler: handler)
        )
    }

    private static func expectListening(
        _ subject: InspectedSubject,
        _ query: ListeningQuery
    ) throws(NotificationInspectionFailure) -> NotificationInfo {
        let registrations = subject.infos.map(NotificationRegistration.init)
        let named = registrations.indices.filter { query.matchesName(registrations[$0]) }
        let matching = named.filter { query.matches(registrations[$0]) }
        if let index = matching.first(where: { registrations[$0].isListening }) {
            return subject.infos[index]
        }
        let reason: String
        if named.isEmpty {
            if subject.isStandaloneInfo {
                reason = "it is an info for \(registrations[0].name?.rawValue ?? "every notification")."
            } else {
                reason =
                    "it has no info for \(query.name?.rawValue ?? "any name"). Declare one in "
                    + "populateNotificationInfos(), or check the name the poster uses."
            }
        } else if matching.isEmpty {
            if subject.isStandaloneInfo {
                reason = "it does not match: it is \(registrations[0])."
            } else {
                let has = named.map { "row \($0 + 1): " + registrations[$0].description }.joined(separator: "; ")
                reason = "none of its infos for \(query.name?.rawValue ?? "that name") matches; it has \(has)."
            }
        } else {
            let rows = matching.map { "\($0 + 1)" }.joined(separator: ", ")
            let noun = subject.isStandaloneInfo ? "it" : "its matching info (row \(rows))"
            reason =
                "\(noun) does not listen: " + notListeningReason(subject.infos[matching[0]], engine: subject.engine)
        }
        throw NotificationInspectionFailure(
            summary: "Expected \(subject.name) to be listening\(query.phrase), but \(reason)",
            details: subject.registrationsTable(registrations, marked: Set(matching.isEmpty ? named : matching))
        )
    }

    private static func expectNotListening(
        _ subject: InspectedSubject,
        _ query: ListeningQuery
    ) throws(NotificationInspectionFailure) {
        let registrations = subject.infos.map(NotificationRegistration.init)
        let listening = registrations.indices.filter {
            query.matches(registrations[$0]) && registrations[$0].isListening
        }
        guard !listening.isEmpty else { return }
        let rows = listening.map { "\($0 + 1)" }.joined(separator: ", ")
        let what =
            subject.isStandaloneInfo
            ? "it is."
            : "\(listening.count) matching info\(listening.count == 1 ? " listens" : "s listen") (row \(rows))."
        throw NotificationInspectionFailure(
            summary: "Expected \(subject.name) not to be listening\(query.phrase), but \(what)",
            details: subject.registrationsTable(registrations, marked: Set(listening))
        )
    }

    /// Why `info` does not listen, as far as its engine's lifespans tell, with the call that would start it.
    private static func notListeningReason(_ info: NotificationInfo, engine: NotificationEngine?) -> String {
        guard let engine, !engine.isActive(info.lifespan) else {
            return "it was stopped on its own (stopListening() or notificationEngine.remove(_:)), or its observer or "
                + "sender was released, or its selector is unknown."
        }
        if info.lifespan == .visible {
            return "its lifespan visible is not active. Call appear() first."
        }
        if info.lifespan == .lifetime {
            return "its lifespan lifetime is not active yet: the controller is still in populateNotificationInfos()."
        }
        return "its lifespan \(info.lifespan) is not active. Call "
            + "notificationEngine.start(\(dotted(info.lifespan))) first."
    }

    /// `.visible`, `.custom("editing")`: a lifespan as Swift source.
    static func dotted(_ lifespan: Lifespan) -> String {
        "." + lifespan.description
    }
}

// MARK: - Registrations

extension NotificationLifecycleInspection {
    /// Expects `owner`'s registrations to be exactly `expected`, in declaration order.
    ///
    /// Each registration compares its name, sender filter, lifespan, handler and whether it listens. A failure
    /// shows the expected and actual lists side by side.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectRegistrations(of: screen, [
    ///     .listening(to: .storeDidChange, handler: .selector("storeDidChange:")),
    ///     .notListening(to: .themeDidChange, lifespan: .visible),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - owner: A `ControllerBase` or any `NotificationEngineOwner`; a subclass's list starts with its
    ///     superclass's infos.
    ///   - expected: The registrations, in the order the infos were added.
    public static func expectRegistrations(
        of owner: some NotificationEngineOwner,
        _ expected: [NotificationRegistration]
    ) throws(NotificationInspectionFailure) {
        let infos = owner.notificationEngine.infos
        let actual = infos.map(NotificationRegistration.init)
        guard actual != expected else { return }
        let differing = (0..<max(expected.count, actual.count)).filter { index in
            index >= expected.count || index >= actual.count || expected[index] != actual[index]
        }
        var reason = ""
        if expected.count != actual.count {
            reason = "it has \(actual.count); "
        }
        reason += "row\(differing.count == 1 ? "" : "s") \(differing.map { "\($0 + 1)" }.joined(separator: ", "))"
        reason += differing.count == 1 ? " differs." : " differ."
        throw NotificationInspectionFailure(
            summary: "Expected \(type(of: owner)) to have these \(expected.count) registrations in declaration "
                + "order, but \(reason)",
            details: "Expected and actual registrations of \(type(of: owner)) (rows that differ are marked !):\n"
                + RegistrationTable.comparison(expected: expected, actual: actual, infos: infos)
        )
    }
}

// MARK: - Centers

extension NotificationLifecycleInspection {
    /// Expects no info of this package to hold a registration on `center` any more.
    ///
    /// Use it after releasing a controller, or at the end of a test, to prove that nothing still listens. Infos
    /// that exist but do not listen pass; see ``expectNoInfos(on:)`` to require that they are gone too.
    ///
    /// ```swift
    /// var screen: InboxScreen? = InboxScreen(notificationCenter: center)
    /// screen?.appear()
    /// screen = nil
    /// try NotificationLifecycleInspection.expectNoRegistrations(on: center)
    /// ```
    public static func expectNoRegistrations(on center: NotificationCenter) throws(NotificationInspectionFailure) {
        let remaining = RegistrationTable.sortedForDisplay(RegistrationLedger.listeningInfos(on: center))
        guard !remaining.isEmpty else { return }
        throw NotificationInspectionFailure(
            summary: "Expected no registration of NotificationLifecycle on the center, but \(remaining.count) "
                + "info\(remaining.count == 1 ? " still listens" : "s still listen"). Release the controllers "
                + "that own them, or call stopListening() on the standalone ones.",
            details: "Listening infos on the center:\n" + RegistrationTable.centerRows(remaining)
        )
    }

    /// Expects no info of this package made for `center` to be alive any more, listening or not.
    ///
    /// Stricter than ``expectNoRegistrations(on:)``: an info kept alive by a forgotten reference fails it.
    public static func expectNoInfos(on center: NotificationCenter) throws(NotificationInspectionFailure) {
        let remaining = RegistrationTable.sortedForDisplay(RegistrationLedger.infos(on: center))
        guard !remaining.isEmpty else { return }
        throw NotificationInspectionFailure(
            summary: "Expected no info of NotificationLifecycle to be alive for the center, but \(remaining.count) "
                + "\(remaining.count == 1 ? "is" : "are"). Release the controllers that own them and the "
                + "references to standalone ones.",
            details: "Live infos for the center:\n" + RegistrationTable.centerRows(remaining)
        )
    }
}
