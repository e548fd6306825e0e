import Foundation

/// What a notification registration's block holds when an earlier registration's block may still hold the
/// info's core: its identity tells the two registrations apart (see ``InfoCore``).
///
/// Made only while a block of an earlier registration is still around (a post that found it is under way, or the
/// center has not let it go yet); otherwise the block holds the core itself.
final class RegistrationMarker: Sendable {
    nonisolated(unsafe) let core: InfoCore  // See InfoCore's "Threads".

    init(core: InfoCore) {
        self.core = core
    }

    func deliver(_ notification: Notification) {
        core.deliver(notification, through: self)
    }
}
