// The doc comments of Sources/NotificationLifecycleTesting/DeliveryRecorder.swift:
// the context their prose gives the reader,
// the screen under test (each block makes its own center and recorder).
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
