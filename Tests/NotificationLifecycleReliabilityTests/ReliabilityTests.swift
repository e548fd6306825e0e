import Testing

/// The reliability tests, run one after another.
///
/// The stress tests keep every core busy and the memory test reads the process's resident memory, which tests
/// running beside them would disturb. Run them alone with `swift test --filter NotificationLifecycleReliabilityTests`.
///
/// - Stress: threads on the same infos and controllers, on the posting thread, on operation queues and with
///   main-actor handlers; then probe posts compare `isListening` with what the center holds.
/// - Model-based: a seeded random walk compared after every step with a reference model (``WalkModel``).
///   `NL_WALK_SEED=<seed>` replays one seed, `NL_WALK_REPEAT=<n>` runs it n times, `NL_WALK_STEPS=<n>` sets the steps
///   per seed, `NL_WALK_STATS=1` prints what each walk reached.
/// - `NL_TEST_STATS=1` prints what the stress, bad-input and memory tests measured; by default `swift test` prints
///   test results only.
/// - Re-entrancy matrix: every lifecycle call a handler can make during its own delivery.
/// - Bad input, memory, and lock discipline (no user `deinit` inside a package lock).
@Suite("Reliability", .serialized)
struct ReliabilityTests {}
