import Foundation

extension Notification.Name {
    /// The signed-in account changed; `userInfo["name"]` is the new account's name.
    static let accountDidChange = Notification.Name("accountDidChange")
    /// New messages arrived; `userInfo["count"]` says how many.
    static let messagesDidArrive = Notification.Name("messagesDidArrive")
    /// The network went away or came back; `userInfo["online"]` says which.
    static let connectivityDidChange = Notification.Name("connectivityDidChange")
}
