// The doc comments of NotificationDiagnostic.swift: the context their prose gives the reader, "here `logger`, a
// swift-log `Logger`", as the "Diagnostics" article's context declares it.
// doc-blocks: also Tests/DocContext/NotificationLifecycle/Diagnostics.swift
