/// Why an inspection of NotificationLifecycle's state did not hold: a sentence, then what is registered.
///
/// Every `expect…` function of ``NotificationLifecycleInspection`` throws this error when its expectation does
/// not hold. The XCTest assertions (`XCTAssertListening(_:to:…)` and the others) and the Swift Testing
/// expectations (`expectListening(_:to:…)` and the others) record its ``description`` as a failure at the
/// caller's line.
///
/// ```swift
/// do {
///     try NotificationLifecycleInspection.expectListening(screen, to: .themeDidChange)
/// } catch {
///     print(error.summary)  // "Expected InboxScreen to be listening to themeDidChange, but …"
///     print(error.details)  // the table of InboxScreen's registrations
/// }
/// ```
public struct NotificationInspectionFailure: Error, Sendable, CustomStringConvertible {
    /// One sentence in the form "Expected …, but …", with a remedy where one is known.
    public let summary: String

    /// What is registered, recorded or reported, as a plain-text table; empty when there is nothing to show.
    public let details: String

    /// Makes a failure from its sentence and its details.
    ///
    /// - Parameters:
    ///   - summary: "Expected …, but …", with a remedy where one is known.
    ///   - details: A table of what is registered, recorded or reported.
    public init(summary: String, details: String = "") {
        self.summary = summary
        self.details = details
    }

    /// The summary, then the details on the following lines.
    public var description: String {
        details.isEmpty ? summary : summary + "\n" + details
    }
}
