public import NotificationLifecycle

/// Records which notifications reach the handlers of controllers and infos, how often and in which order.
///
/// Make a recorder for a controller (or add controllers and standalone infos to one recorder), post, then assert
/// on what was delivered:
///
/// ```swift
/// let center = NotificationCenter()
/// let screen = InboxScreen(notificationCenter: center)
/// let recorder = DeliveryRecorder(recording: screen)
///
/// center.post(name: .storeDidChange, object: nil)
///
/// try NotificationLifecycleInspection.expectDelivered(.storeDidChange, in: recorder)      // exactly once
/// try NotificationLifecycleInspection.expectNotDelivered(.themeDidChange, in: recorder)   // not appeared
/// ```
///
/// The recorder sees every handler call of the infos it records, including infos a controller adds later, just
/// before the handler runs and on the thread that runs it. It holds the controllers and infos weakly and keeps no
/// notification, so recording never changes what is deallocated.
///
/// > Important: An info or a controller has one recorder at a time: recording it again, from this recorder or
/// > another one, replaces the earlier recording. Foundation calls the observers of one post in an unspecified
/// > order, so assert an exact sequence only across separate posts.
public final class DeliveryRecorder: Sendable {
    private struct Sources {
        var engines: [WeakEngine] = []
        var infos: [WeakInfo] = []
    }

    private struct WeakEngine {
        weak var engine: NotificationEngine?
    }

    private struct WeakInfo {
        weak var info: NotificationInfo?
    }

    private let recorded = LockedValueBox<[RecordedDelivery]>([])
    private let sources = LockedValueBox(Sources())

    /// Makes a recorder that records nothing yet; add sources with `record(_:)`.
    public init() {}

    /// Makes a recorder that records every handler call of `owner`'s infos, also those added later.
    public convenience init(recording owner: some NotificationEngineOwner) {
        self.init()
        record(owner)
    }

    /// Makes a recorder that records every handler call of a standalone `info`.
    public convenience init(recording info: NotificationInfo) {
        self.init()
        record(info)
    }

    /// Records every handler call of `owner`'s infos from now on, also of infos it adds later.
    public func record(_ owner: some NotificationEngineOwner) {
        let engine = owner.notificationEngine
        sources.withLock { $0.engines.append(WeakEngine(engine: engine)) }
        engine.setDeliveryTap(tap)
    }

    /// Records every handler call of `info` from now on.
    public func record(_ info: NotificationInfo) {
        sources.withLock { $0.infos.append(WeakInfo(info: info)) }
        info.setDeliveryTap(tap)
    }

    /// Stops recording the controllers and infos that are still alive; what was recorded stays.
    public func stopRecording() {
        let (engines, infos) = sources.withLock { sources in
            defer { sources = Sources() }
            return (sources.engines.compactMap(\.engine), sources.infos.compactMap(\.info))
        }
        for engine in engines { engine.setDeliveryTap(nil) }
        for info in infos { info.setDeliveryTap(nil) }
    }

    /// Every delivery recorded so far, in the order the handlers were called.
    public var deliveries: [RecordedDelivery] {
        recorded.withLock { $0 }
    }

    /// Forgets what was recorded so far and goes on recording.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// The tap installed on the sources; it holds the recorder weakly so that a forgotten tap records nothing.
    private var tap: DeliveryTap {
        { [weak self] event in
            guard let self else { return }
            let delivery = RecordedDelivery(event)
            recorded.withLock { $0.append(delivery) }
        }
    }
}
