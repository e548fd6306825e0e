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
    @Test func aNewCenterAtAReleasedCentersAddressHearsItsListener() {
        // Under a full parallel run another thread may drop the center's last reference, and its memory then goes to
        // that thread's allocator cache: a new round releases another center until one address is reused here.
        for _ in 0..<20 {
            guard let (reused, releasedRegistry) = Self.centerAtAReleasedCentersAddress() else { continue }
            let calls = Recorder<Int>()
            let info = NotificationInfo(name: .ping, center: reused) { _ in calls.record(1) }
            info.startListening()
            reused.post(name: .ping, object: nil)
            #expect(calls.events == [1])
            #expect(releasedRegistry.value == nil)
            info.stopListening()
            return
        }
        Issue.record("Expected a new center at a released center's address in 20 rounds of 1,000 tries")
    }

    /// Foundation's block holds its registration, and on Apple platforms the registration's token holds the block: a
    /// cycle that the registration's drop ends (a queue's registration is dropped by its last stop; the info keeps it
    /// until it goes), and the registry's release ends for an idle one (the registry goes with its center).
    @Test func registrationsAreFreedWhenDroppedOrWithTheirCenter() {
        let dropped = WeakBox<SharedRegistration>()
        let idle = WeakBox<SharedRegistration>()
        do {
            let center = NotificationCenter()
            let named = NotificationInfo(name: .ping, center: center) { _ in }
            named.startListening()
            idle.value = Self.registration(of: named)
            do {
                let queued = NotificationInfo(name: .ping, center: center, queue: OperationQueue()) { _ in }
                queued.startListening()
                dropped.value = Self.registration(of: queued)
                queued.stopListening()
            }
            #expect(dropped.value == nil)
            named.stopListening()
            #expect(idle.value != nil)  // idle: it stays registered while its center lives
        }
        #expect(idle.value == nil)
    }

    /// An engine released before its populate finished (its owner's `init` did not return) still finishes: the
    /// inspection's ledger, which keeps an unfinished engine's state, would otherwise keep its infos, still
    /// listening, and through them its center, for good.
    @Test func anEngineReleasedWhilePopulatingFreesItsInfosAndItsCenter() {
        let info = WeakBox<NotificationInfo>()
        let center = WeakBox<NotificationCenter>()
        let rules = reportedRules {
            let strongCenter = NotificationCenter()
            center.value = strongCenter
            do {
                let engine = NotificationEngine(center: strongCenter, lifetimeActive: false)
                let made = NotificationInfo(name: .ping, center: strongCenter) { _ in }
                made.startListening()
                engine.add(made)
                info.value = made
            }
            #expect(CenterRegistry.existing(for: strongCenter)?.liveInfos().isEmpty == true)
        }
        #expect(rules == [])
        #expect(info.value == nil)
        #expect(center.value == nil)
    }

    /// A center's lock and the states of its engines are freed with the center: in debug builds each engine's state
    /// holds the lock (to check that it is held), and the lock's state lists the engines' states.
    @Test func anEnginesStateIsFreedWithItsCenter() {
        let state = WeakBox<AnyObject>()
        do {
            let center = NotificationCenter()
            let engine = NotificationEngine(center: center)
            engine.add(NotificationInfo(name: .ping, center: center) { _ in })
            // The buffer that holds the engine's state (a `Guarded` keeps it in its `memory`).
            state.value = Mirror(reflecting: engine).descendant("guarded", "memory", "buffer") as AnyObject?
            #expect(state.value != nil)
        }
        #expect(state.value == nil)
    }

    private static func registration(of info: NotificationInfo) -> SharedRegistration? {
        info.listener.registry.lock.withLock { info.listener.state.lastRegistration }
    }

    /// Releases a center that has an idle registration, then makes centers until one takes its address (at most
    /// 1,000): that center, and a weak reference to the released center's registry; `nil` when none did.
    private static func centerAtAReleasedCentersAddress() -> (NotificationCenter, WeakBox<CenterRegistry>)? {
        let releasedRegistry = WeakBox<CenterRegistry>()
        var releasedAddress: ObjectIdentifier?
        do {
            let center = NotificationCenter()
            let info = NotificationInfo(name: .ping, center: center) { _ in }
            info.startListening()
            // Idle: it stays registered so that starting again calls no Foundation.
            info.stopListening()
            releasedRegistry.value = CenterRegistry.existing(for: center)
            #expect(releasedRegistry.value.map { $0.registrationCounts == (1, 1) } == true)
            releasedAddress = ObjectIdentifier(center)
        }
        // Each candidate is kept until one reuses the address, so that every try gets a new allocation.
        var candidates: [NotificationCenter] = []
        defer { candidates.removeAll() }
        for _ in 0..<1000 {
            let candidate = NotificationCenter()
            if ObjectIdentifier(candidate) == releasedAddress { return (candidate, releasedRegistry) }
            candidates.append(candidate)
        }
        return nil
    }
}

/// A weak reference that a helper can hand back.
private final class WeakBox<Object: AnyObject> {
    weak var value: Object?
}
