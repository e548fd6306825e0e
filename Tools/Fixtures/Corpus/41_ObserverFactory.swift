// swift-format-ignore-file
// Quiet: a token that is the implicit result of a closure or a function is kept by the caller, not thrown away.
// (Added after the checker's first run on this repository's own code reported these shapes.)
import Foundation

final class ObserverFactory {
    private let center = NotificationCenter.default
    private var tokens: [NSObjectProtocol] = []
    private(set) var deliveries = 0

    func start(_ names: [Notification.Name]) {
        tokens = names.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in self?.deliveries += 1 }
        }
        tokens.append(observe(.factoryDidReset))
    }

    func stop() {
        tokens.forEach(center.removeObserver)
        tokens.removeAll()
    }

    private func observe(_ name: Notification.Name) -> any NSObjectProtocol {
        center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            self?.deliveries += 1
        }
    }
}

extension Notification.Name {
    static let factoryDidReset = Notification.Name("FactoryDidReset")
}
