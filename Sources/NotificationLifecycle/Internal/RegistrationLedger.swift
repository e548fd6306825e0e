package import Foundation

/// Every live ``NotificationInfo``, by center: the view the testing module uses to ask what the package still
/// holds on a center.
///
/// An info enters when it is made. It is held weakly, so once it is released its entry reads `nil`, and such
/// entries are swept out in bulk (when the entries have doubled since the last sweep, and at least every 1,024
/// entries) rather than one by one in the info's `deinit`: making and releasing an info costs one append under the
/// ledger's lock and no removal. Starting and stopping, the hot path, never touch the ledger.
package enum RegistrationLedger {
    private struct WeakInfo {
        weak var info: NotificationInfo?
    }

    private struct Table {
        var infosByCenter: [ObjectIdentifier: [WeakInfo]] = [:]
        /// Entries in all arrays, released or not.
        var entries = 0
        /// When `entries` reaches this, released entries are swept out.
        var sweepAt = minimumSweep

        static let minimumSweep = 1_024

        /// Drops the entries of released infos, and the centers left without any.
        ///
        /// Each live info is loaded as a strong reference that `kept` holds until the caller has left the lock:
        /// another thread may release the info meanwhile, and its `deinit` must not run inside this lock.
        mutating func sweep(keeping kept: inout [NotificationInfo]) {
            var live = 0
            infosByCenter = infosByCenter.compactMapValues { entries in
                let remaining = entries.filter { entry in
                    guard let info = entry.info else { return false }
                    kept.append(info)
                    return true
                }
                live += remaining.count
                return remaining.isEmpty ? nil : remaining
            }
            entries = live
            sweepAt = max(Self.minimumSweep, 2 * live)
        }
    }

    private static let table = LockedValueBox(Table())

    static func insert(_ info: NotificationInfo) {
        let center = ObjectIdentifier(info.center)
        // Released after the lock: the live infos the sweep loaded (see `Table.sweep(keeping:)`).
        let kept = table.withLock { table -> [NotificationInfo] in
            table.infosByCenter[center, default: []].append(WeakInfo(info: info))
            table.entries += 1
            var kept: [NotificationInfo] = []
            if table.entries >= table.sweepAt { table.sweep(keeping: &kept) }
            return kept
        }
        withExtendedLifetime(kept) {}
    }

    /// The live infos made for `center`, in no particular order.
    package static func infos(on center: NotificationCenter) -> [NotificationInfo] {
        table.withLock { table in
            (table.infosByCenter[ObjectIdentifier(center)] ?? []).compactMap(\.info)
        }
    }

    /// The infos that hold a registration on `center` right now.
    package static func listeningInfos(on center: NotificationCenter) -> [NotificationInfo] {
        infos(on: center).filter(\.isListening)
    }
}
