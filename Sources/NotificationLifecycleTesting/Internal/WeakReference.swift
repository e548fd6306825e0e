/// An object held weakly, so that a value the test keeps never keeps the object alive. `@unchecked Sendable`: a weak
/// reference is loaded atomically, and the object is only handed out, never used here.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}
