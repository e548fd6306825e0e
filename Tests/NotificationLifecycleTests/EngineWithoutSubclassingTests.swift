import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// Stands in for a `UIViewController`: it cannot inherit from ControllerBase, so it owns an engine and forwards.
final class ForwardingScreen: NotificationEngineOwner, NotificationSelectorResponder, @unchecked Sendable {
    let notificationEngine: NotificationEngine
    let events = Recorder<String>()

    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("didPing:", ForwardingScreen.didPing)
    }

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addLifetimeNotificationInfo(forName: .ping, selector: "didPing:")
        addVisibleNotificationInfo(forName: .pong) { screen, _ in screen.events.record("pong") }
    }

    func viewWillAppear() { notificationEngine.appear() }
    func viewDidDisappear() { notificationEngine.disappear() }

    func didPing(_ notification: Notification) { events.record("ping") }
}

@Suite("NotificationEngine without subclassing")
@MainActor
struct EngineWithoutSubclassingTests {
    let center = NotificationCenter()

    @Test func ownerForwardsItsLifecycleToTheEngine() {
        let screen = ForwardingScreen(center: center)
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        screen.viewWillAppear()
        center.post(name: .pong, object: nil)
        screen.viewDidDisappear()
        center.post(name: .pong, object: nil)
        #expect(screen.events.events == ["ping", "pong"])
    }

    @Test func releasingTheOwnerStopsEverything() {
        var screen: ForwardingScreen? = ForwardingScreen(center: center)
        screen?.viewWillAppear()
        weak let probe = screen
        screen = nil
        #expect(isGone(probe))
        #expect(RegistrationLedger.infos(on: center).isEmpty)
    }

    @Test func standaloneEngineStartsLifetimeInfosAtOnce() {
        let engine = NotificationEngine(center: center)
        let calls = Recorder<Int>()
        engine.add(NotificationInfo(name: .ping, center: center) { _ in calls.record(1) })
        #expect(engine.activeLifespans == [.lifetime])
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
        engine.stopAll()
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
        #expect(engine.activeLifespans.isEmpty)
    }

    /// Each lifespan is marked on its own: lifetime and visible as flags, custom ones by name, each once.
    @Test func lifespansAreMarkedActiveEachOnItsOwn() {
        let engine = NotificationEngine(center: center)
        let (editing, syncing) = (Lifespan.custom("editing"), Lifespan.custom("syncing"))
        engine.appear()
        engine.start(editing)
        engine.start(editing)
        engine.start(syncing)
        #expect(engine.activeLifespans == [.lifetime, .visible, editing, syncing])
        engine.stop(editing)
        engine.stop(editing)
        #expect(engine.activeLifespans == [.lifetime, .visible, syncing])
        #expect(!engine.isActive(editing) && engine.isActive(syncing))
        engine.disappear()
        engine.start(editing)
        #expect(engine.activeLifespans == [.lifetime, editing, syncing])
        engine.stop(syncing)
        engine.stop(editing)
        #expect(engine.activeLifespans == [.lifetime])
    }
}

@Suite("Input that is reported")
@MainActor
struct ReportedInputTests {
    let center = NotificationCenter()

    @Test func infoForEveryNotificationIsAllowedAndReported() {
        let calls = Recorder<String>()
        let (info, diagnostics) = capturingDiagnostics {
            NotificationInfo(name: nil, center: center) { calls.record($0.name.rawValue) }
        }
        #expect(diagnostics.map(\.rule) == everyNotificationReports())
        #expect(diagnostics.allSatisfy { $0.message.contains("typed message") })
        info.startListening()
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(calls.count == 2)
        info.stopListening()
    }

    @Test func emptyNameIsReported() {
        let rules = reportedRules { _ = NotificationInfo(name: Notification.Name(""), center: center) { _ in } }
        #expect(rules == [.emptyName])
    }

    @Test func emptyCustomLifespanNameIsReported() {
        let rules = reportedRules {
            _ = NotificationInfo(name: .ping, lifespan: .custom(""), center: center) { _ in }
        }
        #expect(rules == [.emptyName])
    }

    @Test func lifespansAreHashableAndPrintable() {
        #expect(Lifespan.custom("editing") == .custom("editing"))
        #expect(Lifespan.custom("editing") != .custom("syncing"))
        #expect(Set([Lifespan.lifetime, .visible, .custom("a"), .custom("a")]).count == 3)
        #expect(
            "\(Lifespan.lifetime) \(Lifespan.visible) \(Lifespan.custom("editing"))"
                == "lifetime visible custom(\"editing\")"
        )
        #expect(Lifespan.custom("editing").customName == "editing")
        #expect(Lifespan.visible.customName == nil)
    }

    @Test func diagnosticDescriptionNamesRuleMessageAndPlace() {
        let diagnostic = NotificationDiagnostic(
            rule: .emptyName,
            message: "Expected x, but y.",
            fileID: "A/B.swift",
            line: 7
        )
        #expect(diagnostic.description == "[empty-name] Expected x, but y. (A/B.swift:7)")
    }
}

