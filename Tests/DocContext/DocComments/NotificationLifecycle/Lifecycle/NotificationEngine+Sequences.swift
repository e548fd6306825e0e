// The doc comments of NotificationEngine+Sequences.swift: the context their prose gives the reader, "`center` is the
// center your posts go to, and `.storeDidSave` a name of yours", and "`DownloadDidFinish` is an `AsyncMessage` of
// yours with a `url`".
import Foundation

extension Notification.Name {
    nonisolated static let storeDidSave = Notification.Name("StoreDidSave")
}

/// Posts `DownloadDidFinish`, with itself as the subject.
final class Downloader: Sendable {}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
nonisolated struct DownloadDidFinish: NotificationCenter.AsyncMessage {
    typealias Subject = Downloader
    let url: URL
}

// `nonisolated`: a global is main-actor in a module whose default isolation is MainActor.
nonisolated let center = NotificationCenter()
