import Foundation
import NotificationLifecycle
import Testing

/// Checks every statement of the article "Duplicates" against the engine.
@Suite("DocC: duplicates")
@MainActor
struct DuplicatesArticleTests {
    let center = NotificationCenter()

    @Test func closuresAtTwoPlacesBothRunAndTheSecondSelectorIsRefused() {
        let (feed, diagnostics) = capturingDiagnostics { FeedController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.duplicateRegistration])
        #expect(diagnostics.first?.line == Self.secondSelectorLine())
        #expect(feed.notificationEngine.infos.count == 3)
        center.post(name: .feedDidRefresh, object: nil)
        #expect(feed.heard.sorted() == ["first closure", "second closure", "selector"])
    }

    @Test func theSameLineRunTwiceIsRefusedAndTheFirstInfoComesBack() {
        // Its refused duplicate is checked above; captured here, so that it is not printed.
        let (feed, _) = capturingDiagnostics { FeedController(notificationCenter: center) }
        let rules = reportedRules {
            addInALoop(to: feed)
        }
        #expect(rules == [.duplicateRegistration])
        #expect(feed.notificationEngine.infos.count == 4)
        feed.appear()
        center.post(name: .feedDidRefresh, object: nil)
        #expect(feed.heard.filter { $0 == "loop" }.count == 1)
    }

    @Test func aRefusedShorthandReturnsTheInfoAlreadyAdded() {
        // Its refused duplicate is checked above; captured here, so that it is not printed.
        let (feed, _) = capturingDiagnostics { FeedController(notificationCenter: center) }
        var returned: [NotificationInfo] = []
        let rules = reportedRules {
            for _ in 0..<2 {
                returned.append(feed.addNotificationInfo(forName: .ping, lifespan: .editing) { _, _ in })
            }
        }
        #expect(rules == [.duplicateRegistration])
        #expect(returned[0] === returned[1])
    }

    @Test func theSameInfoAddedTwiceIsRefused() throws {
        // Its refused duplicate is checked above; captured here, so that it is not printed.
        let (feed, _) = capturingDiagnostics { FeedController(notificationCenter: center) }
        #expect(reportedRules { addTwice(to: feed) } == [.duplicateRegistration])
        #expect(feed.notificationEngine.infos.count == 4)
        // The info the article's function added (its first `add` answered true): a third add answers false.
        let added = try #require(feed.notificationEngine.infos.last)
        var again = true
        #expect(reportedRules { again = feed.notificationEngine.add(added) } == [.duplicateRegistration])
        #expect(!again)
    }

    /// The line of the second `addNotificationInfo(` in FeedController.swift: the refused selector's call, which the
    /// report names (the article shows the file's code, so it holds no line number of its own).
    static func secondSelectorLine(filePath: String = #filePath) -> Int? {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(
            "FeedController.swift"
        )
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let calls = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.trimmingCharacters(in: .whitespaces) == "addNotificationInfo(" }
        return calls.count == 2 ? calls[1].offset + 1 : nil
    }

    @Test func aLineRunManyTimesIsReportedAtItsFirstTenthAndHundredthDuplicate() {
        // Its refused duplicate is checked above; captured here, so that it is not printed.
        let (feed, _) = capturingDiagnostics { FeedController(notificationCenter: center) }
        var returned: [NotificationInfo] = []
        let diagnostics = capturingDiagnostics {
            for _ in 0..<200 {
                returned.append(feed.addNotificationInfo(forName: .ping, lifespan: .editing) { _, _ in })
            }
        }.diagnostics
        #expect(diagnostics.map(\.rule) == Array(repeating: .duplicateRegistration, count: 3))
        #expect(diagnostics.first?.message.contains("Later duplicates of it from this line are counted") == true)
        #expect(diagnostics.dropFirst().map { $0.message.contains("this line has now added") } == [true, true])
        #expect(diagnostics.last?.message.contains("100 duplicates of") == true)
        // None of the duplicates is registered: every call returned the first info.
        #expect(returned.allSatisfy { $0 === returned[0] })
        #expect(feed.notificationEngine.infos.count == 4)
    }

    @Test func aCountStartsAgainOnAnotherLineListenerOrEngineAndAfterARemove() {
        let feeds = (0..<2).map { _ in capturingDiagnostics { FeedController(notificationCenter: center) }.result }
        let perEngine = reportedRules {
            for feed in feeds {
                for _ in 0..<3 { feed.addNotificationInfo(forName: .ping, lifespan: .editing) { _, _ in } }
            }
        }
        // One line in two engines: each engine reports its first duplicate, and counts its second.
        #expect(perEngine == [.duplicateRegistration, .duplicateRegistration])

        let engine = NotificationEngine(center: center)
        let listeners = [Notification.Name.ping, .pong].map { name in
            NotificationInfo(name: name, center: center) { _ in }
        }
        let addBoth = { for info in listeners { engine.add(info) } }
        addBoth()
        // One line adding two listeners again: a full report for each, then counted.
        #expect(reportedRules(addBoth).count == 2)
        #expect(reportedRules(addBoth).isEmpty)
        // Another line.
        #expect(reportedRules { engine.add(listeners[0]) } == [.duplicateRegistration])
        // Removed and added again: the line's next duplicate of it is its first; the other listener's is its third.
        engine.remove(listeners[0])
        #expect(reportedRules(addBoth).isEmpty)
        #expect(reportedRules(addBoth).count == 1)
    }

    @Test func aSelectorInfoMadeByHandDuplicatesTheShorthandForTheSameObserver() {
        // Its refused duplicate is checked above; captured here, so that it is not printed.
        let (feed, _) = capturingDiagnostics { FeedController(notificationCenter: center) }
        let byHand = NotificationInfo(
            observer: feed,
            selector: "feedDidRefresh:",
            name: .feedDidRefresh,
            center: center
        )
        let (added, diagnostics) = capturingDiagnostics { feed.notificationEngine.add(byHand) }
        #expect(!added)
        #expect(diagnostics.map(\.rule) == [.duplicateRegistration])
    }

    @Test func standaloneInfosMadeOnOneLineAreDuplicatesInOneEngineOnly() {
        let first = NotificationEngine(center: center)
        let second = NotificationEngine(center: center)
        let infos = (0..<2).map { _ in NotificationInfo(name: .ping, center: center) { _ in } }
        let rules = reportedRules {
            #expect(first.add(infos[0]))
            #expect(!first.add(infos[1]))
            #expect(second.add(infos[1]))
        }
        #expect(rules == [.duplicateRegistration])
    }

    @Test func twoClosuresOnOneLineAtTwoColumnsAreTwoListeners() {
        let engine = NotificationEngine(center: center)
        let calls = Recorder<Int>()
        let infos = twoInfosOnOneLine(center: center, calls: calls)
        let rules = reportedRules {
            for info in infos { engine.add(info) }
        }
        #expect(rules.isEmpty)
        center.post(name: .ping, object: nil)
        #expect(calls.events.sorted() == [1, 2])
    }

    @Test func theQueueIsNotPartOfTheRegistration() {
        let engine = NotificationEngine(center: center)
        let queues = [OperationQueue(), OperationQueue()]
        let rules = reportedRules {
            for queue in queues {
                engine.add(NotificationInfo(name: .ping, center: center, queue: queue) { _ in })
            }
        }
        #expect(rules == [.duplicateRegistration])
        #expect(engine.infos.count == 1)
    }

    @Test func aRemovedInfoLeavesRoomForTheSameRegistration() {
        let engine = NotificationEngine(center: center)
        let infos = (0..<2).map { _ in NotificationInfo(name: .ping, center: center) { _ in } }
        let rules = reportedRules {
            engine.add(infos[0])
            engine.remove(infos[0])
            #expect(engine.add(infos[1]))
        }
        #expect(rules.isEmpty)
    }

    @Test func aStandaloneInfoStartedTwiceHoldsOneRegistration() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
        let rules = reportedRules {
            info.startListening()
            info.startListening()
        }
        #expect(rules.isEmpty)
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
        info.stopListening()
    }
}