/// Serialized: two tests install the process-wide handler.
@Suite("Diagnostics routing", .serialized)
@MainActor
struct DiagnosticsRoutingTests {
    @Test func defaultReportIsOneLineOnStandardError() {
        let diagnostic = NotificationDiagnostic(rule: .emptyName, message: "Expected x, but y. Do z.")
        #expect(diagnostic.standardErrorLine == "NotificationLifecycle: [empty-name] Expected x, but y. Do z.\n")
    }

    @Test func installedHandlerReceivesReportsOutsideCapturingTasks() {
        let received = Recorder<NotificationDiagnostic>()
        let marker = "installed-handler-\(UInt64.random(in: 0...UInt64.max))"
        NotificationDiagnostic.installHandler { received.record($0) }
        defer { NotificationDiagnostic.installHandler(nil) }
        DiagnosticRouting.route(NotificationDiagnostic(rule: .emptyName, message: marker), about: nil)
        #expect(received.events.contains { $0.message == marker })
    }

    /// The handler replaced by `installHandler` is released after the diagnostics lock: the `deinit` of an object it
    /// captured reports, which reads the installed handler under that lock.
    @Test func aReplacedHandlerWhoseCaptureReportsInItsDeinit() {
        let reported = LockedValueBox(false)
        NotificationDiagnostic.installHandler(
            handlerHolding(
                DeinitProbe {
                    // Outside any scope, so that the report reads the installed handler.
                    DiagnosticRouting.$scope.withValue(nil) {
                        let diagnostic = NotificationDiagnostic(rule: .emptyName, message: "Expected none, but one.")
                        DiagnosticRouting.route(diagnostic, about: nil)
                    }
                    reported.withLock { $0 = true }
                }
            )
        )
        NotificationDiagnostic.installHandler(nil)
        #expect(reported.withLock { $0 })
    }

    /// Reading the installed handler at each report must not wrap it: kept as a function in the generic lock box, it
    /// grew by two reabstraction thunks a report, and a call after about 100,000 reports overflowed the stack.
    @Test func anInstalledHandlerStaysOneCallAfterManyReports() {
        let received = LockedValueBox(0)
        NotificationDiagnostic.installHandler { _ in received.withLock { $0 += 1 } }
        defer { NotificationDiagnostic.installHandler(nil) }
        DiagnosticRouting.$scope.withValue(nil) {
            for _ in 0..<250_000 {
                DiagnosticRouting.route(NotificationDiagnostic(rule: .emptyName, message: "Expected many."), about: nil)
            }
        }
        #expect(received.withLock { $0 } >= 250_000)
    }

    private func handlerHolding(_ probe: DeinitProbe) -> @Sendable (NotificationDiagnostic) -> Void {
        { _ in withExtendedLifetime(probe) {} }
    }

    /// The limit the Testing article states: made outside any capture or strict mode, this engine's center belongs
    /// to no test, so a report raised on another thread reaches the installed handler (else standard error), not a
    /// capture open meanwhile.
    @Test func aReportAboutACenterNoCaptureClaimedGoesToTheInstalledHandler() async {
        let engine = NotificationEngine(center: NotificationCenter())
        let received = Recorder<NotificationDiagnostic>()
        NotificationDiagnostic.installHandler { received.record($0) }
        defer { NotificationDiagnostic.installHandler(nil) }
        let captured = await expectDiagnostics([]) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    engine.stop(.lifetime)
                    done.resume()
                }
                .start()
            }
        }
        #expect(captured.isEmpty)
        #expect(received.events.map(\.rule).contains(.lifetimeStop))
        // Raised in the capture's own task, the same report is captured.
        expectDiagnostics([.lifetimeStop]) { engine.stop(.lifetime) }
    }
}

@Suite("Delivery taps")
@MainActor
struct DeliveryTapTests {
    let center = NotificationCenter()

    @Test func engineTapSeesEveryHandlerCallOfItsInfosAlsoLaterOnes() {
        let controller = ScreenController(notificationCenter: center)
        let seen = Recorder<String>()
        controller.notificationEngine.setDeliveryTap { event in
            seen.record("\(event.info.lifespan) \(event.name.rawValue) \(event.userInfoKeys)")
        }
        let sender = Sender()
        controller.addLifetimeNotificationInfo(forName: .pong, object: sender) { _, _ in }
        center.post(name: .ping, object: nil, userInfo: ["b": 1, "a": 2])
        center.post(name: .pong, object: nil)  // visible info not listening; the late info filters on sender
        center.post(name: .pong, object: sender)
        #expect(
            seen.events == [
                "lifetime \(Notification.Name.ping.rawValue) [\"a\", \"b\"]",
                "lifetime \(Notification.Name.pong.rawValue) []",
            ]
        )
        controller.notificationEngine.setDeliveryTap(nil)
        center.post(name: .ping, object: nil)
        #expect(seen.count == 2)
    }
}
