import Foundation
import NotificationLifecycle
import Testing

/// A line that adds the same listener again and again reports the first duplicate, then counts (issue 24, item 13):
/// a loop of 200 adds prints three reports, not 199.
@Suite("Repeated duplicates")
@MainActor
struct RepeatedDuplicateTests {
    let center = NotificationCenter()

    @Test func aLoopOfTwoHundredShorthandAddsReportsTheFirstTenthAndHundredthDuplicate() {
        let controller = ScriptedController(notificationCenter: center)
        var first: NotificationInfo?
        let line = #line + 3
        let diagnostics = capturingDiagnostics {
            for _ in 0..<200 {
                let info = controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in }
                first = first ?? info
            }
        }.diagnostics
        #expect(diagnostics.map(\.rule) == Array(repeating: .duplicateRegistration, count: 3))
        #expect(diagnostics.allSatisfy { $0.line == line })
        let listener = "\(first!)"
        // The first report names the refused info, which never listened; the counted ones the info added first.
        let refused = listener.replacingOccurrences(of: ", listening)", with: ", not listening)")
        #expect(refused != listener)
        // The first duplicate in full, then the count at the 10th and the 100th.
        #expect(
            diagnostics.map(\.message) == [
                "Expected each listener to be added once, but \(refused) has the same name, sender, lifespan and "
                    + "handler as one already added (first added from \(#fileID):\(line)). Remove one of them; the "
                    + "second is not registered. Later duplicates of it from this line are counted, and reported at "
                    + "the 10th, the 100th and so on.",
                "Expected each listener to be added once, but this line has now added 10 duplicates of \(listener) "
                    + "(first added from \(#fileID):\(line)), reported at the 1st, the 10th, the 100th and so on. "
                    + "Add it once; no duplicate is registered.",
                "Expected each listener to be added once, but this line has now added 100 duplicates of "
                    + "\(listener) (first added from \(#fileID):\(line)), reported at the 1st, the 10th, the 100th "
                    + "and so on. Add it once; no duplicate is registered.",
            ]
        )
        #expect(controller.notificationEngine.infos.count == 1)
    }

    @Test func addingTheSameInfoTwoHundredTimesReportsThreeTimes() {
        let engine = NotificationEngine(center: center)
        let line = #line + 1
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        var added: [Bool] = []
        let diagnostics = capturingDiagnostics {
            for _ in 0..<200 { added.append(engine.add(info)) }
        }.diagnostics
        #expect(added == [true] + Array(repeating: false, count: 199))
        // The same wording as for an equal info: the count is of the listener, however it came back.
        #expect(
            diagnostics.map(\.message) == [
                "Expected each info to be added once, but \(info) was added again. Add it once; it is not registered "
                    + "twice. Later duplicates of it from this line are counted, and reported at the 10th, the 100th "
                    + "and so on.",
                "Expected each listener to be added once, but this line has now added 10 duplicates of \(info) "
                    + "(first added from \(#fileID):\(line)), reported at the 1st, the 10th, the 100th and so on. "
                    + "Add it once; no duplicate is registered.",
                "Expected each listener to be added once, but this line has now added 100 duplicates of \(info) "
                    + "(first added from \(#fileID):\(line)), reported at the 1st, the 10th, the 100th and so on. "
                    + "Add it once; no duplicate is registered.",
            ]
        )
    }

    /// Duplicates.md: "The count belongs to one line, one listener and one engine", whether the line adds that very
    /// info again or an equal one.
    @Test func aLineAddingTheSameInfoAndEqualInfosKeepsOneCount() {
        let engine = NotificationEngine(center: center)
        func make() -> NotificationInfo { NotificationInfo(name: .ping, center: center) { _ in } }
        func add(_ info: NotificationInfo) { engine.add(info) }
        let info = make()
        add(info)
        let diagnostics = capturingDiagnostics {
            for _ in 0..<9 { add(info) }
            add(make())
        }.diagnostics
        #expect(diagnostics.count == 2)
        #expect(diagnostics.last?.message.contains("this line has now added 10 duplicates of") == true)
    }

    @Test func aThousandDuplicatesAreReportedAtTheThousandth() {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        engine.add(info)
        let diagnostics = capturingDiagnostics {
            for _ in 0..<1_000 { engine.add(info) }
        }.diagnostics
        #expect(diagnostics.count == 4)
        #expect(diagnostics.last?.message.contains("has now added 1000 duplicates of") == true)
    }

    @Test func eachLineReportsItsFirstDuplicate() {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        engine.add(info)
        let rules = reportedRules {
            engine.add(info)
            engine.add(info)
            for _ in 0..<2 { engine.add(info) }
        }
        // Three lines: the loop's line reports its first add only.
        #expect(rules == Array(repeating: .duplicateRegistration, count: 3))
    }

    @Test func eachEngineCountsItsOwnDuplicates() {
        let controllers = [
            ScriptedController(notificationCenter: center), ScriptedController(notificationCenter: center),
        ]
        let rules = reportedRules {
            for controller in controllers {
                for _ in 0..<3 {
                    controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in }
                }
            }
        }
        // Each controller's engine reports the first of its two duplicates from the line.
        #expect(rules == [.duplicateRegistration, .duplicateRegistration])
    }

    @Test func eachListenerAddedAgainFromOneLineIsReportedFirstInFull() {
        let engine = NotificationEngine(center: center)
        let infos = [Notification.Name.ping, .pong].map { name in
            NotificationInfo(name: name, center: center) { _ in }
        }
        for info in infos { engine.add(info) }
        let diagnostics = capturingDiagnostics {
            for info in infos + infos { engine.add(info) }
        }.diagnostics
        // Two listeners: each one's first duplicate from the line is reported; their second adds are counted.
        #expect(diagnostics.count == 2)
        #expect(diagnostics.map { $0.message.contains("was added again.") } == [true, true])
    }

    @Test func aListenerRemovedAndAddedAgainStartsANewCount() {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        var rules: [NotificationDiagnostic.Rule] = []
        for _ in 0..<2 {
            engine.add(info)
            rules += reportedRules { engine.add(info) }
            engine.remove(info)
        }
        #expect(rules == [.duplicateRegistration, .duplicateRegistration])
    }
}
