/// Strong references loaded from weak ones inside a lock, released only when this value goes, after the lock.
///
/// Loading a weak reference makes a strong one. If another thread releases the object at that moment, that strong
/// reference is the last one, and releasing it runs the object's `deinit`, which is user code (a controller's stops
/// its infos, which takes an info's lock). So it must not be released inside a lock: keep it here, declared outside
/// the lock, and let it go after.
///
/// Each object is kept once, and the first two need no allocation: starting one info keeps at most its observer
/// and sender, and an engine's infos mostly share one observer, their owner.
struct KeptObjects {
    private var first: AnyObject?
    private var second: AnyObject?
    private var more: [AnyObject] = []

    package init() {}

    /// Keeps `object` until this value goes, and answers it.
    @discardableResult
    package mutating func keep(_ object: AnyObject) -> AnyObject {
        if first === object || second === object { return object }
        if first == nil {
            first = object
        } else if second == nil {
            second = object
        } else {
            more.append(object)
        }
        return object
    }
}
