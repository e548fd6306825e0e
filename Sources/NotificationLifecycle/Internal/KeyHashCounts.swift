/// How many infos of an engine have each registration-key hash: a small open-addressing table.
///
/// An engine counts one key per ``NotificationEngine/add(_:fileID:line:)``. A `[Int: Int]` did the same with a
/// SipHash of the already well-mixed key hash on every lookup and several reallocations while a controller
/// populates; this table indexes by the hash's low bits, starts at 16 slots and doubles at three quarters full.
/// Removal shifts the following entries back (no tombstones), so lookups stay short after many adds and removes.
struct KeyHashCounts {
    private struct Slot {
        var hash = 0
        /// 0 marks an empty slot.
        var count = 0
    }

    private var slots: ContiguousArray<Slot> = []
    private var occupied = 0

    /// Adds one to the count of `hash` and answers what it was.
    mutating func countOneMore(_ hash: Int) -> Int {
        if (occupied + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = hash & mask
        while slots[index].count != 0 {
            if slots[index].hash == hash {
                defer { slots[index].count += 1 }
                return slots[index].count
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, count: 1)
        occupied += 1
        return 0
    }

    /// Takes one from the count of `hash`; a hash counted nowhere is left alone.
    mutating func countOneFewer(_ hash: Int) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var index = hash & mask
        while slots[index].count != 0 {
            if slots[index].hash == hash {
                slots[index].count -= 1
                if slots[index].count == 0 { removeSlot(at: index) }
                return
            }
            index = (index + 1) & mask
        }
    }

    /// The count of `hash`.
    func count(of hash: Int) -> Int {
        guard !slots.isEmpty else { return 0 }
        let mask = slots.count - 1
        var index = hash & mask
        while slots[index].count != 0 {
            if slots[index].hash == hash { return slots[index].count }
            index = (index + 1) & mask
        }
        return 0
    }

    mutating func removeAll() {
        slots = []
        occupied = 0
    }

    /// Empties the slot at `hole` and moves back every following entry that a lookup would no longer reach.
    private mutating func removeSlot(at hole: Int) {
        let mask = slots.count - 1
        var hole = hole
        var next = hole
        while true {
            next = (next + 1) & mask
            guard slots[next].count != 0 else { break }
            let home = slots[next].hash & mask
            // The entry stays when its home lies cyclically in (hole, next]: a lookup from there still finds it.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                slots[hole] = slots[next]
                hole = next
            }
        }
        slots[hole] = Slot()
        occupied -= 1
    }

    private mutating func grow() {
        let old = slots
        slots = ContiguousArray(repeating: Slot(), count: max(16, old.count * 2))
        let mask = slots.count - 1
        for slot in old where slot.count != 0 {
            var index = slot.hash & mask
            while slots[index].count != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
