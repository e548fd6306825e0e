import Foundation
import Testing

@testable import NotificationLifecycle

/// An engine keeps its infos in the order they were added and removes any one of them in O(1).
///
/// The time limit tells linear from quadratic, not fast from slow: removing 100,000 infos one by one took about an
/// hour with a scan per removal, about a second in a debug build, and up to two minutes under ThreadSanitizer on a
/// machine whose cores other processes keep busy (issue 24: one minute was exceeded there).
@Suite("Ordered infos", .timeLimit(.minutes(10)))
struct OrderedInfosTests {
    let center = NotificationCenter()

    private func makeInfos(_ count: Int) -> [NotificationInfo] {
        // Distinct names: an engine refuses a second info with the same name, sender, lifespan and closure.
        (0..<count).map { NotificationInfo(name: Notification.Name("ordered.\($0)"), center: center) { _ in } }
    }

    @Test func removalKeepsTheOrderOfTheRestBelowAndAboveTheIndexThreshold() {
        for count in [5, OrderedInfos.indexThreshold + 10] {
            let infos = makeInfos(count)
            var ordered = OrderedInfos()
            for info in infos { ordered.append(info) }
            // Remove every third, then one that is not there any more.
            for (index, info) in infos.enumerated() where index % 3 == 0 {
                let removed = ordered.remove(info)
                #expect(removed)
            }
            let removedAgain = ordered.remove(infos[0])
            #expect(!removedAgain)
            let rest = infos.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
            #expect(ordered.array.map(ObjectIdentifier.init) == rest.map(ObjectIdentifier.init))
            #expect(ordered.count == rest.count)
            #expect(ordered.contains(rest[0]) && !ordered.contains(infos[0]))
            // Appending after removals goes to the end.
            let late = makeInfos(1)[0]
            ordered.append(late)
            #expect(ordered.array.last === late)
            let removedLate = ordered.remove(late)
            #expect(removedLate)
        }
    }

    /// 100,000 infos removed one by one from their engine, from the middle outwards: a scan per removal would take
    /// far longer than the time limit (28-40 ms each before this structure, about an hour in all).
    /// On a thread of its own: under ThreadSanitizer it runs for more than a minute, which it must not spend on a
    /// thread of the cooperative pool (see `onOwnThread(_:)`).
    @Test func removingEachOf100000InfosFromAnEngineIsLinearInAll() async {
        let infos = makeInfos(100_000)
        let engine = NotificationEngine(center: center)
        await onOwnThread {
            for info in infos { engine.add(info) }
            #expect(engine.infos.count == 100_000)
            let middle = infos.count / 2
            for offset in 0..<middle {
                engine.remove(infos[middle + offset])
                engine.remove(infos[middle - offset - 1])
            }
            #expect(engine.infos.isEmpty)
            #expect(infos.allSatisfy { !$0.isListening })
        }
    }
}
