import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("Declaration duplicate hash")
struct DeclarationHashTests {
    private static func hash(
        name: Notification.Name? = .ping,
        sender: ObjectIdentifier? = nil,
        lifespan: Lifespan = .lifetime,
        selector: NotificationSelector? = nil,
        line: Int = 10,
        column: Int = 5,
        observer: ObjectIdentifier? = nil,
        messageType: ObjectIdentifier? = nil
    ) -> Int {
        Declaration(
            name: name,
            lifespan: lifespan,
            selector: selector,
            queue: nil,
            messageType: messageType,
            fileID: #fileID,
            line: line,
            column: column,
            takesObserver: observer != nil,
            filtersBySender: sender != nil
        ).duplicateHash(observer: observer, sender: sender)
    }

    @Test func equalPartsHashEquallyWhateverTheStringsStorage() {
        // A literal (small or immortal) and a string built at run time (heap storage) with the same contents.
        let built = Notification.Name(["NotificationLifecycleTests", "ping"].joined(separator: "."))
        let custom = Lifespan.custom(String(repeating: "editing-", count: 4))
        #expect(Self.hash(name: built) == Self.hash(name: .ping))
        #expect(
            Self.hash(lifespan: custom) == Self.hash(lifespan: .custom("editing-editing-editing-editing-"))
        )
        #expect(Self.hash(selector: "didPing:") == Self.hash(selector: NotificationSelector("didPing" + ":")))
    }

    /// `==` compares strings by canonical equivalence, and so does the center when it matches names: equal names,
    /// lifespans and selectors must hash equally however they are composed, also when one of them is ASCII.
    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"),  // é precomposed, and e with a combining acute accent
        ("\u{212A}elvin", "Kelvin"),  // the Kelvin sign is canonically a K
        ("why\u{037E}", "why;"),  // the Greek question mark is canonically a semicolon
        ("a\u{323}\u{307}", "a\u{307}\u{323}"),  // combining marks in either order
    ])
    func canonicallyEquivalentStringsHashEqually(_ pair: (String, String)) {
        let (first, second) = pair
        #expect(first == second)
        #expect(Self.hash(name: Notification.Name(first)) == Self.hash(name: Notification.Name(second)))
        #expect(Self.hash(lifespan: .custom(first)) == Self.hash(lifespan: .custom(second)))
        let observer = ObjectIdentifier(Sender.self)
        #expect(
            Self.hash(selector: NotificationSelector(first + ":"), observer: observer)
                == Self.hash(selector: NotificationSelector(second + ":"), observer: observer)
        )
    }

    /// What the hash is for: the center delivers a post to both of two infos whose names are equal but composed
    /// differently, so an engine must refuse the second as a duplicate.
    @Test func anEngineRefusesACanonicallyEquivalentNameAsADuplicate() {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        let observer = SelectorObserver()
        let composed = NotificationInfo(
            observer: observer,
            selector: "didPing:",
            name: Notification.Name("caf\u{E9}"),
            center: center
        )
        let decomposed = NotificationInfo(
            observer: observer,
            selector: "didPing:",
            name: Notification.Name("cafe\u{301}"),
            center: center
        )
        #expect(engine.add(composed))
        let rules = reportedRules { #expect(!engine.add(decomposed)) }
        #expect(rules == [.duplicateRegistration])
        center.post(name: Notification.Name("cafe\u{301}"), object: nil)
        #expect(observer.recorder.events.count == 1)
    }

    @Test func eachPartChangesTheHash() {
        let sender = Sender()
        let observer = Sender()
        let hashes = [
            Self.hash(),
            Self.hash(name: nil),
            Self.hash(name: .pong),
            Self.hash(name: Notification.Name("")),
            Self.hash(sender: ObjectIdentifier(sender)),
            Self.hash(lifespan: .visible),
            Self.hash(lifespan: .custom("editing")),
            Self.hash(lifespan: .custom("")),
            Self.hash(selector: "didPing:"),
            Self.hash(selector: "didPing"),
            Self.hash(line: 11),
            Self.hash(column: 6),
            Self.hash(observer: ObjectIdentifier(observer)),
            Self.hash(messageType: ObjectIdentifier(Sender.self)),
        ]
        #expect(Set(hashes).count == hashes.count)
        withExtendedLifetime((sender, observer)) {}
    }

    /// An engine's table indexes by the low bits: 10,000 names that differ only in a number must spread over
    /// them about as random values would (7,483 distinct values expected in 16,384 slots).
    @Test func numberedNamesSpreadOverTheLowBits() {
        let lowBits = Set(
            (0..<10_000).map { Self.hash(name: Notification.Name("visible\($0)")) & 16_383 }
        )
        #expect(lowBits.count > 7_000)
    }
}
