@testable import NotificationLifecycle

/// The `every-notification` reports a test expects, `count` of them: made only where Foundation crashes when a typed
/// message is posted next to a `name: nil` observer (Linux), none on Apple platforms.
func everyNotificationReports(_ count: Int = 1) -> [NotificationDiagnostic.Rule] {
    CenterCalls.messagePostsCrashNameNilObservers ? Array(repeating: .everyNotification, count: count) : []
}
