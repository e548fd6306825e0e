/// Counts handler calls.
///
/// Safe as `@unchecked Sendable` here: every handler the suite counts with it runs synchronously on the thread that
/// posts, and each benchmark posts from one thread.
package final class Counter: @unchecked Sendable {
    package var value = 0

    package init() {}
}
