// Apple platforms only: there a typed message is posted as a notification, and a notification reaches a message
// observer through `makeMessage(_:)` (swift-foundation's FOUNDATION_FRAMEWORK branches). Linux's Foundation keeps the
// two apart (a message posted next to a `name: nil` observer crashes there: EveryNotificationWithMessagesTests), and
// `name`, `makeMessage(_:)` and `makeNotification(_:)` are not requirements of the protocols there, so none of this
// compiles on Linux; the hosted workflow runs it on an iOS simulator (`xcodebuild test`).
#if canImport(Darwin)
import Foundation
import Testing

@testable import NotificationLifecycle

/// A main-actor message that also travels as a plain notification.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct DocumentRenamed: NotificationCenter.MainActorMessage {
    typealias Subject = Document
    static var name: Notification.Name { Notification.Name("DocumentRenamed") }
    let title: String

    static func makeMessage(_ notification: Notification) -> Self? {
        let title = notification.userInfo?["title"] as? String
        return title.map { Self(title: $0) }
    }

    static func makeNotification(_ message: Self) -> Notification {
        Notification(name: name, userInfo: ["title": message.title])
    }
}

@Suite("Typed messages as Apple's Foundation delivers them")
@MainActor
struct MessagesAsNotificationsTests {
    let center = NotificationCenter()

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aNameNilInfoHearsAMessagePostAndNothingIsReported() {
        let names = Recorder<String>()
        let (info, diagnostics) = capturingDiagnostics {
            NotificationInfo(name: nil, center: center) { names.record($0.name.rawValue) }
        }
        #expect(diagnostics.isEmpty)
        info.startListening()
        center.post(DocumentRenamed(title: "Draft"))
        #expect(names.events.contains("DocumentRenamed"))
        info.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aMessageInfoHearsAPlainNotificationThroughMakeMessage() {
        let titles = Recorder<String>()
        let info = NotificationInfo(for: DocumentRenamed.self, center: center) { titles.record($0.title) }
        info.startListening()
        center.post(name: DocumentRenamed.name, object: nil, userInfo: ["title": "Plain"])
        #expect(titles.events == ["Plain"])
        info.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aNameInfoHearsAMessagePostedWithItsName() {
        let titles = Recorder<String>()
        let info = NotificationInfo(name: DocumentRenamed.name, center: center) {
            titles.record($0.userInfo?["title"] as? String ?? "?")
        }
        info.startListening()
        center.post(DocumentRenamed(title: "Typed"))
        #expect(titles.events == ["Typed"])
        info.stopListening()
    }

    /// Either way, an info filtering on one object hears only posts with that object: the filter never widens.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aSenderOrSubjectFilterNeverWidens() {
        let document = Document()
        let other = Document()
        let heard = Recorder<String>()
        let byName = NotificationInfo(name: DocumentRenamed.name, object: document, center: center) {
            heard.record("name: \($0.userInfo?["title"] as? String ?? "?")")
        }
        let byMessage = NotificationInfo(for: DocumentRenamed.self, subject: .only(document), center: center) {
            heard.record("message: \($0.title)")
        }
        byName.startListening()
        byMessage.startListening()
        center.post(DocumentRenamed(title: "other's"), subject: other)
        center.post(name: DocumentRenamed.name, object: other, userInfo: ["title": "other's plain"])
        #expect(heard.events.isEmpty)
        center.post(DocumentRenamed(title: "typed"), subject: document)
        center.post(name: DocumentRenamed.name, object: document, userInfo: ["title": "plain"])
        #expect(heard.events.sorted() == ["message: plain", "message: typed", "name: plain", "name: typed"])
        byName.stopListening()
        byMessage.stopListening()
    }

    /// A notification that `makeMessage(_:)` cannot turn into a message reaches no handler; the package reports
    /// nothing (Foundation logs a runtime issue of its own).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aNotificationMakeMessageRefusesReachesNoHandler() {
        let titles = Recorder<String>()
        let info = NotificationInfo(for: DocumentRenamed.self, center: center) { titles.record($0.title) }
        info.startListening()
        let rules = reportedRules {
            center.post(name: DocumentRenamed.name, object: nil, userInfo: ["no title": true])
        }
        #expect(titles.events.isEmpty)
        #expect(rules.isEmpty)
        info.stopListening()
    }
}
#endif
