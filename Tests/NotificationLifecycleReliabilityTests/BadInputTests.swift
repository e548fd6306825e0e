import Foundation
import NotificationLifecycle
import Testing

extension ReliabilityTests {
    /// Misuse gets a defined result and a report naming the rule and the remedy, and corrupts nothing.
    @Suite("Bad input")
    @MainActor
    struct BadInputTests {
        let center = NotificationCenter()
        let posts = IDSource()

        /// Posts `name` from `sender` with a new post id and returns the id.
        @discardableResult
        private func post(_ name: Notification.Name, from sender: AnyObject? = nil) -> Int {
            let id = posts.make()
            center.post(name: name, object: sender, userInfo: Post.userInfo(id))
            return id
        }

        /// Checks that every report names its rule's remedy in the "Expected …, but …." form.
        private func expectClear(
            _ diagnostics: [NotificationDiagnostic],
            _ rules: [NotificationDiagnostic.Rule],
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(diagnostics.map(\.rule) == rules, sourceLocation: sourceLocation)
            for diagnostic in diagnostics {
                #expect(diagnostic.message.hasPrefix("Expected"), "\(diagnostic)", sourceLocation: sourceLocation)
                #expect(diagnostic.message.contains(", but "), "\(diagnostic)", sourceLocation: sourceLocation)
                #expect(diagnostic.description.contains("[\(diagnostic.rule.name)]"), sourceLocation: sourceLocation)
            }
        }

        // MARK: - Names

