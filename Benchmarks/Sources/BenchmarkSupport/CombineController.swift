package import Foundation
import OpenCombine
import OpenCombineFoundation

/// The same controller written with OpenCombine: a `NotificationCenter` publisher and a sink per name, the
/// subscriptions kept as `AnyCancellable`s in arrays, sinks that hold the controller weakly.
///
/// An `AnyCancellable` cancels its subscription when it is released, so disappearing and releasing the controller
/// only drop the arrays, as OpenCombine code usually does.
package final class CombineController {
    private let center: NotificationCenter
    private let visibleNames: [Notification.Name]
    private var lifetimeSubscriptions: [AnyCancellable] = []
    private var visibleSubscriptions: [AnyCancellable] = []
    private var appeared = false
    package private(set) var deliveries = 0

    /// Makes the controller and subscribes its lifetime sinks.
    package init(center: NotificationCenter, lifetime: [Notification.Name], visible: [Notification.Name]) {
        self.center = center
        self.visibleNames = visible
        lifetimeSubscriptions.reserveCapacity(lifetime.count)
        visibleSubscriptions.reserveCapacity(visible.count)
        for name in lifetime {
            subscribe(name).store(in: &lifetimeSubscriptions)
        }
    }

    /// Subscribes the visible sinks, unless they are subscribed.
    package func appear() {
        guard !appeared else { return }
        appeared = true
        for name in visibleNames {
            subscribe(name).store(in: &visibleSubscriptions)
        }
    }

    /// Cancels the visible sinks by releasing them, unless they are cancelled.
    package func disappear() {
        guard appeared else { return }
        appeared = false
        visibleSubscriptions.removeAll(keepingCapacity: true)
    }

    private func subscribe(_ name: Notification.Name) -> AnyCancellable {
        center.ocombine.publisher(for: name).sink { [weak self] _ in
            self?.deliveries += 1
        }
    }
}
