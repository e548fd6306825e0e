// The doc comments of NotificationInfo.swift: the context their prose gives the reader, "here `store`, yours, posts
// `.storeDidSave`", with the synchronous and the asynchronous save the examples call.
import Foundation

extension Notification.Name {
    nonisolated static let storeDidSave = Notification.Name("StoreDidSave")
}

/// A store of yours: each save posts `.storeDidSave` on the default center.
nonisolated final class Store: Sendable {
    func save() throws {
        NotificationCenter.default.post(name: .storeDidSave, object: self)
    }

    func save() async throws {
        NotificationCenter.default.post(name: .storeDidSave, object: self)
    }
}

// `nonisolated`: a global is main-actor in a module whose default isolation is MainActor.
nonisolated let store = Store()
