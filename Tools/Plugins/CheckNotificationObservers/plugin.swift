import Foundation
import PackagePlugin

/// `swift package check-notification-observers [--target NAME]… [check options]`: runs `notification-lifecycle check`
/// on the sources of the package's Swift targets (all of them unless `--target` names some).
@main
struct CheckNotificationObservers: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "notification-lifecycle")
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let folders = targets.compactMap { $0 as? SourceModuleTarget }.map { $0.directoryURL.path }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + extractor.remainingArguments + folders
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 1 {
            Diagnostics.error("notification-lifecycle check found hand-written observer bugs (listed above)")
        } else if process.terminationStatus != 0 {
            Diagnostics.error("notification-lifecycle check failed with status \(process.terminationStatus)")
        }
    }
}
