import Foundation

/// Runs `body` in an autorelease pool on Apple platforms, and as it is elsewhere.
///
/// Apple's Foundation may autorelease what a post hands to Objective-C (the `NSNotification` and its object): a
/// test that drops a posted sender and expects it gone posts inside a pool, so that the pool's end, not the end of
/// the run loop turn, releases it. Linux's Foundation has no autorelease pools.
func withAutoreleasePool<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    return try autoreleasepool(invoking: body)
    #else
    return try body()
    #endif
}
