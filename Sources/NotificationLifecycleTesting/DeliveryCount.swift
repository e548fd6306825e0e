/// How many deliveries an expectation requires: exactly a number (once by default), at least a number, or never.
///
/// ```swift
/// @Test @MainActor func storeChangeIsHeardOnce() {
///     expectDelivered(.name(.storeDidChange), in: recorder)  // exactly once
///     expectDelivered(.name(.storeDidChange), .exactly(2), in: recorder)
///     expectDelivered(.name(.storeDidChange), .atLeast(1), in: recorder)
///     expectDelivered(.name(.themeDidChange), .never, in: recorder)
/// }
/// ```
public struct DeliveryCount: Hashable, Sendable {
    private let number: Int
    private let orMore: Bool

    /// Exactly `count` deliveries.
    public static func exactly(_ count: Int) -> DeliveryCount { DeliveryCount(number: count, orMore: false) }

    /// `count` deliveries or more.
    public static func atLeast(_ count: Int) -> DeliveryCount { DeliveryCount(number: count, orMore: true) }

    /// No delivery: `.exactly(0)`.
    public static let never = DeliveryCount(number: 0, orMore: false)

    /// Whether `count` deliveries satisfy this count.
    func accepts(_ count: Int) -> Bool { orMore ? count >= number : count == number }

    /// Whether a wait can stop once `count` deliveries arrived: more can only keep `atLeast` satisfied, or break
    /// `exactly`. Nothing settles `never`, whose wait lasts its whole timeout.
    func isSettled(by count: Int) -> Bool { orMore ? count >= number : number > 0 && count >= number }

    /// Whether some number of deliveries settles a wait: all but `never`.
    var canBeSettled: Bool { orMore || number > 0 }

    /// The failure for a negative count, which no delivery can satisfy.
    var misuse: InspectionFailure? {
        guard number < 0 else { return nil }
        return InspectionFailure(
            summary: "Expected a delivery count of zero or more, but \(orMore ? "atLeast" : "exactly")(\(number)) "
                + "was given. Use .never for no delivery."
        )
    }

    /// `to be delivered once`, `to be delivered to a closure at least twice`, `not to be delivered`, with `target`
    /// (where the delivery goes, such as ` to a closure`) after the verb; `.atLeast(0)`, which any count satisfies,
    /// is `to be delivered any number of times`.
    func expectation(target: String = "") -> String {
        if number == 0 && !orMore { return "not to be delivered" + target }
        let times = number == 0 ? "any number of times" : (orMore ? "at least " : "") + Self.times(number)
        return "to be delivered" + target + " " + times
    }

    /// `once`, `twice`, `3 times`.
    static func times(_ count: Int) -> String { count == 1 ? "once" : count == 2 ? "twice" : "\(count) times" }
}
