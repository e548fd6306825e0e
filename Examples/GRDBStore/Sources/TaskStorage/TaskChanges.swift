public import Foundation

/// What one committed write changed in the `task` table: row ids of inserted, updated and deleted tasks.
///
/// It is the net effect, as Core Data's did-save reports it: a row inserted and deleted by the same write is in
/// no set, a row inserted then updated is only inserted, and a row updated then deleted is only deleted.
public struct TaskChanges: Equatable, Sendable, CustomStringConvertible {
    /// Rows that did not exist before.
    public var inserted: Set<Int64>
    /// Rows that existed before and still do, with new values.
    public var updated: Set<Int64>
    /// Rows that existed before and are gone.
    public var deleted: Set<Int64>

    /// The `userInfo` key of a `taskStoreDidSave` notification.
    public static let userInfoKey = "TaskChanges"

    /// Makes a set of changes; an empty one by default.
    public init(inserted: Set<Int64> = [], updated: Set<Int64> = [], deleted: Set<Int64> = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// The changes a `taskStoreDidSave` notification carries, or `nil` for another notification.
    public init?(_ notification: Notification) {
        guard let changes = notification.userInfo?[Self.userInfoKey] as? TaskChanges else { return nil }
        self = changes
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty
    }

    /// `inserted 1, 2; updated none; deleted 3`, ids in ascending order.
    public var description: String {
        func list(_ ids: Set<Int64>) -> String {
            ids.isEmpty ? "none" : ids.sorted().map(String.init).joined(separator: ", ")
        }
        return "inserted \(list(inserted)); updated \(list(updated)); deleted \(list(deleted))"
    }

    /// Adds a row's insertion, keeping the net effect.
    public mutating func recordInsert(_ id: Int64) {
        // A row id deleted earlier and used again (SQLite may reuse ids) is, in net, an update of that row.
        if deleted.remove(id) != nil {
            updated.insert(id)
        } else {
            inserted.insert(id)
        }
    }

    /// Adds a row's update, keeping the net effect.
    public mutating func recordUpdate(_ id: Int64) {
        if !inserted.contains(id) {
            updated.insert(id)
        }
    }

    /// Adds a row's deletion, keeping the net effect.
    public mutating func recordDelete(_ id: Int64) {
        if inserted.remove(id) == nil {
            updated.remove(id)
            deleted.insert(id)
        }
    }

    /// Adds the changes of a later write, keeping the net effect of both.
    public mutating func formUnion(_ later: TaskChanges) {
        // Within one TaskChanges the three sets are disjoint, so applying them in this order is exact.
        for id in later.inserted { recordInsert(id) }
        for id in later.updated { recordUpdate(id) }
        for id in later.deleted { recordDelete(id) }
    }
}
