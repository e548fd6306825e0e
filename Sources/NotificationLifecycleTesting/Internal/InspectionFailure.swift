/// Why an expectation did not hold: one sentence "Expected …, but …" with the remedy, then what is registered.
struct InspectionFailure: Error, Sendable {
    let summary: String
    /// A plain-text table of what is registered, recorded or reported; empty when there is nothing to show.
    let details: String

    init(summary: String, details: String = "") {
        self.summary = summary
        self.details = details
    }

    /// The summary, then the details on the following lines: the text every framework records.
    var message: String {
        details.isEmpty ? summary : summary + "\n" + details
    }
}

/// The tail of every expectation: records `failure`, when there is one, at the caller's site. The site is made only
/// for a failure, as making one starts watching XCTest's cases.
func check(
    _ failure: InspectionFailure?,
    _ fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt,
    origin: FailureOrigin? = nil
) {
    guard let failure else { return }
    recordFailure(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), origin: origin)
}
