import Foundation
import Testing

@testable import NotificationLifecycle

/// A selector problem is reported once at its line: a malformed entry of a base class's table once, though each
/// subclass's table is built on `super`'s; an unknown selector once, though many instances are made at that line.
@Suite("Selector problems reported once at their line")
@MainActor
struct SelectorReportsOnceTests {
    let center = NotificationCenter()

    @Test func aMalformedBaseEntryIsReportedOnceForTheBaseAndTwoSubclasses() {
        let rules = reportedRules {
            _ = NotificationInfo(observer: MalformedBase(), selector: "tick", name: .ping, center: center)
            _ = NotificationInfo(observer: MalformedFirstSubclass(), selector: "tick", name: .ping, center: center)
            _ = NotificationInfo(observer: MalformedSecondSubclass(), selector: "tick", name: .ping, center: center)
        }
        #expect(rules == [.unknownSelector])
    }

    @Test func anUnknownSelectorIsReportedOnceForTheInstancesMadeAtOneLine() {
        let rules = reportedRules {
            for _ in 1...3 {
                _ = NotificationInfo(observer: SelectorObserver(), selector: "missing:", name: .ping, center: center)
            }
        }
        #expect(rules == [.unknownSelector])
    }
}

private class MalformedBase: NotificationSelectorResponder, @unchecked Sendable {
    // Unchecked: no state.
    class var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("bad name", MalformedBase.tick)
            .adding("tick", MalformedBase.tick)
    }

    func tick() {}
}

private final class MalformedFirstSubclass: MalformedBase, @unchecked Sendable {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("first", MalformedFirstSubclass.first)
    }

    func first() {}
}

private final class MalformedSecondSubclass: MalformedBase, @unchecked Sendable {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("second", MalformedSecondSubclass.second)
    }

    func second() {}
}
