// The doc comments of NotificationInfo+Messages.swift: the context their prose gives the reader, "`store`, a
// ThemeStore of yours, posts ThemeDidChange on `center`", the window that applies a theme, and the library that
// imports a download.
import Foundation

/// A theme of yours.
nonisolated struct Theme: Sendable {}

/// Posts `ThemeDidChange`, with itself as the subject.
nonisolated final class ThemeStore: Sendable {}

/// Posts `DownloadDidFinish`, with itself as the subject.
nonisolated final class Downloader: Sendable {}

/// A window of yours, on the main actor.
@MainActor final class Window {
    func apply(_ theme: Theme) {}
}

/// A library of yours that imports downloads.
actor Library {
    func `import`(_ url: URL) {}
}

nonisolated let center = NotificationCenter()
nonisolated let store = ThemeStore()
