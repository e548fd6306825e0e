// Stands in for a third-party pod whose declarations the tool is not given: the fixtures that subclass it test that
// an owner's isolation the tool cannot see is left alone with that reason.
@_exported public import Foundation

/// A cell class from a dependency (here nonisolated; the tool cannot know).
open class ShimmerCollectionCell: NSObject {
    override public init() {
        super.init()
    }

    open func awakeFromNib() {}
}
