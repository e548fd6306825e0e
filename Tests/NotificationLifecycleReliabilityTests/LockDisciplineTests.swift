import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

extension ReliabilityTests {
    /// Releasing the last outside reference to an observer or a sender while another thread uses its info: the
    /// object's `deinit` (user code) must never run inside a package lock, or a controller's `deinit` deadlocks.
    @Suite("No user code under a lock")
    struct LockDisciplineTests {
        /// Rounds in which the reading thread released the object; the race stops once it has this many.
        static let wantedReaderReleases = 20
        static let maximumRounds = 3_000

        enum Released: String, CaseIterable {
            case observer
            case sender
        }

        /// The race runs until the object's `deinit` has run on the reading thread (the path that matters: its
        /// temporary strong reference was the last one) ``wantedReaderReleases`` times, or for
        /// ``maximumRounds`` rounds; a race that never reached that path would prove nothing, and fails.
        @Test(
            "An object released while another thread reads its info is deinitialised outside the info's lock",
            arguments: Released.allCases
        )
        func releasedWhileInUse(_ released: Released) {
            let center = NotificationCenter()
            let violations = LockedValueBox<[String]>([])
            let releasedByReader = LockedValueBox(0)
            var rng = SplitMix64(seed: 7)
            var rounds = 0
            while rounds < Self.maximumRounds, releasedByReader.withLock({ $0 }) < Self.wantedReaderReleases {
                rounds += 1
                let probe = LockedValueBox<LockProbe?>(nil)
                let reader = LockedValueBox<pthread_t?>(nil)
                let info = Self.makeInfo(
                    released,
                    center: center,
                    probe: probe,
                    reader: reader,
                    violations: violations,
                    releasedByReader: releasedByReader
                )
                info.startListening()
                let releasedFlag = LockedValueBox(false)
                let delay = UInt32(rng.below(40))
                let group = ThreadGroup()
                group.start(2) { index in
                    if index == 0 {
                        reader.withLock { $0 = pthread_self() }
                        // Reads the info (each read loads the weak reference under the lock) until well after the
                        // release; reports of the dropped registration are expected and ignored.
                        DiagnosticScope.withHandler({ _ in }) {
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
                // A violation costs the probe's patience (10 seconds) once; then the loop ends.
                let finished = group.wait(timeout: 60)
                #expect(finished, "deadlock")
                if !violations.withLock({ $0.isEmpty }) { break }
            }
            let found = violations.withLock { $0 }
            let readerReleases = releasedByReader.withLock { $0 }
            #expect(found.isEmpty, "after \(rounds) rounds: \(found.first ?? "")")
            #expect(
                readerReleases > 0,
                "in \(rounds) rounds the reading thread never released the object: the race did not reach the path"
            )
        }

        /// Reading a center's live infos (the testing module's `NotificationRegistration.all(on:)`) loads each listed
        /// engine strongly under the center's lock. An engine that another thread releases meanwhile is deinitialised
        /// by that read, and its `deinit` takes the same lock: it must run after the lock, or the read deadlocks
        /// (and in debug builds, whose lock is error-checking, crashes the process).
        @Test("An engine released while its center's infos are read is deinitialised outside the lock")
        func engineReleasedWhileTheLedgerIsRead() async {
            let center = NotificationCenter()
            let done = LockedValueBox(false)
            let reads = LockedValueBox(0)
            let group = ThreadGroup()
            group.start(2) { index in
                if index == 0 {
                    while !done.withLock({ $0 }) {
                        _ = RegistrationLedger.infos(on: center)
                        reads.withLock { $0 += 1 }
                    }
                } else {
                    for _ in 0..<20_000 { _ = NotificationEngine(center: center) }
                    done.withLock { $0 = true }
                }
            }
            #expect(await group.finished(within: 120), "deadlock")
            #expect(reads.withLock { $0 } > 0)
        }

        /// The probe itself: a `deinit` run inside the info's lock on purpose is noticed. If the info's lock (its center's
        /// registry's) moves, this test must move with it, or the race above proves nothing.
        @Test("The lock probe notices a deinit run inside the info's lock", arguments: Released.allCases)
        func probeNoticesADeinitInsideTheLock(_ released: Released) {
            let center = NotificationCenter()
            let violations = LockedValueBox<[String]>([])
            let probe = LockedValueBox<LockProbe?>(nil)
            let info = Self.makeInfo(
                released,
                center: center,
                probe: probe,
                reader: LockedValueBox(nil),
                violations: violations,
                releasedByReader: LockedValueBox(0),
                patience: 0.5
            )
            info.listener.registry.lock.withLock { probe.withLock { $0 = nil } }
            #expect(violations.withLock { $0.count } == 1)
        }

        /// Makes the probe and its info; the box then holds the only strong reference to the probe.
        private static func makeInfo(
            _ released: Released,
            center: NotificationCenter,
            probe: LockedValueBox<LockProbe?>,
            reader: LockedValueBox<pthread_t?>,
            violations: LockedValueBox<[String]>,
            releasedByReader: LockedValueBox<Int>,
            patience: TimeInterval = 10
        ) -> NotificationInfo {
            let object = LockProbe(violations: violations, releasedByReader: releasedByReader, patience: patience)
            object.reader = reader
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
