import NotificationLifecycle

/// The checks behind the listening and registration expectations: each answers the failure, or `nil` when the
/// expectation holds.
enum ListeningCheck {
    static func listening(_ subject: InspectedSubject, _ query: Narrowing) -> InspectionFailure? {
        guard let (reason, registrations, marked) = whyNotListening(subject, query) else { return nil }
        return InspectionFailure(
            summary: "Expected \(subject.name) to be listening\(query.phrase), but \(reason)",
            details: subject.registrationsTable(registrations, marked: marked)
        )
    }

    /// Why `subject` does not listen as `query` asks (`it has no info for …`, `its matching info (row 2) does not
    /// listen: …`), with its registrations and the rows that matter; `nil` when it listens.
    static func whyNotListening(
        _ subject: InspectedSubject,
        _ query: Narrowing
    ) -> (reason: String, registrations: [NotificationRegistration], marked: Set<Int>)? {
        let registrations = subject.infos.map(NotificationRegistration.init)
        let onTopic = registrations.indices.filter { query.matchesTopic(registrations[$0]) }
        let matching = onTopic.filter { query.matches(registrations[$0]) }
        if matching.contains(where: { registrations[$0].isListening }) { return nil }
        let topicText = query.topic?.text
        let reason: String
        if onTopic.isEmpty, subject.isStandaloneInfo {
            reason = "it is an info for \(registrations[0].topic?.text ?? "every notification")."
        } else if onTopic.isEmpty {
            reason =
                "it has no info for \(topicText ?? "any topic"). Declare one in populateNotificationInfos(), "
                + "or check the name the poster uses."
        } else if matching.isEmpty, subject.isStandaloneInfo {
            reason = "it does not match: it is \(registrations[0].summary)."
        } else if matching.isEmpty {
            let has = onTopic.map { "row \($0 + 1): " + registrations[$0].summary }.joined(separator: "; ")
            reason = "none of its infos for \(topicText ?? "that topic") matches; it has \(has)."
        } else {
            let rows = matching.map { "\($0 + 1)" }.joined(separator: ", ")
            let noun = subject.isStandaloneInfo ? "it" : "its matching info (row \(rows))"
            reason =
                "\(noun) does not listen: " + notListeningReason(subject.infos[matching[0]], of: subject)
        }
        return (reason, registrations, Set(matching.isEmpty ? onTopic : matching))
    }

    static func notListening(_ subject: InspectedSubject, _ query: Narrowing) -> InspectionFailure? {
        let registrations = subject.infos.map(NotificationRegistration.init)
        let listening = registrations.indices.filter {
            query.matches(registrations[$0]) && registrations[$0].isListening
        }
        guard !listening.isEmpty else { return nil }
        let rows = listening.map { "\($0 + 1)" }.joined(separator: ", ")
        let what =
            subject.isStandaloneInfo
            ? "it is."
            : "\(listening.count) matching info\(listening.count == 1 ? " listens" : "s listen") (row \(rows))."
        return InspectionFailure(
            summary: "Expected \(subject.name) not to be listening\(query.phrase), but \(what)",
            details: subject.registrationsTable(registrations, marked: Set(listening))
        )
    }

    static func registrations(
        of owner: some NotificationEngineOwner,
        _ expected: [NotificationRegistration]
    ) -> InspectionFailure? {
        let infos = owner.notificationEngine.infos
        let actual = infos.map(NotificationRegistration.init)
        let differing = (0..<max(expected.count, actual.count)).filter { index in
            index >= expected.count || index >= actual.count || expected[index] != actual[index]
        }
        guard !differing.isEmpty else { return nil }
        var reason = expected.count == actual.count ? "" : "it has \(actual.count); "
        reason += "row\(differing.count == 1 ? "" : "s") \(differing.map { "\($0 + 1)" }.joined(separator: ", "))"
        reason += differing.count == 1 ? " differs." : " differ."
        return InspectionFailure(
            summary: "Expected \(type(of: owner)) to have these \(expected.count) registrations in declaration "
                + "order, but \(reason)",
            details: "Expected and actual registrations of \(type(of: owner)) (rows that differ are marked !):\n"
                + RegistrationTable.comparison(expected: expected, actual: actual, infos: infos)
        )
    }

    /// Why `info` does not listen: what the info itself knows (an unknown selector, a released observer or sender),
    /// else what its engine's lifespans tell, with the call that would start it.
    private static func notListeningReason(_ info: NotificationInfo, of subject: InspectedSubject) -> String {
        let engine = subject.engine
        if info.hasUnknownSelector {
            return "its selector \(info.selector ?? "") is not in its observer's notificationSelectors (reported "
                + "when the info was made), so it never listens. Add it to the table, or fix the name."
        }
        if info.needsObserver, info.observer == nil {
            return "its observer was released. Make a new info for a live observer."
        }
        if info.filtersBySender, info.object == nil {
            return "the sender it filters on was released. Make a new info for a live sender."
        }
        guard let engine, !engine.isActive(info.lifespan) else {
            return "it was stopped on its own: stopListening(), or the engine's remove(_:)."
        }
        if info.lifespan == .visible {
            return "its lifespan visible is not active. Call \(subject.lifecycleCallPrefix)appear() first."
        }
        if info.lifespan == .lifetime {
            return "its lifespan lifetime is not active yet: the controller is still in populateNotificationInfos()."
        }
        return "its lifespan \(info.lifespan) is not active. Call notificationEngine.start(.\(info.lifespan)) first."
    }
}
