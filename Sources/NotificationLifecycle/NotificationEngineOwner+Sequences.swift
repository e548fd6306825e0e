public import Foundation

extension NotificationEngineOwner {
    /// Notifications named `name`, yielded while `lifespan` is active on this owner; finishes when it stops.
    ///
    /// See ``NotificationEngine/notifications(named:object:during:buffering:fileID:line:)``. The sequence also
    /// finishes when the owner is released.
    ///
    /// ```swift
    /// screen.appear()
    /// Task { [weak screen] in
    ///     guard let saves = screen?.notifications(named: .storeDidSave, during: .visible,
    ///                                             buffering: .bufferingNewest(8)) else { return }
    ///     for await _ in saves { screen?.reload() }  // ends at screen.disappear(), or when screen is released
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: Only notifications from this sender are yielded. Held weakly.
    ///   - lifespan: The lifespan whose active stretch the sequence covers.
    ///   - policy: What to keep when the consumer falls behind; a drop is reported once per sequence.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: A sequence that finishes when `lifespan` stops or the owner is released.
    public func notifications(
        named name: Notification.Name,
        object: AnyObject? = nil,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Notification>.Continuation.BufferingPolicy,
        fileID: String = #fileID,
        line: Int = #line
    ) -> AsyncStream<Notification> {
        notificationEngine.notifications(
            named: name,
            object: object,
            during: lifespan,
            buffering: policy,
            fileID: fileID,
            line: line
        )
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension NotificationEngineOwner {
    /// Asynchronous messages of `messageType`, yielded while `lifespan` is active on this owner.
    ///
    /// See ``NotificationEngine/messages(for:during:buffering:fileID:line:)``: the sequence yields in no particular
    /// order and finishes when `lifespan` stops or the owner is released.
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - lifespan: The lifespan whose active stretch the sequence covers.
    ///   - policy: What to keep when the consumer falls behind; a drop is reported once per sequence.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: A sequence that finishes when `lifespan` stops or the owner is released.
    public func messages<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Message>.Continuation.BufferingPolicy,
        fileID: String = #fileID,
        line: Int = #line
    ) -> AsyncStream<Message> {
        notificationEngine.messages(for: messageType, during: lifespan, buffering: policy, fileID: fileID, line: line)
    }

    /// Asynchronous messages of `messageType` posted with `subject`, yielded while `lifespan` is active on this
    /// owner.
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are yielded. Held weakly.
    ///   - lifespan: The lifespan whose active stretch the sequence covers.
    ///   - policy: What to keep when the consumer falls behind; a drop is reported once per sequence.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: A sequence that finishes when `lifespan` stops or the owner is released.
    public func messages<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Message>.Continuation.BufferingPolicy,
        fileID: String = #fileID,
        line: Int = #line
    ) -> AsyncStream<Message> where Message.Subject: AnyObject {
        notificationEngine.messages(
            for: messageType,
            subject: subject,
            during: lifespan,
            buffering: policy,
            fileID: fileID,
            line: line
        )
    }
}
