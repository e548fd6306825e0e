import AppKit
import Foundation
import UIKit

/// The lifecycle script the tests run, on the main actor as UIKit runs it.
@MainActor
struct LifecycleScript {
    static let keyboardNames = [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification]

    struct Outcome: Equatable, CustomStringConvertible {
        /// Deliveries per notification name at each post.
        var beforeLoad: [Int]
        var visible: [Int]
        var hidden: [Int]
        var visibleAgain: [Int]
        /// Whether UIViewController's own memory-warning listener still heard its post after the appearances.
        var superclassListens = true
        var released = true

        var description: String {
            "before load \(beforeLoad), visible \(visible), hidden \(hidden), visible again \(visibleAgain), "
                + "superclass listens \(superclassListens), released \(released)"
        }
    }

    /// The script for a view controller.
    func drive<Controller: UIViewController>(
        _ make: () -> Controller,
        _ names: [Notification.Name],
        counts: (Controller) -> [Int]
    ) -> Outcome {
        var controller: Controller? = make()
        weak let probe = controller
        func post() -> [Int] {
            let before = counts(controller!)
            for name in names {
                AppleSemanticsCenter.default.post(name: name)
                NotificationCenter.default.post(name: name, object: nil)
            }
            return zip(counts(controller!), before).map { $0 - $1 }
        }
        func appear() {
            controller!.viewWillAppear(false)
            controller!.viewDidAppear(false)
        }
        func disappear() {
            controller!.viewWillDisappear(false)
            controller!.viewDidDisappear(false)
        }
        let beforeLoad = post()  // 1. a post before the view loads
        controller!.loadViewIfNeeded()  // 2. load
        appear()  // 3. appear, post
        let visible = post()
        disappear()  // 4. disappear, post
        let hidden = post()
        appear()  // 5. appear again, post
        let visibleAgain = post()
        let warnings = controller!.memoryWarnings  // 6. the superclass's own listener
        AppleSemanticsCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification)
        let superclassListens = controller!.memoryWarnings == warnings + 1
        disappear()  // 7. disappear, release
        controller = nil
        return Outcome(
            beforeLoad: beforeLoad,
            visible: visible,
            hidden: hidden,
            visibleAgain: visibleAgain,
            superclassListens: superclassListens,
            released: probe == nil
        )
    }

    /// The script for a class that is not a view controller: post, release.
    func drive<Object: AnyObject>(
        _ make: () -> Object,
        _ names: [Notification.Name],
        counts: (Object) -> [Int]
    )
        -> Outcome
    {
        var object: Object? = make()
        weak let probe = object
        let before = counts(object!)
        for name in names {
            AppleSemanticsCenter.default.post(name: name)
            NotificationCenter.default.post(name: name, object: nil)
        }
        let delivered = zip(counts(object!), before).map { $0 - $1 }
        object = nil
        return Outcome(beforeLoad: [], visible: delivered, hidden: [], visibleAgain: [], released: probe == nil)
    }

    /// The script for an object whose listener starts in a method called after it is made (a settings pane's
    /// `setup()`, Wild/W44): post, start, post, post, release, post. The counts after each of the first three posts.
    func driveStarted<Object: AnyObject>(
        _ make: () -> Object,
        start: (Object) -> Void,
        _ name: Notification.Name,
        count: (Object) -> Int
    ) -> (heard: [Int], released: Bool) {
        var object: Object? = make()
        weak let probe = object
        func post() {
            AppleSemanticsCenter.default.post(name: name)
            NotificationCenter.default.post(name: name, object: nil)
        }
        post()
        let beforeStart = count(object!)
        start(object!)
        post()
        let first = count(object!)
        post()
        let second = count(object!)
        object = nil
        post()
        return ([beforeStart, first, second], probe == nil)
    }

    /// The script for an observer of the workspace's own center (Wild/W25): post on the default center, post on the
    /// workspace's, release, post on the workspace's. The counts after each of the first two posts.
    func driveOnTheWorkspaceCenter<Observer: AnyObject>(
        _ make: () -> Observer,
        wakes: (Observer) -> Int
    ) -> (heard: [Int], released: Bool) {
        let name = NSWorkspace.didWakeNotification
        var observer: Observer? = make()
        weak let probe = observer
        AppleSemanticsCenter.default.post(name: name)
        NotificationCenter.default.post(name: name, object: nil)
        let onDefault = wakes(observer!)
        AppleSemanticsCenter.workspace.post(name: name)
        NSWorkspace.shared.notificationCenter.post(name: name, object: nil)
        let onWorkspace = wakes(observer!)
        observer = nil
        AppleSemanticsCenter.workspace.post(name: name)
        NSWorkspace.shared.notificationCenter.post(name: name, object: nil)
        return ([onDefault, onWorkspace], probe == nil)
    }
}
