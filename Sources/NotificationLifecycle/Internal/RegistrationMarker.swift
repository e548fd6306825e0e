import Foundation

/// What a notification registration's block holds when an earlier registration's block may still hold the
/// info's core: its identity tells the two registrations apart (see ``InfoCore``).
///
/// Made only while something else holds the core when a registration starts: mostly a block of an earlier
/// registration (a post that found it is under way, or the center has not let it go yet), or a pending main-actor
/// call. Otherwise the block holds the core itself.
final class RegistrationMarker: Sendable {
    nonisolated(unsafe) let core: InfoCore  // See InfoCore's "Threads".

    init(core: InfoCore) {
        self.core = core
    }

    func deliver(_ notification: Notification) {
        core.deliver(notification, through: self)
    }
}
