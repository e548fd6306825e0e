/// An engine's infos in the order they were added, with O(1) removal of any one of them.
///
/// Removing leaves a hole that iteration skips; holes are compacted away once they are half the slots. The index
/// from an info to its slot is built only when an engine of more than ``indexThreshold`` infos first removes one,
/// so that a controller that only adds and releases its infos pays for no dictionary.
struct OrderedInfos: Sequence {
    /// Below this many slots a removal scans; above, it builds and then keeps the index.
    static let indexThreshold = 32

    private var slots: [NotificationInfo?] = []
    private var positions: [ObjectIdentifier: Int]?
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The infos as an array, in order.
    var array: [NotificationInfo] {
        count == slots.count ? slots.map { $0.unsafelyUnwrapped } : slots.compactMap { $0 }
    }

    mutating func append(_ info: NotificationInfo) {
        positions?[ObjectIdentifier(info)] = slots.count
        slots.append(info)
        count += 1
    }

    func contains(_ info: NotificationInfo) -> Bool {
        slot(of: info) != nil
    }

    /// Removes `info`; answers whether it was there.
    mutating func remove(_ info: NotificationInfo) -> Bool {
        if positions == nil, slots.count > Self.indexThreshold { buildIndex() }
        guard let slot = slot(of: info) else { return false }
        positions?[ObjectIdentifier(info)] = nil
        slots[slot] = nil
        count -= 1
        if count == 0 {
            removeAll()
        } else if slots.count - count > slots.count / 2 {
            slots.removeAll { $0 == nil }
            if positions != nil { buildIndex() }
        }
        return true
    }

    mutating func removeAll() {
        slots = []
        positions = nil
        count = 0
    }

    private func slot(of info: NotificationInfo) -> Int? {
        if let positions { return positions[ObjectIdentifier(info)] }
        return slots.firstIndex { $0 === info }
    }

    private mutating func buildIndex() {
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(count)
        for (slot, info) in slots.enumerated() {
            if let info { index[ObjectIdentifier(info)] = slot }
        }
        positions = index
    }

    /// Empties the infos and answers what held them, holes included, without copying: for a caller that releases
    /// them after its lock.
    mutating func takeAll() -> [NotificationInfo?] {
        defer { removeAll() }
        return slots
    }

    struct Iterator: IteratorProtocol {
        fileprivate var slots: IndexingIterator<[NotificationInfo?]>

        mutating func next() -> NotificationInfo? {
            while let slot = slots.next() {
                if let info = slot { return info }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator {
        Iterator(slots: slots.makeIterator())
    }
}
