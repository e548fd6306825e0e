// "Listening around a save": the context its prose gives the reader, the example's store and `let heard = Heard()`.
// doc-blocks: also Examples/ListenAroundSave/Heard.swift Examples/ListenAroundSave/RecordStore.swift
import Foundation

// `nonisolated`: the article's block runs as top-level code, which Swift 5 mode does not put on the main actor,
// and a global is main-actor in a module whose default isolation is MainActor.
nonisolated let store = try! RecordStore(
    fileURL: FileManager.default.temporaryDirectory.appendingPathComponent("records.json")
)
nonisolated let heard = Heard()
