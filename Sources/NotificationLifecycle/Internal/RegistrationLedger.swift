package import Foundation

/// Every live ``NotificationInfo``, by center: the view the testing module uses to ask what the package still
/// holds on a center. An info enters when it is made and leaves in its `deinit`, so starting and stopping, the hot
/// path, never touches the ledger.
package enum RegistrationLedger {
    private struct WeakInfo {
        weak var info: NotificationInfo?
    }

    private static let infosByCenter = LockedValueBox<[ObjectIdentifier: [ObjectIdentifier: WeakInfo]]>([:])

    static func insert(_ info: NotificationInfo) {
        let center = ObjectIdentifier(info.center)
        let id = ObjectIdentifier(info)
        infosByCenter.withLock { $0[center, default: [:]][id] = WeakInfo(info: info) }
    }

    static func remove(infoID: ObjectIdentifier, centerID: ObjectIdentifier) {
        infosByCenter.withLock { table in
            table[centerID]?[infoID] = nil
            if table[centerID]?.isEmpty == true { table[centerID] = nil }
        }
    }

    /// The live infos made for `center`, in no particular order.
    package static func infos(on center: NotificationCenter) -> [NotificationInfo] {
        infosByCenter.withLock { table in
            (table[ObjectIdentifier(center)] ?? [:]).values.compactMap(\.info)
        }
    }

    /// The infos that hold a registration on `center` right now.
    package static func listeningInfos(on center: NotificationCenter) -> [NotificationInfo] {
        infos(on: center).filter(\.isListening)
    }
}
