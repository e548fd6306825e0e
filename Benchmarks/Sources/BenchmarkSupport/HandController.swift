package import Foundation

/// The same controller written by hand: tokens kept in arrays, added and removed with the lifecycle, handlers that
/// hold the controller weakly.
///
/// Main-actor, as `ControllerBase` is: Foundation's blocks are `@Sendable` and not main-actor, so they touch its
/// state through `MainActor.assumeIsolated` (every post of the suite is made on the main thread).
@MainActor
package final class HandController {
    private let center: NotificationCenter
    private let visibleNames: [Notification.Name]
    // Read by the nonisolated `deinit`, when no other reference is left: the usual hand-written Swift 6 shape.
    nonisolated(unsafe) private var lifetimeTokens: [any NSObjectProtocol] = []
    nonisolated(unsafe) private var visibleTokens: [any NSObjectProtocol] = []
    private var appeared = false
    package private(set) var deliveries = 0

    /// Makes the controller and registers its lifetime observers.
    package init(center: NotificationCenter, lifetime: [Notification.Name], visible: [Notification.Name]) {
        self.center = center
        self.visibleNames = visible
        lifetimeTokens.reserveCapacity(lifetime.count)
        visibleTokens.reserveCapacity(visible.count)
        for name in lifetime {
            lifetimeTokens.append(observe(name))
        }
    }

    deinit {
        for token in lifetimeTokens {
            center.removeObserver(token)
        }
        for token in visibleTokens {
            center.removeObserver(token)
        }
    }

    /// Registers the visible observers, unless they are registered.
    package func appear() {
        guard !appeared else { return }
        appeared = true
        for name in visibleNames {
            visibleTokens.append(observe(name))
        }
    }

    /// Removes the visible observers by token, unless they are removed.
    package func disappear() {
        guard appeared else { return }
        appeared = false
        for token in visibleTokens {
            center.removeObserver(token)
        }
        visibleTokens.removeAll(keepingCapacity: true)
    }

    private func observe(_ name: Notification.Name) -> any NSObjectProtocol {
        center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.deliveries += 1 }
        }
    }
}
