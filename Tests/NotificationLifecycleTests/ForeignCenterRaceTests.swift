import Foundation
import Testing

@testable import NotificationLifecycle

/// An engine given an info of another center touches nothing of the info under its own lock: the info's state is
/// guarded by its own center's lock, which another thread may hold while it changes that state.
@Suite("An info of another center", .timeLimit(.minutes(10)))
struct ForeignCenterRaceTests {
    /// One thread adds the info to its own center's engine and removes it again (each add writes where the info sits
    /// in that engine), while another removes it from an engine of another center. Each of those removals is refused
    /// and reported; under ThreadSanitizer a read of the info's state under the wrong lock fails the run.
    @Test func removingAnotherCentersInfoWhileItsEngineChangesItIsRefusedWithoutReadingIt() async {
        let (mine, theirs) = (NotificationCenter(), NotificationCenter())
        let (engine, other) = (NotificationEngine(center: mine), NotificationEngine(center: theirs))
        let info = NotificationInfo(name: .ping, center: theirs) { _ in }
        let reported = LockedValueBox<[NotificationDiagnostic.Rule]>([])
        await onOwnThread {
            onThreads(2) { index in
                for _ in 0..<2_000 {
                    if index == 0 {
                        other.add(info)
                        other.remove(info)
                    } else {
                        let rules = reportedRules { engine.remove(info) }
                        reported.withLock { $0 += rules }
                    }
                }
            }
        }
        let rules = reported.withLock { $0 }
        #expect(rules.count == 2_000)
        #expect(rules.allSatisfy { $0 == .foreignInfo })
    }
}
