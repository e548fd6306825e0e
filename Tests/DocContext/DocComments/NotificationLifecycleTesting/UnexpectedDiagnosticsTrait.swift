// The doc comments of Sources/NotificationLifecycleTesting/UnexpectedDiagnosticsTrait.swift:
// the context their prose gives the reader,
// the screen its suite tests.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
