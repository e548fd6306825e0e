// README: "Listening around a save". The README shows the body verbatim; its `print` is this file's, which keeps
// the line for the test to read instead of writing it among the test results.
import Foundation
import NotificationLifecycle

/// The README's save snippet, as a function of the store and center it names.
func saveListeningOnce(_ store: NoteStore, center: NotificationCenter) throws -> NotificationInfo {
    let didSave = NotificationInfo(name: .storeDidSave, object: store, center: center) { note in
        print("saved:", note.userInfo?["inserted"] ?? [])
    }
    try didSave.listen(during: { try store.save() })
    return didSave
}

/// What the snippet printed, one line per call.
let readmeSnippetPrinted = Recorder<String>()

/// Shadows the standard library's `print` in this file only: the snippet's line is recorded.
private func print(_ items: Any..., separator: String = " ") {
    readmeSnippetPrinted.record(items.map { "\($0)" }.joined(separator: separator))
}
