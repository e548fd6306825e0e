/// The lifespans an engine has active: two flags for the built-in ones and a set for custom names.
///
/// An engine asks whether an info's lifespan is active on every add; with a `Set<Lifespan>` that hashed the
/// lifespan each time, while almost every info is `lifetime` or `visible`.
struct ActiveLifespans {
    private var lifetime = false
    private var visible = false
    private var custom: Set<String> = []

    func contains(_ lifespan: Lifespan) -> Bool {
        if let name = lifespan.customName { return custom.contains(name) }
        return lifespan == .lifetime ? lifetime : visible
    }

    /// Marks `lifespan` active; answers whether it was not.
    @discardableResult
    mutating func insert(_ lifespan: Lifespan) -> Bool {
        if let name = lifespan.customName { return custom.insert(name).inserted }
        if lifespan == .lifetime {
            defer { lifetime = true }
            return !lifetime
        }
        defer { visible = true }
        return !visible
    }

    /// Marks `lifespan` inactive; answers whether it was active.
    @discardableResult
    mutating func remove(_ lifespan: Lifespan) -> Bool {
        if let name = lifespan.customName { return custom.remove(name) != nil }
        if lifespan == .lifetime {
            defer { lifetime = false }
            return lifetime
        }
        defer { visible = false }
        return visible
    }

    mutating func removeAll() {
        self = ActiveLifespans()
    }

    /// The active lifespans as a set, for inspection.
    var set: Set<Lifespan> {
        var set = Set(custom.map(Lifespan.custom))
        if lifetime { set.insert(.lifetime) }
        if visible { set.insert(.visible) }
        return set
    }
}