        @Test func nilNameIsReportedAndListensToEveryNotification() {
            let log = DeliveryLog()
            let (info, diagnostics) = capturingDiagnostics {
                NotificationInfo(name: nil, center: center) { note in log.record("every", note) }
            }
            // Reported where Foundation crashes on a typed message posted next to it (Linux) only.
            #if canImport(Darwin)
            expectClear(diagnostics, [])
            #else
            expectClear(diagnostics, [.everyNotification])
            #expect(diagnostics.first?.message.contains("Give the info a name") == true)
            #endif

            let controller = LoggingController(center: center, log: log)
            let other = controller.addLifetimeNotificationInfo(forName: .pong) { c, note in c.log.record("pong", note) }
            let rules = reportedRules { #expect(controller.notificationEngine.add(info)) }
            #expect(rules.isEmpty)
            #expect(info.isListening)
            let ping = post(.ping)
            let pong = post(.pong)
            let unheard = post(.unheard)
            #expect(log.handlers(for: ping) == ["every": 1])
            #expect(log.handlers(for: pong) == ["every": 1, "pong": 1])
            #expect(log.handlers(for: unheard) == ["every": 1])
            controller.notificationEngine.remove(info)
            #expect(log.handlers(for: post(.ping)).isEmpty)
            #expect(other.isListening)
        }

        @Test func emptyNameIsReportedAndListensOnlyToTheEmptyName() {
            let log = DeliveryLog()
            let controller = LoggingController(center: center, log: log)
            let (info, diagnostics) = capturingDiagnostics {
                controller.addLifetimeNotificationInfo(forName: Notification.Name("")) { c, note in
                    c.log.record("empty", note)
                }
            }
            expectClear(diagnostics, [.emptyName])
            #expect(diagnostics.first?.message.contains("Use the name the poster uses") == true)
            #expect(info.isListening)
            #expect(log.handlers(for: post(Notification.Name(""))) == ["empty": 1])
            #expect(log.handlers(for: post(.ping)).isEmpty)
        }

        // MARK: - Senders

        @Test func senderReleasedBeforeStartIsReportedAndNeverWidens() {
            let log = DeliveryLog()
            var sender: Sender? = Sender()
            let info = NotificationInfo(name: .ping, object: sender, center: center) { note in log.record("s", note) }
            sender = nil
            // Reported once, at the first start, on the line of that call; later starts stay silent.
            for attempt in 0..<3 {
                let (_, diagnostics) = capturingDiagnostics { info.startListening() }
                expectClear(diagnostics, attempt == 0 ? [.senderReleased] : [])
                if attempt == 0 { #expect(diagnostics.first?.line == #line - 2) }
                #expect(!info.isListening)
            }
            for _ in 0..<32 { post(.ping, from: Sender()) }
            post(.ping)
            #expect(log.total == 0)
            #expect(info.filtersBySender)
            #expect(info.object == nil)
        }

        @Test func senderReleasedBeforeAppearIsReportedAndOtherInfosStillStart() {
            let log = DeliveryLog()
            let controller = LoggingController(center: center, log: log)
            var gone: Sender? = Sender()
            let kept = Sender()
            let orphan = controller.listenVisibly(to: gone!, as: "orphan")
            let live = controller.listenVisibly(to: kept, as: "live")
            gone = nil
            for round in 0..<2 {
                // Reported at the first appear(), which is where the user can act; not again on every appear().
                let (_, diagnostics) = capturingDiagnostics { controller.appear() }
                expectClear(diagnostics, round == 0 ? [.senderReleased] : [])
                if round == 0 { #expect(diagnostics.first?.line == #line - 2) }
                #expect(controller.notificationEngine.isActive(.visible))
                #expect(live.isListening)
                #expect(!orphan.isListening)
                controller.disappear()
                #expect(!live.isListening)
            }
            let (_, again) = capturingDiagnostics { controller.appear() }
            expectClear(again, [])
            #expect(log.handlers(for: post(.ping, from: kept)) == ["live": 1])
            #expect(controller.notificationEngine.infos.count == 2)
        }

        /// A new sender that the allocator places at a released sender's address is a different sender: its info is
        /// a new registration, not a duplicate of the dead one (which can never deliver again).
        @Test func newSenderAtAReleasedSendersAddressIsNotADuplicate() {
            let log = DeliveryLog()
            let controller = LoggingController(center: center, log: log)
            controller.appear()
            var released: Set<ObjectIdentifier> = []
            var reused = 0
            var dropReports = 0
            for round in 0..<64 {
                var old: Sender? = Sender()
                let oldInfo = controller.listenVisibly(to: old!, as: "old")
                released.insert(ObjectIdentifier(old!))
                old = nil
                let fresh = Sender()
                if released.contains(ObjectIdentifier(fresh)) { reused += 1 }
                let (info, diagnostics) = capturingDiagnostics { controller.listenVisibly(to: fresh, as: "fresh") }
                #expect(diagnostics.isEmpty, "round \(round): \(diagnostics)")
                #expect(info !== oldInfo)
                #expect(info.isListening, "round \(round)")
                // The center matches the fresh sender's post to a dead info at the same address too; that info does
                // not deliver, and drops its registration with a report.
                let (id, atPost) = capturingDiagnostics { post(.ping, from: fresh) }
                #expect(log.handlers(for: id) == ["fresh": 1], "round \(round)")
                #expect(atPost.allSatisfy { $0.rule == .senderReleased })
                dropReports += atPost.count
                controller.notificationEngine.remove(info)
            }
            // The dead infos stay and never deliver again. Each held a registration when its sender went; it is
            // dropped and reported exactly once, at a post from an object at the same address or when read here.
            #expect(controller.notificationEngine.infos.count == 64)
            let (listening, dropped) = capturingDiagnostics {
                controller.notificationEngine.infos.filter(\.isListening)
            }
            #expect(listening.isEmpty)
            #expect(dropped.allSatisfy { $0.rule == .senderReleased })
            #expect(dropReports + dropped.count == 64)
            let (_, again) = capturingDiagnostics { _ = controller.notificationEngine.infos.map(\.isListening) }
            #expect(again.isEmpty)
            if ProcessInfo.processInfo.environment["NL_TEST_STATS"] != nil {
                print(
                    "newSenderAtAReleasedSendersAddressIsNotADuplicate: \(reused) of 64 new senders reused an address"
                )
            }
            #expect(reused > 0, "the allocator never reused an address, so this run proved nothing")
        }

        /// The engine names each counted key by one of the infos that hold it. When that is a dead info whose
        /// sender's address a live sender reuses, removing it must leave the key counted for the live info: adding
        /// the live registration once more is still a duplicate.
        @Test func removingTheDeadInfoOfAReusedAddressKeepsTheLiveInfosKey() {
            let log = DeliveryLog()
            let controller = LoggingController(center: center, log: log)
            controller.appear()
            var reused = 0
            for round in 0..<64 {
                var old: Sender? = Sender()
                let oldID = ObjectIdentifier(old!)
                let oldInfo = controller.listenVisibly(to: old!, as: "old")
                old = nil
                let fresh = Sender()
                guard ObjectIdentifier(fresh) == oldID else {
                    _ = capturingDiagnostics { controller.notificationEngine.remove(oldInfo) }
                    continue
                }
                reused += 1
                let info = controller.listenVisibly(to: fresh, as: "fresh")
                _ = capturingDiagnostics { controller.notificationEngine.remove(oldInfo) }
                let (again, diagnostics) = capturingDiagnostics { controller.listenVisibly(to: fresh, as: "again") }
                #expect(again === info, "round \(round)")
                #expect(diagnostics.map(\.rule) == [.duplicateRegistration], "round \(round)")
                let (id, _) = capturingDiagnostics { post(.ping, from: fresh) }
                #expect(log.handlers(for: id) == ["fresh": 1], "round \(round)")
                controller.notificationEngine.remove(info)
            }
            if ProcessInfo.processInfo.environment["NL_TEST_STATS"] != nil {
                print(
                    "removingTheDeadInfoOfAReusedAddressKeepsTheLiveInfosKey: \(reused) of 64 senders reused an address"
                )
            }
            #expect(reused > 0, "the allocator never reused an address, so this run proved nothing")
        }

        // MARK: - Observers

        @Test func observerReleasedWhileListeningIsReportedOnceAndDropped() {
            let log = DeliveryLog()
            var observer: LoggingObserver? = LoggingObserver(log: log)
            let info = NotificationInfo(observer: observer!, selector: "hit:", name: .ping, center: center)
            info.startListening()
            #expect(info.isListening)
            weak let probe = observer
            observer = nil
            #expect(isGone(probe))

            let (_, diagnostics) = capturingDiagnostics {
                post(.ping)
                post(.ping)
            }
            expectClear(diagnostics, [.observerReleased])
            #expect(diagnostics.first?.message.contains("stopListening()") == true)
            #expect(log.total == 0)
            #expect(!info.isListening)
            #expect(RegistrationLedger.listeningInfos(on: center).isEmpty)
            // Reported once for this cause: a restart does not listen and says nothing more.
            let (_, restart) = capturingDiagnostics { info.startListening() }
            expectClear(restart, [])
            #expect(!info.isListening)
        }

        @Test func observerReleasedWhileItsInfoBelongsToAControllerStopsOnlyThatInfo() {
            let log = DeliveryLog()
            let controller = LoggingController(center: center, log: log)
            var observer: LoggingObserver? = LoggingObserver(log: log)
            let info = NotificationInfo(observer: observer!, selector: "hit:", name: .ping, center: center)
            controller.notificationEngine.add(info)
            let own = controller.addLifetimeNotificationInfo(forName: .ping, selector: "hit:")
            observer = nil
            let id = post(.ping)
            #expect(log.handlers(for: id) == ["hit:": 1])
            #expect(!info.isListening)
            #expect(own.isListening)
            #expect(controller.notificationEngine.infos.count == 2)
        }

        // MARK: - Selectors

        @Test func unknownSelectorIsReportedOnceWhenMadeAndNeverListens() {
            let log = DeliveryLog()
            let observer = LoggingObserver(log: log)
            let (info, made) = capturingDiagnostics {
                NotificationInfo(observer: observer, selector: "missing:", name: .ping, center: center)
            }
            expectClear(made, [.unknownSelector])
            #expect(made.first?.message.contains("\"hit:\"") == true)
            #expect(made.first?.message.contains(".adding(\"missing:\"") == true)
            let (_, started) = capturingDiagnostics { info.startListening() }
            expectClear(started, [])
            #expect(!info.isListening)

            let controller = LoggingController(center: center, log: log)
            let (shorthand, added) = capturingDiagnostics {
                controller.addLifetimeNotificationInfo(forName: .ping, selector: "missing:")
            }
            expectClear(added, [.unknownSelector])
            #expect(added.first?.line == #line - 3)
            #expect(!shorthand.isListening)
            let good = controller.addLifetimeNotificationInfo(forName: .ping, selector: "hit:")
            #expect(log.handlers(for: post(.ping)) == ["hit:": 1])
            #expect(good.isListening)
        }

        // MARK: - Ownership

        @Test func infoAddedToASecondControllerIsRefusedAndStaysWithTheFirst() {
            let log = DeliveryLog()
            var first: LoggingController? = LoggingController(center: center, log: log)
            let second = LoggingController(center: center, log: log)
            let info = NotificationInfo(name: .ping, lifespan: .visible, center: center) { note in
                log.record("shared", note)
            }
            #expect(first!.notificationEngine.add(info))
            first!.appear()
            let (added, refused) = capturingDiagnostics { second.notificationEngine.add(info) }
            #expect(!added)
            expectClear(refused, [.foreignInfo])
            #expect(second.notificationEngine.infos.isEmpty)

            // The second controller's lifecycle does not touch it; removing it there is refused too.
            second.appear()
            second.disappear()
            #expect(info.isListening)
            let (_, removal) = capturingDiagnostics { second.notificationEngine.remove(info) }
            expectClear(removal, [.foreignInfo])
            #expect(info.isListening)
            #expect(first!.notificationEngine.infos.count == 1)
            #expect(log.handlers(for: post(.ping)) == ["shared": 1])

            // Once the first controller is gone, the info is free to join the second.
            first = nil
            #expect(!info.isListening)
            second.appear()
            #expect(second.notificationEngine.add(info))
            #expect(info.isListening)
            #expect(log.handlers(for: post(.ping)) == ["shared": 1])
        }

        @Test func infoOutlivingItsControllerWorksOnItsOwnOrInAnotherController() {
            let log = DeliveryLog()
            var controller: LoggingController? = LoggingController(center: center, log: log)
            let standalone = NotificationInfo(name: .ping, center: center) { note in log.record("standalone", note) }
            controller!.notificationEngine.add(standalone)
            let bound = controller!.addLifetimeNotificationInfo(forName: .pong) { c, note in c.log.record("bound", note)
            }
            #expect(standalone.isListening)
            #expect(bound.isListening)
            weak let probe = controller
            controller = nil
            #expect(isGone(probe))
            #expect(!standalone.isListening)
            #expect(!bound.isListening)
            #expect(RegistrationLedger.listeningInfos(on: center).isEmpty)

            // A closure info listens on its own; an info bound to the released controller cannot, and says why.
            let (_, restart) = capturingDiagnostics {
                standalone.startListening()
                bound.startListening()
            }
            expectClear(restart, [.observerReleased])
            #expect(standalone.isListening)
            #expect(!bound.isListening)
            #expect(log.handlers(for: post(.ping)) == ["standalone": 1])
            #expect(log.handlers(for: post(.pong)).isEmpty)

            // Both may join another controller; the bound one's released observer was reported above, once.
            let other = LoggingController(center: center, log: log)
            standalone.stopListening()
            let (_, joined) = capturingDiagnostics {
                #expect(other.notificationEngine.add(standalone))
                #expect(other.notificationEngine.add(bound))
            }
            expectClear(joined, [])
            #expect(standalone.isListening)
            #expect(!bound.isListening)
            #expect(other.notificationEngine.infos.count == 2)
        }

        /// An engine kept alive after its controller is gone no longer owns its infos: its lifecycle calls must not
        /// start, stop or remove an info that now belongs to another controller.
        @Test func engineOutlivingItsControllerDoesNotDriveInfosOfAnotherController() {
            let log = DeliveryLog()
            var controller: LoggingController? = LoggingController(center: center, log: log)
            let engine = controller!.notificationEngine
            let info = NotificationInfo(name: .ping, lifespan: .visible, center: center) { note in
                log.record("visible", note)
            }
            controller!.notificationEngine.add(info)
            controller = nil

            let other = LoggingController(center: center, log: log)
            #expect(other.notificationEngine.add(info))
            other.appear()
            #expect(info.isListening)

            let rules = reportedRules {
                engine.appear()
                engine.disappear()
                engine.start(.visible)
                engine.stop(.visible)
                engine.remove(info)
            }
            #expect(info.isListening, "the old engine stopped an info of another controller")
            #expect(other.notificationEngine.infos.count == 1)
            #expect(log.handlers(for: post(.ping)) == ["visible": 1])
            // Starting on the finished engine is reported; stopping there is harmless and silent.
            #expect(rules == [.engineFinished, .engineFinished, .foreignInfo])
        }

        // MARK: - Populate

        @Test func lifecycleCallsInsidePopulateAreReportedAndChangeNothing() {
            let (controller, diagnostics) = capturingDiagnostics { EagerController(notificationCenter: center) }
            expectClear(diagnostics, [.populateMisuse, .populateMisuse, .populateMisuse])
            #expect(diagnostics.first?.message.contains("appear()") == true)
            #expect(diagnostics.first?.message.contains("Only declare infos there") == true)
            // The call's name is built only when it is reported; it still names the lifespan.
            let startCall = "start(.custom(\"editing\"))"
            #expect(diagnostics.dropFirst().first?.message.contains(startCall) == true)
            #expect(!controller.notificationEngine.isActive(.visible))
            #expect(controller.notificationEngine.activeLifespans == [.lifetime])
            #expect(controller.notificationEngine.infos.map(\.isListening) == [true, false, false])
            #expect(controller.log.handlers(for: post(.ping)) == ["lifetime": 1])

            // After init the same calls work.
            let rules = reportedRules {
                controller.appear()
                controller.notificationEngine.start(.editing)
            }
            #expect(rules.isEmpty)
            #expect(controller.notificationEngine.infos.map(\.isListening) == [true, true, true])
            #expect(controller.log.handlers(for: post(.ping)) == ["lifetime": 1, "visible": 1, "editing": 1])
        }
    }
}
