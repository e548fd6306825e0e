package import Foundation

/// Every live ``NotificationInfo``, by center: the view the testing module uses to ask what the package still
/// holds on a center.
///
/// It records engines and infos. An info enters when it is made, except one that an engine's shorthand makes
/// (`NotificationInfo.init(…madeBy:)`, for notifications and typed messages alike): that one is found through its
/// engine, which entered when it was made, so making and releasing it costs the ledger nothing and it needs no weak
/// reference (whose side table would make every retain of it slower; for the same reason the ledger holds an
/// engine's ``NotificationEngine/Listing``, not the engine). One that the engine refuses as a duplicate is listed
/// nowhere: its shorthand returns the equal info instead, and lets it go.
///
/// Such an info enters the ledger itself when it leaves its engine alive: ``NotificationEngine/remove(_:fileID:line:)``,
/// or ``NotificationEngine/stopAll()`` (on an engine going away, or called on a live one) while someone else still
/// holds it. It enters after the engine's lock is released (entering can release other infos, whose deinit must not
/// run under that lock), so a query at that moment can miss it once; only the testing module's inspection asks.
///
/// Entries are held weakly, so once an info or engine is released its entry reads `nil`, and such entries are swept
/// out in bulk (when the entries have doubled since the last sweep, and at least every 1,024 entries) rather than
/// one by one in a `deinit`. Starting and stopping, the hot path, never touch the ledger.
package enum RegistrationLedger {
    private struct WeakInfo {
        weak var info: NotificationInfo?
    }

    private struct WeakEngine {
        weak var engine: NotificationEngine.Listing?
    }

    private struct Table {
        var infosByCenter: [ObjectIdentifier: [WeakInfo]] = [:]
        /// Entries in all arrays, released or not.
        var infoEntries = 0
        /// When `infoEntries` reaches this, released entries are swept out.
        var infoSweepAt = minimumSweep
        var engines: [WeakEngine] = []
        /// When `engines.count` reaches this, released engines are swept out.
        var engineSweepAt = minimumSweep

        static let minimumSweep = 1_024

        /// Drops the entries of released infos, and the centers left without any.
        ///
        /// Each live info is loaded as a strong reference that `kept` holds until the caller has left the lock:
        /// another thread may release the info meanwhile, and its `deinit` must not run inside this lock.
        mutating func sweepInfos(keeping kept: inout [AnyObject]) {
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
            infoEntries = live
            infoSweepAt = max(Self.minimumSweep, 2 * live)
        }

        /// Drops the entries of released engines; the live ones stay in `kept`, as in ``sweepInfos(keeping:)``.
        mutating func sweepEngines(keeping kept: inout [AnyObject]) {
            engines = engines.filter { entry in
                guard let engine = entry.engine else { return false }
                kept.append(engine)
                return true
            }
            engineSweepAt = max(Self.minimumSweep, 2 * engines.count)
        }
    }

    private static let table = LockedValueBox(Table())

    static func insert(_ info: NotificationInfo) {
        DiagnosticRouting.claim(info.center)
        let center = ObjectIdentifier(info.center)
        // Released after the lock: the live entries the sweep loaded (see `Table.sweepInfos(keeping:)`).
        let kept = table.withLock { table -> [AnyObject] in
            table.infosByCenter[center, default: []].append(WeakInfo(info: info))
            table.infoEntries += 1
            var kept: [AnyObject] = []
            if table.infoEntries >= table.infoSweepAt { table.sweepInfos(keeping: &kept) }
            return kept
        }
        withExtendedLifetime(kept) {}
    }

    static func insert(_ engine: NotificationEngine.Listing) {
        let kept = table.withLock { table -> [AnyObject] in
            table.engines.append(WeakEngine(engine: engine))
            var kept: [AnyObject] = []
            if table.engines.count >= table.engineSweepAt { table.sweepEngines(keeping: &kept) }
            return kept
        }
        withExtendedLifetime(kept) {}
    }

    /// The live infos made for `center`, in no particular order: those that entered on their own and those of
    /// every live engine.
    package static func infos(on center: NotificationCenter) -> [NotificationInfo] {
        let centerID = ObjectIdentifier(center)
        let (infos, engines) = table.withLock { table in
            (
                (table.infosByCenter[centerID] ?? []).compactMap(\.info),
                table.engines.compactMap(\.engine)
            )
        }
        // The engines are asked after the ledger's lock: an engine takes its own lock. (A listing outlives its engine
        // only while it is held here; it then lists nothing.)
        var seen = Set(infos.map(ObjectIdentifier.init))
        var all = infos
        for engine in engines {
            for info in engine.infos where info.center === center && seen.insert(ObjectIdentifier(info)).inserted {
                all.append(info)
            }
        }
        return all
    }

    /// The infos that hold a registration on `center` right now.
    package static func listeningInfos(on center: NotificationCenter) -> [NotificationInfo] {
        infos(on: center).filter(\.isListening)
    }
}
