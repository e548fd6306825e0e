import Foundation
import NotificationLifecycle
import Testing

/// A controller with many infos: 30 % lifetime, 70 % visible; closures and selectors; every fifth filters on a
/// sender. Each info has its own name, so each is its own registration.
final class CrowdedController: ControllerBase {
    let log: DeliveryLog
    private let setUp: (count: Int, senders: [Sender])

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("hit:", CrowdedController.hit)
    }

    static func name(_ index: Int) -> Notification.Name {
        Notification.Name("NotificationLifecycleReliabilityTests.crowd.\(index)")
    }

    static func isLifetime(_ index: Int) -> Bool { index % 10 < 3 }

    init(center: NotificationCenter, count: Int, senders: [Sender], log: DeliveryLog) {
        self.log = log
        self.setUp = (count, senders)
        super.init(notificationCenter: center)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        for index in 0..<setUp.count {
            let lifespan: Lifespan = Self.isLifetime(index) ? .lifetime : .visible
            let sender = index % 5 == 0 ? setUp.senders[index % setUp.senders.count] : nil
            if index % 2 == 0 {
                addNotificationInfo(forName: Self.name(index), object: sender, lifespan: lifespan) { controller, note in
                    controller.log.record("closure", note)
                }
            } else {
                addNotificationInfo(forName: Self.name(index), selector: "hit:", object: sender, lifespan: lifespan)
            }
        }
    }

    func hit(_ notification: Notification) {
        log.record("hit:", notification)
    }
}

extension ReliabilityTests {
    @Suite("Memory")
    @MainActor
    struct MemoryTests {
        static let infos = 1_000
        static let cycles = 1_000
        /// How much the resident memory may grow from cycle 100 to the last. A leak of one small object per info
        /// and cycle would be 900 × 1,000 × ≥ 48 bytes ≈ 43 MB.
        static let growthBound = 8 << 20

        @Test(
            "1,000 infos through 1,000 appear/disappear cycles: registrations return to the lifetime count, memory stays flat"
        )
        func appearDisappearCyclesDoNotGrow() async {
            let center = NotificationCenter()
            let senders = (0..<4).map { _ in Sender() }
            let log = DeliveryLog()
            var controller: CrowdedController? = CrowdedController(
                center: center,
                count: Self.infos,
                senders: senders,
                log: log
            )
            let lifetime = (0..<Self.infos).filter(CrowdedController.isLifetime).count
            #expect(controller!.notificationEngine.infos.count == Self.infos)
            #expect(RegistrationLedger.listeningInfos(on: center).count == lifetime)

            var resident: [Int: Int] = [:]
            var failures = 0
            for cycle in 1...Self.cycles {
                controller!.appear()
                if cycle % 100 == 0 {
                    let listening = RegistrationLedger.listeningInfos(on: center).count
                    #expect(listening == Self.infos, "cycle \(cycle): \(listening) infos listen while appeared")
                }
                // One post per cycle, to a visible info (sender-filtered ones from their sender).
                let index = (cycle * 7) % Self.infos
                center.post(
                    name: CrowdedController.name(index),
                    object: index % 5 == 0 ? senders[index % senders.count] : nil,
                    userInfo: Post.userInfo(cycle)
                )
                controller!.disappear()
                let listening = RegistrationLedger.listeningInfos(on: center).count
                if listening != lifetime {
                    failures += 1
                    if failures <= 3 {
                        Issue.record("cycle \(cycle): \(listening) infos listen after disappear(), not \(lifetime)")
                    }
                }
                #if os(Linux)
                if cycle % 100 == 0 { resident[cycle] = ResidentMemory.bytes() }
                #endif
                // The main actor is shared with the suites that run beside this one (under ThreadSanitizer this loop
                // takes about 30 s): a main-actor handler they scheduled, and waited 5 s for, runs here.
                await Task.yield()
            }
            #expect(failures == 0)
            #expect(log.total == Self.cycles, "every cycle's post reached its one info")
            #expect(log.repeated.isEmpty)
            #expect(RegistrationLedger.infos(on: center).count == Self.infos)

            #if os(Linux)
            let start = resident[100]!
            let end = resident[Self.cycles]!
            let steps = resident.keys.sorted().map { "\($0): \(resident[$0]! >> 10) KiB" }.joined(separator: ", ")
            if ProcessInfo.processInfo.environment["NL_TEST_STATS"] != nil {
                print(
                    "memory: resident at cycle 100 \(start >> 10) KiB, at cycle \(Self.cycles) \(end >> 10) KiB, "
                        + "growth \((end - start) >> 10) KiB (bound \(Self.growthBound >> 10) KiB); \(steps)"
                )
            }
            #expect(
                end - start <= Self.growthBound,
                "Expected resident memory to stay flat, but it grew \((end - start) >> 10) KiB from cycle 100"
            )
            #endif

            weak let probe = controller
            controller = nil
            #expect(probe == nil, "the released controller is still alive")
            #expect(RegistrationLedger.infos(on: center).isEmpty)
        }

        @Test("Released controllers and their observers deallocate, and leave nothing on the center")
        func releasedControllersAndObserversDeallocate() {
            let center = NotificationCenter()
            let log = DeliveryLog()
            var controllers: [LoggingController] = []
            var observers: [LoggingObserver] = []
            var senders: [Sender] = []
            for index in 0..<50 {
                let controller = LoggingController(center: center, log: log)
                let observer = LoggingObserver(log: log)
                let sender = Sender()
                controller.notificationEngine.add(
                    NotificationInfo(
                        observer: observer,
                        selector: "hit:",
                        name: .ping,
                        lifespan: .visible,
                        center: center
                    )
                )
                controller.listenVisibly(to: sender, as: "c\(index)")
                controller.addLifetimeNotificationInfo(forName: .pong, selector: "hit:")
                controller.addNotificationInfo(forName: .ping, lifespan: .editing) { c, note in c.log.record("e", note)
                }
                controller.appear()
                controller.notificationEngine.start(.editing)
                controllers.append(controller)
                observers.append(observer)
                senders.append(sender)
            }
            center.post(name: .ping, object: senders[0], userInfo: Post.userInfo(1))
            center.post(name: .pong, object: nil, userInfo: Post.userInfo(2))
            #expect(log.handlers(for: 1) == ["observer.hit:": 50, "c0": 1, "e": 50])
            #expect(log.handlers(for: 2) == ["hit:": 50])
            #expect(RegistrationLedger.listeningInfos(on: center).count == 200)

            let weakControllers = controllers.map { WeakBox($0) }
            let weakObservers = observers.map { WeakBox($0) }
            let weakSenders = senders.map { WeakBox($0) }
            let rules = reportedRules {
                controllers.removeAll()
                observers.removeAll()
                senders.removeAll()
                center.post(name: .ping, object: nil, userInfo: Post.userInfo(3))
            }
            #expect(rules.isEmpty, "releasing owners reported \(rules)")
            #expect(weakControllers.allSatisfy { $0.value == nil }, "a released controller is still alive")
            #expect(weakObservers.allSatisfy { $0.value == nil }, "a released observer is still alive")
            #expect(weakSenders.allSatisfy { $0.value == nil }, "a released sender is still alive")
            #expect(log.handlers(for: 3).isEmpty)
            #expect(RegistrationLedger.infos(on: center).isEmpty)
        }
    }
}

/// A weak reference, for checking that objects deallocate.
struct WeakBox<Object: AnyObject> {
    weak var value: Object?

    init(_ value: Object) {
        self.value = value
    }
}
