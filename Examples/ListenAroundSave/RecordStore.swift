import Foundation

extension Notification.Name {
    /// Posted by a `RecordStore` after its records were written to disk; `userInfo` holds the `RecordStore.Changes`.
    nonisolated static let recordStoreDidSave = Notification.Name("RecordStoreDidSave")
}

/// A small store of titled records that saves to a JSON file and announces what each save changed.
///
/// Edits are kept in memory until `save()`: it writes every record to the file atomically, reads the file back
/// to check it, and posts `recordStoreDidSave` with the changes since the last save. `nonisolated`, as the name above,
/// so that any thread may use it also in a module whose default isolation is `MainActor` (the article shows it).
nonisolated final class RecordStore: @unchecked Sendable {
    // Safe: `records` and `pending` are only touched while `lock` is held; saving holds it across the write so two
    // saves cannot interleave.
    private let lock = NSLock()
    private var records: [String: String]
    private var pending = Changes()
    let fileURL: URL
    let center: NotificationCenter

    /// What one save changed: ids of inserted, updated and deleted records.
    struct Changes: Equatable, Sendable, CustomStringConvertible {
        var inserted: [String] = []
        var updated: [String] = []
        var deleted: [String] = []

        static let userInfoKey = "changes"

        var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

        /// `inserted 1, 2; updated none; deleted none`.
        var description: String {
            func list(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ", ") }
            return "inserted \(list(inserted)); updated \(list(updated)); deleted \(list(deleted))"
        }

        /// The changes a did-save notification carries, or `nil` for another notification.
        init?(_ notification: Notification) {
            guard let changes = notification.userInfo?[Self.userInfoKey] as? Changes else { return nil }
            self = changes
        }

        init() {}
    }

    /// A save that did not reach the disk.
    struct SaveError: Error, CustomStringConvertible {
        let fileURL: URL
        let underlying: any Error

        var description: String {
            "could not write \(fileURL.lastPathComponent): \(underlying.localizedDescription)"
        }
    }

    /// Opens the store at `fileURL`, reading the records saved there before, if any.
    init(fileURL: URL, center: NotificationCenter = .default) throws {
        self.fileURL = fileURL
        self.center = center
        if FileManager.default.fileExists(atPath: fileURL.path) {
            records = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: fileURL))
        } else {
            records = [:]
        }
    }

    /// The records, sorted by id, as `id: title`.
    var summary: String {
        lock.withLock { records.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
    }

    /// Inserts or updates a record; kept in memory until the next save.
    func setTitle(_ title: String, forID id: String) {
        lock.withLock {
            if records.updateValue(title, forKey: id) == nil {
                pending.inserted.append(id)
            } else if !pending.inserted.contains(id), !pending.updated.contains(id) {
                pending.updated.append(id)
            }
        }
    }

    /// Deletes a record; kept in memory until the next save.
    func deleteRecord(id: String) {
        lock.withLock {
            guard records.removeValue(forKey: id) != nil else { return }
            if let index = pending.inserted.firstIndex(of: id) {
                pending.inserted.remove(at: index)
            } else {
                pending.updated.removeAll { $0 == id }
                pending.deleted.append(id)
            }
        }
    }

    /// Writes every record to the file atomically, reads it back, and posts the changes.
    ///
    /// - Throws: `SaveError` when the file cannot be written or does not read back as written. The pending changes
    ///   are kept for the next save.
    // Excerpt of RecordStore in Examples/ListenAroundSave: a method of the class
    func save() throws {
        let changes = try lock.withLock { () throws -> Changes in
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                try encoder.encode(records).write(to: fileURL, options: .atomic)
                let readBack = try JSONDecoder().decode(
                    [String: String].self,
                    from: Data(contentsOf: fileURL)
                )
                guard readBack == records else {
                    throw CocoaError(.fileReadCorruptFile)
                }
            } catch {
                throw SaveError(fileURL: fileURL, underlying: error)
            }
            defer { pending = Changes() }
            return pending
        }
        // Posted after the lock is released: observers may read the store.
        center.post(
            name: .recordStoreDidSave,
            object: self,
            userInfo: [Changes.userInfoKey: changes]
        )
    }
}
