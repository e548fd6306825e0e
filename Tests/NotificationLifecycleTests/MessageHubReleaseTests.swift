import Foundation
import Testing

@testable import NotificationLifecycle

@MainActor
private final class MainBox {
    var infos: [NotificationInfo?] = []
    var calls: [Int] = []
}

/// Main-actor message infos that share a registration, released by handlers during a post.
@Suite("Message hub under releases")
@MainActor
struct MessageHubReleaseTests {
    /// Main-actor message infos sharing a list: the first (plain) releases itself and the second; a later one
    /// releases itself; a subject-filtered one's subject goes mid-post.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func handlersReleaseInfosDuringAMessagePost() {
        let center = NotificationCenter()
        let box = MainBox()
        box.infos = [nil, nil, nil, nil]
        box.infos[0] = NotificationInfo(for: Pinged.self, center: center) { m in
            box.calls.append(0)
            box.infos[0] = nil
            box.infos[1] = nil
        }
        box.infos[1] = NotificationInfo(for: Pinged.self, center: center) { _ in box.calls.append(1) }
        box.infos[2] = NotificationInfo(for: Pinged.self, center: center) { _ in
            box.calls.append(2)
            box.infos[2] = nil
        }
        box.infos[3] = NotificationInfo(for: Pinged.self, center: center) { m in box.calls.append(3 + 10 * m.number) }
        for info in box.infos { info?.startListening() }
        center.post(Pinged(number: 1))
        #expect(box.calls == [0, 2, 13])
        center.post(Pinged(number: 2))
        #expect(box.calls == [0, 2, 13, 23])
        box.infos = []
        #expect(settles { CenterRegistry.existing(for: center).map { $0.registrationCounts == (1, 1) } == true })
        var subject: Document? = Document()
        var calls = 0
        let a = NotificationInfo(for: Pinged.self, subject: .only(subject!), center: center) { _ in subject = nil }
        let b = NotificationInfo(for: Pinged.self, subject: .only(subject!), center: center) { _ in calls += 1 }
        a.startListening()
        b.startListening()
        center.post(Pinged(number: 3), subject: subject!)
        #expect(calls == 1)  // the post holds its subject
        // Asking drops b's registration, whose subject is gone, and reports it once.
        let (listening, diagnostics) = capturingDiagnostics { b.isListening }
        #expect(!listening)
        #expect(diagnostics.map(\.rule) == [.senderReleased])
    }
}
