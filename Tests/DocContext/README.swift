// README's context, as its prose gives it to the reader: "Here `store`, yours, posts `.storeDidSave` on `center` with
// the ids it inserted". .ci/doc-blocks.py compiles it beside the README's blocks (README.md, in order, in one main.swift).
import Foundation

extension Notification.Name {
    nonisolated static let storeDidSave = Notification.Name("StoreDidSave")
}

/// A store of yours: `save()` posts `.storeDidSave` with the ids it inserted.
nonisolated final class Store: Sendable {
    let center: NotificationCenter

    init(center: NotificationCenter) { self.center = center }

    func save() throws {
        center.post(name: .storeDidSave, object: self, userInfo: ["inserted": [1, 2]])
    }
}

// `nonisolated`: a global is main-actor in a module whose default isolation is MainActor, and the README's save
// runs as top-level code, which Swift 5 mode does not put on the main actor.
nonisolated let center = NotificationCenter()
nonisolated let store = Store(center: center)
