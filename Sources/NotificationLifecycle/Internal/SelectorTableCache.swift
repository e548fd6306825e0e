/// The selector tables of observer classes, read once per class.
enum SelectorTableCache {
    private static let tables = LockedValueBox<[ObjectIdentifier: NotificationSelectorTable]>([:])

    /// The table of `type`, reading `notificationSelectors` (user code) outside the lock the first time.
    static func table(for type: any NotificationSelectorResponder.Type) -> NotificationSelectorTable {
        let key = ObjectIdentifier(type)
        if let table = tables.withLock({ $0[key] }) {
            return table
        }
        let table = type.notificationSelectors
        return tables.withLock { tables in
            if let raced = tables[key] { return raced }
            tables[key] = table
            return table
        }
    }
}
