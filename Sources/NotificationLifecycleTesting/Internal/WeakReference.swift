/// An object held weakly, so that a value the test keeps never keeps the object alive. `@unchecked Sendable`: a weak
/// reference is loaded atomically, and the object is only handed out, never used here.
final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?

    init(_ object: AnyObject?) {
        self.object = object
    }
}
