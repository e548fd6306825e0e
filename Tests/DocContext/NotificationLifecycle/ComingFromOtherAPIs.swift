// "Coming from addObserver, Combine or async sequences": the context its prose gives the reader, the README's name.
import Foundation

extension Notification.Name {
    nonisolated static let messagesDidArrive = Notification.Name("MessagesDidArrive")
}
