// Stands in for a third-party pod whose declarations the tool is not given: the fixtures that subclass it test that
// an owner's isolation the tool cannot see is left alone with that reason.
@_exported public import Foundation
public import UIKit

/// A cell class from a dependency (here nonisolated; the tool cannot know).
open class ShimmerCollectionCell: NSObject {
    override public init() {
        super.init()
    }

    open func awakeFromNib() {}
}

/// A view controller base class from a dependency: main-actor (a UIViewController), but the tool is not given its
/// file; a subclass that overrides `viewWillAppear(_:)` and calls super's shows it.
open class ShimmerFeedViewController: UIViewController {
    open func reloadShimmer() {}
}

/// A nonisolated class from a dependency that declares a method named as UIKit's: a subclass's override of it is the
/// wrong guess of main-actor isolation, which must not compile once migrated (CompileOracleTests).
open class ShimmerPageController: NSObject {
    override public init() {
        super.init()
    }

    open func viewWillAppear(_ animated: Bool) {}
}
