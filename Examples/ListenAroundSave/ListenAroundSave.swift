import Foundation
import NotificationLifecycle

/// Listens to a store's did-save notification around one save only, as one would around a Core Data save.
@main
enum ListenAroundSave {
    static func main() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ListenAroundSave-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: directory)
            print("Removed \(directory.lastPathComponent): \(!FileManager.default.fileExists(atPath: directory.path))")
        }
        let fileURL = directory.appendingPathComponent("records.json")
        print("ListenAroundSave: a RecordStore saves to \(directory.lastPathComponent)/records.json")
        print("and posts recordStoreDidSave with what changed. We listen around one save at a time.")

        let store = try RecordStore(fileURL: fileURL)
        let heard = Heard()

        store.setTitle("Buy milk", forID: "1")
        store.setTitle("Call Ada", forID: "2")
        print("")
        print("1. listen(during:) around the first save")

        // README: "Listening around a save"
        let didSave = NotificationInfo(
            name: .recordStoreDidSave,
            object: store
        ) { note in
            heard.append(RecordStore.Changes(note))
        }
        try didSave.listen(during: { try store.save() })

        print("   heard: \(heard.takeAllDescribed())")
        print("   listening after the save: \(didSave.isListening)")
        print("   read back from disk: \(try RecordStore(fileURL: fileURL).summary)")

        print("")
        print("2. A later save without listen(during:)")
        store.setTitle("Buy oat milk", forID: "1")
        try store.save()
        print("   heard: \(heard.takeAllDescribed())")
        print("   read back from disk: \(try RecordStore(fileURL: fileURL).summary)")

        print("")
        print("3. A save that throws: the directory is gone, so the atomic write fails")
        try FileManager.default.removeItem(at: directory)
        store.deleteRecord(id: "2")
        do {
            try didSave.listen(during: {
                print("   listening during the save: \(didSave.isListening)")
                try store.save()
            })
            print("   the save unexpectedly succeeded")
        } catch {
            print("   save threw: \(error)")
        }
        print("   heard: \(heard.takeAllDescribed())")
        print("   listening after the failed save: \(didSave.isListening)")

        print("")
        print("4. The directory is back and the pending deletion is saved, without listening")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try store.save()
        print("   heard: \(heard.takeAllDescribed())")
        print("   read back from disk: \(try RecordStore(fileURL: fileURL).summary)")
        print("")
    }
}
