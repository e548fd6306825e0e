import Foundation

/// The Swift files named on a command line: files as given, folders searched recursively, in a stable order.
package enum SourceFiles {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Skips hidden folders and SwiftPM's build folders.
    package static func paths(in arguments: [String]) throws -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw Failure(description: "no such file or folder: \(argument)")
            }
            guard isDirectory.boolValue else {
                result.append(argument)
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            guard let enumerator = manager.enumerator(atPath: base) else { continue }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") }) { continue }
                // A folder may be named like a file (CocoaPods' `Pods/Headers/Public/SQLite.swift`): only files count.
                guard relative.hasSuffix(".swift") else { continue }
                var isFolder: ObjCBool = false
                let path = base + "/" + relative
                if manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
            }
            result += found.sorted()
        }
        return result
    }

    package static func read(_ paths: [String]) throws -> [SourceFile] {
        try paths.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure(description: "cannot read \(path)")
            }
            return SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
        }
    }
}
