import Foundation
import Testing

@testable import NotificationLifecycle

/// The package's registrations under both token semantics: Linux's, where Foundation's token holds no block, and
/// Apple's, where the token holds its block until it is removed. `.ci/run` runs this suite under each (Apple's with
/// `NOTIFICATION_LIFECYCLE_TEST_APPLE_SEMANTICS=1`, see ``CenterCalls``).
@Suite("Ownership of a center's registrations")
struct CenterOwnershipTests {
    /// A center released while it has an idle registration, and a new center at the same address: the new center's
    /// listener hears its post, and nothing of the released center's registrations is left.
    ///
    /// A registration that its own block kept alive through Apple's token would keep its registry too, which the new
    /// center would then be given by its identity (its address): its listener would link into the registration made
    /// on the released center, and hear nothing.
    @Test func aNewCenterAtAReleasedCentersAddressHearsItsListener() throws {
        weak var releasedRegistry: CenterRegistry?
        var releasedAddress: ObjectIdentifier?
        do {
            let center = NotificationCenter()
            let info = NotificationInfo(name: .ping, center: center) { _ in }
            info.startListening()
            // Idle: it stays registered so that starting again calls no Foundation.
            info.stopListening()
            releasedRegistry = CenterRegistry.existing(for: center)
            #expect(releasedRegistry.map { $0.registrationCounts == (1, 1) } == true)
            releasedAddress = ObjectIdentifier(center)
        }
        // Each candidate is kept until one reuses the address, so that every try gets a new allocation.
        var candidates: [NotificationCenter] = []
        var reused: NotificationCenter?
        for _ in 0..<1000 {
            let candidate = NotificationCenter()
            if ObjectIdentifier(candidate) == releasedAddress {
                reused = candidate
                break
            }
            candidates.append(candidate)
        }
        candidates.removeAll()
        let center = try #require(reused, "Expected a new center at the released center's address in 1,000 tries")
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
        info.startListening()
        center.post(name: .ping, object: nil)
        #expect(calls.events == [1])
        #expect(releasedRegistry == nil)
        info.stopListening()
    }
}
