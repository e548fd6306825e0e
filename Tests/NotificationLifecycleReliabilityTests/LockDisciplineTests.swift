import Foundation
import Testing

@testable import NotificationLifecycle

extension ReliabilityTests {
    /// Releasing the last outside reference to an observer or a sender while another thread uses its info: the
    /// object's `deinit` (user code) must never run inside a package lock, or a controller's `deinit` deadlocks.
    @Suite("No user code under a lock")
    struct LockDisciplineTests {
        static let rounds = 300

        enum Released: String, CaseIterable {
            case observer
            case sender
        }

        @Test(
            "An object released while another thread reads its info is deinitialised outside the info's lock",
            arguments: Released.allCases
        )
        func releasedWhileInUse(_ released: Released) {
            let center = NotificationCenter()
            let violations = LockedValueBox<[String]>([])
            var rng = SplitMix64(seed: 7)
            var hits = 0
            for _ in 0..<Self.rounds {
                let probe = LockedValueBox<LockProbe?>(nil)
                let info = Self.makeInfo(released, center: center, probe: probe, violations: violations)
                info.startListening()
                let releasedFlag = LockedValueBox(false)
                let delay = UInt32(rng.below(40))
                let group = ThreadGroup()
                group.start(2) { index in
                    if index == 0 {
                        // Reads the info (each read loads the weak reference under the lock) until well after the
                        // release; reports of the dropped registration are expected and ignored.
                        DiagnosticRouting.withHandler({ _ in }) {
                            var after = 0
                            while after < 200 {
                                _ = info.isListening
                                info.startListening()
                                if releasedFlag.withLock({ $0 }) { after += 1 }
                            }
                        }
                    } else {
                        usleep(delay)
                        let last = probe.withLock { value -> LockProbe? in
                            defer { value = nil }
                            return value
                        }
                        _ = last
                        releasedFlag.withLock { $0 = true }
                    }
                }
                let finished = group.wait(timeout: 10)
                #expect(finished, "deadlock")
                if !violations.withLock({ $0.isEmpty }) { break }
                hits += 1
            }
            let found = violations.withLock { $0 }
            #expect(found.isEmpty, "after \(hits) clean rounds: \(found.first ?? "")")
        }

        /// Makes the probe and its info; the box then holds the only strong reference to the probe.
        private static func makeInfo(
            _ released: Released,
            center: NotificationCenter,
            probe: LockedValueBox<LockProbe?>,
            violations: LockedValueBox<[String]>
        ) -> NotificationInfo {
            let object = LockProbe(violations: violations)
            let info: NotificationInfo
            switch released {
            case .observer:
                info = NotificationInfo(observer: object, selector: "hit:", name: .ping, center: center)
            case .sender:
                info = NotificationInfo(name: .ping, object: object, center: center) { _ in }
            }
            object.info = info
            probe.withLock { $0 = object }
            return info
        }
    }
}
