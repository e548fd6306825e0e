public import Foundation

extension Notification.Name {
    /// A worker finished a job. `userInfo["worker"]` is the worker's number (an `Int`).
    public static let jobDidFinish = Notification.Name("JobTally.jobDidFinish")

    /// The configuration was read again. Heard by a ``JobTallyService`` for as long as it lives, running or not.
    public static let configurationDidReload = Notification.Name("JobTally.configurationDidReload")
}

extension NotificationCenter {
    /// Posts ``Foundation/Notification/Name/jobDidFinish`` for `worker`, on the calling thread.
    ///
    /// - Parameter worker: The number of the worker that finished the job.
    public func postJobDidFinish(worker: Int) {
        post(name: .jobDidFinish, object: nil, userInfo: ["worker": worker])
    }
}
