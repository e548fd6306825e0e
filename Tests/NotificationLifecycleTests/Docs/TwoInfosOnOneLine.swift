// swift-format-ignore-file
// Two closures on one line, at two columns, for DuplicatesArticleTests: the formatter would split the line.
import Foundation
import NotificationLifecycle

func twoInfosOnOneLine(center: NotificationCenter, calls: Recorder<Int>) -> [NotificationInfo] {
    [NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }, NotificationInfo(name: .ping, center: center) { _ in calls.record(2) }]
}
