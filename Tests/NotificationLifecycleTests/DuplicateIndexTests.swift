import Foundation
import Testing

@testable import NotificationLifecycle

/// An engine of more than ``InfoList/scanLimit`` infos finds duplicates through an index of duplicate hashes; a
/// smaller one compares the new info with each of its infos. The index must find what the comparison finds.
@Suite("Duplicate index")
struct DuplicateIndexTests {
    private static let names = (0..<(InfoList.scanLimit + 8)).map { Notification.Name("DuplicateIndexTests.\($0)") }

    /// Infos made on one line: equal when their names and senders are.
    private static func make(
        _ name: Notification.Name,
        _ sender: AnyObject?,
        _ center: NotificationCenter
    )
        -> NotificationInfo
    {
        NotificationInfo(name: name, object: sender, center: center) { _ in }
    }

    @Test func aLargeEngineRefusesADuplicateAndTakesItAfterTheOriginalIsRemoved() {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        let infos = Self.names.map { Self.make($0, nil, center) }
        for info in infos { #expect(engine.add(info)) }
        let again = Self.make(Self.names[5], nil, center)
        let rules = reportedRules { #expect(!engine.add(again)) }
        #expect(rules == [.duplicateRegistration])
        engine.remove(infos[5])
        #expect(engine.add(again))
        #expect(engine.infos.count == Self.names.count)
    }

    /// A sender gone makes its infos no one's duplicate, in a large engine too: a new sender (perhaps at the same
    /// address) gets its own info.
    @Test func aLargeEngineTakesAnInfoWhoseEqualOneLostItsSender() {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        var sender: Sender? = Sender()
        let infos = Self.names.map { Self.make($0, sender, center) }
        for info in infos { #expect(engine.add(info)) }
        let live = Sender()
        let rules = reportedRules {
            #expect(!engine.add(Self.make(Self.names[7], sender, center)))
            sender = nil
            #expect(engine.add(Self.make(Self.names[7], live, center)))
        }
        #expect(rules == [.duplicateRegistration])
        withExtendedLifetime(infos) {}
    }

    /// Two closures given places that differ only above 32 bits are not duplicates (they were, when the place was
    /// compared truncated).
    @Test func placesGivenByHandThatDifferAbove32BitsAreNotDuplicates() {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        let name = Notification.Name("DuplicateIndexTests.place")
        let near = NotificationInfo(name: name, center: center, line: 5, column: 9) { _ in }
        let far = NotificationInfo(name: name, center: center, line: 5 + (1 << 32), column: 9) { _ in }
        let rules = reportedRules {
            #expect(engine.add(near))
            #expect(engine.add(far))
            #expect(!engine.add(NotificationInfo(name: name, center: center, line: 5, column: 9) { _ in }))
        }
        #expect(rules == [.duplicateRegistration])
    }

    /// A declaration keeps a line below 2^24 and a column below 2^11 in its word of small facts, and any other place
    /// whole, out of line: places that differ only above those bits are not duplicates, and the same place is one
    /// however large (a `#column` past 2,047 is a long line's), or negative when given by hand.
    @Test func placesBeyondTheKeptBitsAreComparedWhole() {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        let name = Notification.Name("DuplicateIndexTests.keptBits")
        func info(line: Int, column: Int) -> NotificationInfo {
            NotificationInfo(name: name, center: center, line: line, column: column) { _ in }
        }
        let rules = reportedRules {
            #expect(engine.add(info(line: 5, column: 9)))
            #expect(engine.add(info(line: 5 + (1 << 24), column: 9)))
            #expect(engine.add(info(line: 5, column: 9 + (1 << 11))))
            #expect(engine.add(info(line: (1 << 24) - 1, column: (1 << 11) - 1)))
            #expect(engine.add(info(line: -1, column: 1)))
            #expect(engine.add(info(line: 5, column: 2_251)))
            #expect(!engine.add(info(line: (1 << 24) - 1, column: (1 << 11) - 1)))
            #expect(!engine.add(info(line: 5, column: 9)))
            #expect(!engine.add(info(line: 5, column: 2_251)))
            #expect(!engine.add(info(line: 5 + (1 << 24), column: 9)))
            #expect(!engine.add(info(line: -1, column: 1)))
        }
        #expect(rules == Array(repeating: .duplicateRegistration, count: 5))
        #expect(info(line: -1, column: 1).line == -1)
        #expect(info(line: 5, column: 2_251).listener.declaration.column == 2_251)
    }

    /// What few declarations have (a custom lifespan, a selector) is kept out of line, in an object of each
    /// declaration's own: two infos made apart are compared by what those objects hold, in a small engine (compared
    /// one by one) and in a large one (indexed by hash).
    @Test(arguments: [1, InfoList.scanLimit + 8])
    func rarePartsMadeApartCompareByValue(engineSize: Int) {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        let observer = SelectorObserver()
        for name in Self.names.prefix(engineSize) { #expect(engine.add(Self.make(name, nil, center))) }
        let name = Notification.Name("DuplicateIndexTests.rare")
        // Built at run time: each `Lifespan` holds a string of its own.
        func editing() -> Lifespan { .custom(["edit", "ing"].joined()) }
        func closure(_ lifespan: Lifespan) -> NotificationInfo {
            NotificationInfo(name: name, lifespan: lifespan, center: center, line: 1, column: 1) { _ in }
        }
        func selector(_ lifespan: Lifespan) -> NotificationInfo {
            NotificationInfo(observer: observer, selector: "didPing:", name: name, lifespan: lifespan, center: center)
        }
        let rules = reportedRules {
            #expect(engine.add(closure(editing())))
            #expect(!engine.add(closure(editing())))
            #expect(engine.add(closure(.custom("editing!"))))
            #expect(engine.add(closure(.visible)))
            #expect(engine.add(selector(editing())))
            #expect(!engine.add(selector(editing())))
            #expect(engine.add(selector(.lifetime)))
            #expect(!engine.add(selector(.lifetime)))
        }
        #expect(rules == [.duplicateRegistration, .duplicateRegistration, .duplicateRegistration])
        #expect(engine.infos.count == engineSize + 5)
    }
}
