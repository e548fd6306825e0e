import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

// Every public expectation of the module, passing and failing. Each closure makes its own center and controller.

extension Scenario {
    static var all: [Scenario] {
        var scenarios = listening + registrations + deallocation + deliveries + waiting + lifecycle + diagnostics
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            scenarios += messages
        }
        return scenarios
    }

    static let listening: [Scenario] = [
        Scenario(
            "expectListening(owner) for a name it never declared",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectListening(
                    screen,
                    to: .name(.ping),
                    sender: .anySender,
                    lifespan: .lifetime,
                    handler: .selector("didPing:")
                )
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectListening(
                    screen,
                    to: .name(.sync),
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen to be listening to sync, but it has no info for sync. Declare one in "
                + "populateNotificationInfos(), or check the name the poster uses.",
            details: ["Registrations of InboxScreen (3; active lifespans: lifetime):", "didPing:"]
        ),
        Scenario(
            "expectListening(owner) for a visible info before appear()",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                screen.appear()
                expectListening(screen, to: .name(.pong), lifespan: .visible)
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectListening(
                    screen,
                    to: .name(.pong),
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen to be listening to pong, but its matching info (row 2) does not listen: its "
                + "lifespan visible is not active. Call appear() first.",
            details: [">  2  pong"]
        ),
        Scenario(
            "expectListening(owner) for a custom lifespan not started",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                screen.notificationEngine.start(.editing)
                expectListening(screen, to: .name(.save), lifespan: .editing)
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectListening(
                    screen,
                    to: .name(.save),
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen to be listening to save, but its matching info (row 3) does not listen: its "
                + "lifespan custom(\"editing\") is not active. Call notificationEngine.start(.custom(\"editing\")) first."
        ),
        Scenario(
            "expectListening(info) for a stopped standalone info",
            passes: {
                let store = Store()
                let info = NotificationInfo(name: .save, object: store, center: NotificationCenter()) { _ in }
                info.startListening()
                expectListening(info, to: .name(.save), sender: .object(store))
            },
            fails: { site in
                let info = NotificationInfo(name: .save, center: NotificationCenter()) { _ in }
                expectListening(
                    info,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary:
                "Expected the info NotificationInfo(name: save, sender: any, handler: closure, "
                + "not listening) to be listening, but it does not listen: it was stopped on its own: "
                + "stopListening(), or the engine's remove(_:).",
            details: ["Registrations of the info (1):"]
        ),
        Scenario(
            "expectNotListening(owner) while appeared",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectNotListening(screen, to: .name(.pong))
                expectNotListening(screen, to: .name(.ping), lifespan: .visible)
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                screen.appear()
                expectNotListening(
                    screen,
                    to: .name(.pong),
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen not to be listening to pong, but 1 matching info listens (row 2).",
            details: ["active lifespans: lifetime, visible"]
        ),
        Scenario(
            "expectNotListening(info) for a started info",
            passes: {
                let info = NotificationInfo(name: .save, center: NotificationCenter()) { _ in }
                expectNotListening(info)
            },
            fails: { site in
                let info = NotificationInfo(name: .save, center: NotificationCenter()) { _ in }
                info.startListening()
                expectNotListening(
                    info,
                    to: .name(.save),
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary:
                "Expected the info NotificationInfo(name: save, sender: any, handler: closure, "
                + "listening) not to be listening to save, but it is."
        ),
    ]

    static let registrations: [Scenario] = [
        Scenario(
            "expectRegistrations with a row that differs",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectRegistrations(
                    of: screen,
                    [
                        .listening(to: .name(.ping), handler: .selector("didPing:")),
                        .notListening(to: .name(.pong), lifespan: .visible),
                        .notListening(to: .name(.save), lifespan: .editing),
                    ]
                )
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectRegistrations(
                    of: screen,
                    [
                        .listening(to: .name(.ping), handler: .selector("didPing:")),
                        .listening(to: .name(.pong), lifespan: .visible),
                    ],
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen to have these 2 registrations in declaration order, but it has 3; rows 2, 3 "
                + "differ.",
            details: ["Expected and actual registrations of InboxScreen (rows that differ are marked !):"]
        ),
        Scenario(
            "expectNoRegistrations while a standalone info listens",
            passes: {
                let center = NotificationCenter()
                var screen: InboxScreen? = InboxScreen(notificationCenter: center)
                screen?.appear()
                screen = nil
                expectNoRegistrations(on: center)
            },
            fails: { site in
                let center = NotificationCenter()
                let info = NotificationInfo(name: .sync, center: center) { _ in }
                info.startListening()
                expectNoRegistrations(
                    on: center,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                info.stopListening()
            },
            summary: "Expected no registration of NotificationLifecycle on the center, but 1 info still listens. "
                + "Release the controllers that own them, or call stopListening() on the standalone ones.",
            details: ["Listening infos on the center:", "sync"]
        ),
        Scenario(
            "expectNoRegistrations including stopped infos while one is alive",
            passes: {
                let center = NotificationCenter()
                do {
                    let info = NotificationInfo(name: .sync, center: center) { _ in }
                    info.startListening()
                }
                expectNoRegistrations(on: center, includingStoppedInfos: true)
            },
            fails: { site in
                let center = NotificationCenter()
                let info = NotificationInfo(name: .sync, center: center) { _ in }
                expectNoRegistrations(
                    on: center,
                    includingStoppedInfos: true,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                withExtendedLifetime(info) {}
            },
            summary: "Expected no info of NotificationLifecycle to be alive for the center, but 1 is. Release the "
                + "controllers that own them and the references to standalone ones.",
            details: ["Live infos for the center:"]
        ),
    ]

    static let deallocation: [Scenario] = [
        Scenario(
            "expectDeallocated(&object) for a controller whose closure captures self",
            passes: {
                var screen: InboxScreen? = InboxScreen(notificationCenter: NotificationCenter())
                screen?.appear()
                expectDeallocated(&screen)
            },
            fails: { site in
                var screen: LeakyScreen? = LeakyScreen(notificationCenter: NotificationCenter())
                let engine = screen?.notificationEngine
                expectDeallocated(
                    &screen,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                engine?.stopAll()  // breaks the cycle, so that the leak does not outlive the scenario
            },
            summary: "Expected LeakyScreen to be deallocated after its last reference was dropped, but it is still "
                + "alive. Its closure handlers (Fixtures.swift:68) keep it alive if one captures it strongly: use the "
                + "owner the shorthand passes to the closure instead of self, or capture [weak self]. 1 info names it "
                + "as observer or sender; infos hold both weakly, so they keep it alive only through a closure that "
                + "captures it."
        ),
        Scenario(
            "expectDeallocated { make } for an info an engine owns",
            passes: {
                let center = NotificationCenter()
                expectDeallocated {
                    let screen = InboxScreen(notificationCenter: center)
                    screen.appear()
                    center.post(name: .ping, object: nil)
                    return screen
                }
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectDeallocated(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column) {
                    screen.notificationEngine.infos[1]
                }
            },
            summary: "Expected NotificationInfo to be deallocated after its last reference was dropped, but it is "
                + "still alive. An engine owns it (it was added to a controller or a NotificationEngine): the engine "
                + "holds it until the owner is released or calls remove(_:)."
        ),
    ]

    static let deliveries: [Scenario] = [
        Scenario(
            "expectDelivered exactly once, delivered twice",
            passes: {
                let (center, recorder, screen) = recordedScreen()
                center.post(name: .ping, object: nil)
                expectDelivered(.name(.ping), to: .selector("didPing:"), in: recorder)
                withExtendedLifetime(screen) {}
            },
            fails: { site in
                let (center, recorder, screen) = recordedScreen()
                center.post(name: .ping, object: nil)
                center.post(name: .ping, object: nil)
                expectDelivered(
                    .name(.ping),
                    in: recorder,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                withExtendedLifetime(screen) {}
            },
            summary: "Expected notification ping to be delivered once, but it was delivered twice.",
            details: ["Recorded deliveries (2; matching rows are marked >):", ">  1  ping   didPing:"]
        ),
        Scenario(
            "expectDelivered at least twice, delivered once",
            passes: {
                let (center, recorder, screen) = recordedScreen()
                for _ in 1...3 { center.post(name: .ping, object: nil) }
                expectDelivered(.name(.ping), .atLeast(2), in: recorder)
                withExtendedLifetime(screen) {}
            },
            fails: { site in
                let (center, recorder, screen) = recordedScreen()
                center.post(name: .ping, object: nil)
                expectDelivered(
                    .name(.ping),
                    lifespan: .lifetime,
                    .atLeast(2),
                    in: recorder,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                withExtendedLifetime(screen) {}
            },
            summary:
                "Expected notification ping to be delivered to a lifetime info at least twice, but it was delivered once."
        ),
        Scenario(
            "expectDelivered never, delivered once",
            passes: {
                let (center, recorder, screen) = recordedScreen()
                center.post(name: .pong, object: nil)  // visible: not appeared
                expectDelivered(.name(.pong), .never, in: recorder)
                withExtendedLifetime(screen) {}
            },
            fails: { site in
                let (center, recorder, screen) = recordedScreen()
                screen.appear()
                center.post(name: .pong, object: nil)
                expectDelivered(
                    .name(.pong),
                    .never,
                    in: recorder,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected notification pong not to be delivered, but it was delivered once."
        ),
        Scenario(
            "expectDelivered with a negative count",
            passes: {
                let (_, recorder, screen) = recordedScreen()
                expectDelivered(.name(.ping), .exactly(0), in: recorder)
                withExtendedLifetime(screen) {}
            },
            fails: { site in
                let (_, recorder, screen) = recordedScreen()
                expectDelivered(
                    .name(.ping),
                    .atLeast(-1),
                    in: recorder,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
                withExtendedLifetime(screen) {}
            },
            summary: "Expected a delivery count of zero or more, but atLeast(-1) was given. Use .never for no delivery."
        ),
        Scenario(
            "expectDeliveries in the wrong order",
            passes: {
                let (center, recorder, screen) = recordedScreen()
                center.post(name: .ping, object: nil)
                screen.appear()
                center.post(name: .pong, object: nil)
                expectDeliveries([.name(.ping), .name(.pong)], in: recorder)
            },
            fails: { site in
                let (center, recorder, screen) = recordedScreen()
                screen.appear()
                center.post(name: .pong, object: nil)
                center.post(name: .ping, object: nil)
                expectDeliveries(
                    [.name(.ping), .name(.pong)],
                    in: recorder,
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected 2 deliveries in this order, but 2 deliveries were recorded and delivery 1 is pong -> "
                + "closure (visible, Fixtures.swift:32) where ping was expected.",
            details: ["Expected and recorded deliveries (rows that differ are marked !):"]
        ),
    ]

    static var waiting: [Scenario] {
        [
            Scenario(
                "waitForDeliveries that times out",
                passes: {
                    let (center, recorder, screen) = recordedScreen()
                    let poster = Task.detached { center.post(name: .ping, object: nil) }
                    await waitForDeliveries(of: .name(.ping), in: recorder)
                    await poster.value
                    withExtendedLifetime(screen) {}
                },
                fails: { site in
                    let (center, recorder, screen) = recordedScreen()
                    center.post(name: .ping, object: nil)
                    await waitForDeliveries(
                        of: .name(.ping),
                        .atLeast(2),
                        in: recorder,
                        timeout: 0.02,
                        fileID: site.fileID,
                        filePath: site.filePath,
                        line: site.line,
                        column: site.column
                    )
                    withExtendedLifetime(screen) {}
                },
                summary: "Expected notification ping to be delivered at least twice within 0.02 seconds, but it was "
                    + "delivered once.",
                details: ["Recorded deliveries (1; matching rows are marked >):"]
            ),
            Scenario(
                "waitForDeliveries with a predicate",
                passes: {
                    let (center, recorder, screen) = recordedScreen()
                    screen.appear()
                    let poster = Task.detached {
                        center.post(name: .ping, object: nil)
                        center.post(name: .pong, object: nil)
                    }
                    await waitForDeliveries(in: recorder) { $0.lifespan == .visible }
                    await poster.value
                },
                fails: { site in
                    let (center, recorder, screen) = recordedScreen()
                    center.post(name: .ping, object: nil)
                    await waitForDeliveries(
                        in: recorder,
                        timeout: 0.02,
                        fileID: site.fileID,
                        filePath: site.filePath,
                        line: site.line,
                        column: site.column
                    ) {
                        $0.lifespan == .visible
                    }
                    withExtendedLifetime(screen) {}
                },
                summary: "Expected a notification or message that the predicate accepts to be delivered once within "
                    + "0.02 seconds, but it was never delivered."
            ),
        ]
    }

    static let lifecycle: [Scenario] = [
        Scenario(
            "expectLifecycle with a step that does not match",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectLifecycle(
                    of: screen,
                    [
                        .initially(listening: [.name(.ping)]),
                        .appear(listening: [.name(.ping), .name(.pong)]),
                        .start(.editing, listening: [.name(.ping), .name(.pong), .name(.save)]),
                        .stop(.editing, listening: [.name(.ping), .name(.pong)]),
                        .perform("stop(.visible)", listening: [.name(.ping)]) {
                            screen.notificationEngine.stop(.visible)
                        },
                        .disappear(listening: [.name(.ping)]),
                    ]
                )
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectLifecycle(
                    of: screen,
                    [
                        .initially(listening: [.name(.ping)]),
                        .appear(listening: [.name(.ping)]),
                        .disappear(listening: [.name(.ping)]),
                    ],
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                )
            },
            summary: "Expected InboxScreen to listen to the topics each step lists, but after step 2 (appear()) it "
                + "listens to ping, pong where the step lists ping: pong is not listed.",
            details: ["Steps (those that did not match are marked !):", "!  2  appear()"]
        )
    ]

    static let diagnostics: [Scenario] = [
        Scenario(
            "expectDiagnostics that reports something else",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                let reported = expectDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
                _ = reported
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                expectDiagnostics(
                    [.duplicateRegistration],
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                ) {
                    screen.notificationEngine.stop(.lifetime)
                }
            },
            summary: "Expected the block to report [duplicate-registration], but it reported [lifetime-stop].",
            details: ["Reported diagnostics:", "1. [lifetime-stop]"]
        ),
        Scenario(
            "expectDiagnostics (async) that reports nothing",
            passes: {
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                await expectDiagnostics([.lifetimeStop]) { await screen.stopLifetimeLater() }
            },
            fails: { site in
                let screen = InboxScreen(notificationCenter: NotificationCenter())
                await expectDiagnostics(
                    [.lifetimeStop],
                    fileID: site.fileID,
                    filePath: site.filePath,
                    line: site.line,
                    column: site.column
                ) {
                    await Task.yield()
                    screen.appear()
                }
            },
            summary: "Expected the block to report [lifetime-stop], but it reported none."
        ),
        Scenario(
            "expectNoDiagnostics around a misuse",
            passes: {
                expectNoDiagnostics {
                    let screen = InboxScreen(notificationCenter: NotificationCenter())
                    screen.appear()
                    expectDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
                }
            },
            fails: { site in
                expectNoDiagnostics(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
                {
                    let screen = InboxScreen(notificationCenter: NotificationCenter())
                    screen.notificationEngine.stop(.lifetime)
                }
            },
            summary: "Expected no NotificationLifecycle diagnostic (expectNoDiagnostics), but one was reported: "
                + "[lifetime-stop]. Fix the misuse, or capture the diagnostic where it is expected with "
                + "expectDiagnostics(_:_:).",
            details: ["1. [lifetime-stop] Expected lifetime infos to listen until their owner is released"]
        ),
    ]

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    static var messages: [Scenario] {
        [
            Scenario(
                "expectListening for a message type the owner does not listen to",
                passes: {
                    let screen = DraftScreen(notificationCenter: NotificationCenter())
                    expectListening(screen, to: .message(DraftSaved.self))
                    expectNotListening(screen, to: .message(ThemeChanged.self))
                    expectNotListening(screen, to: .name(Notification.Name(String(reflecting: DraftSaved.self))))
                },
                fails: { site in
                    let screen = DraftScreen(notificationCenter: NotificationCenter())
                    expectListening(
                        screen,
                        to: .message(ThemeChanged.self),
                        fileID: site.fileID,
                        filePath: site.filePath,
                        line: site.line,
                        column: site.column
                    )
                },
                summary: "Expected DraftScreen to be listening to message ThemeChanged, but it has no info for message "
                    + "ThemeChanged. Declare one in populateNotificationInfos(), or check the name the poster uses.",
                details: ["message DraftSaved"]
            ),
            Scenario(
                "waitForDeliveries of an asynchronous message that never comes",
                passes: {
                    let center = NotificationCenter()
                    let screen = DraftScreen(notificationCenter: center)
                    let recorder = DeliveryRecorder()
                    recorder.record(screen)
                    center.post(DraftSaved(number: 1))
                    await waitForDeliveries(of: .message(DraftSaved.self), in: recorder)
                    expectDelivered(.message(DraftSaved.self), in: recorder)
                },
                fails: { site in
                    let center = NotificationCenter()
                    let screen = DraftScreen(notificationCenter: center)
                    let recorder = DeliveryRecorder()
                    recorder.record(screen)
                    center.post(name: .ping, object: nil)
                    await waitForDeliveries(
                        of: .message(DraftSaved.self),
                        in: recorder,
                        timeout: 0.02,
                        fileID: site.fileID,
                        filePath: site.filePath,
                        line: site.line,
                        column: site.column
                    )
                },
                summary: "Expected message DraftSaved to be delivered once within 0.02 seconds, but it "
                    + "was never delivered.",
                details: ["ping"]
            ),
        ]
    }
}

/// An `InboxScreen` on a new center, the recorder that records it, and the screen (the recorder holds it weakly:
/// the caller keeps it alive).
@MainActor
func recordedScreen() -> (NotificationCenter, DeliveryRecorder, InboxScreen) {
    let center = NotificationCenter()
    let screen = InboxScreen(notificationCenter: center)
    let recorder = DeliveryRecorder()
    recorder.record(screen)
    return (center, recorder, screen)
}
