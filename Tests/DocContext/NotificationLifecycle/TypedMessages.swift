// "Typed messages on Apple platforms and on Linux": the context its prose gives the reader, "`Document` is your
// document class".

/// Your document class, the subject of its messages.
final class Document: Sendable {}
