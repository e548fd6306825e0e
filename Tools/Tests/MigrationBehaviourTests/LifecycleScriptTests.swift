import Foundation
import Testing

// This file does not import UIKit: with a module of that name, `import Testing` looks for Swift Testing's UIKit
// overlay, which Linux does not have. LifecycleScript.swift holds what needs the stand-ins.

/// Drives each original fixture (against AppleSemanticsCenter, with Apple's semantics) and its migrated twin (on
/// Foundation's center, through NotificationEngine) through one script, as UIKit would:
/// post before load, load, appear, post, disappear, post, appear, post, memory warning, disappear, release.
///
/// The migrated type receives each post once per appearance, nothing before load that the original did not receive,
/// keeps the superclass's listener, and is released. Where the original has a bug the checker names, its result
/// shows the bug and the migrated one does not.
@MainActor
@Suite(.serialized) struct LifecycleScriptTests {
    typealias Outcome = LifecycleScript.Outcome

    let script = LifecycleScript()

    static let visibleOnce = Outcome(beforeLoad: [0], visible: [1], hidden: [0], visibleAgain: [1])

    // MARK: - View controllers

    @Test func profile_nuclearUnregister_migratedKeepsTheSuperclassListener() {
        let original = script.drive(ProfileViewControllerOriginal.init, [.profileDidChange]) { [$0.reloads] }
        let migrated = script.drive(ProfileViewController.init, [.profileDidChange]) { [$0.reloads] }
        var bug = Self.visibleOnce
        bug.superclassListens = false  // removeObserver(self) in viewDidDisappear removed it
        #expect(original == bug)
        #expect(migrated == Self.visibleOnce)
    }

    @Test func themedHeader_lifetimeFromViewDidLoad_startsAtLoad() {
        let original = script.drive(ThemedHeaderViewControllerOriginal.init, [.themeDidChange]) { [$0.themeChanges] }
        let migrated = script.drive(ThemedHeaderViewController.init, [.themeDidChange]) { [$0.themeChanges] }
        let expected = Outcome(beforeLoad: [0], visible: [1], hidden: [1], visibleAgain: [1])
        #expect(original == expected)
        #expect(migrated == expected)
    }

    @Test func feed_unbalancedVisible_migratedHearsOncePerAppearance() {
        let original = script.drive(FeedViewControllerOriginal.init, [.feedDidUpdate]) { [$0.refreshes] }
        let migrated = script.drive(FeedViewController.init, [.feedDidUpdate]) { [$0.refreshes] }
        // Never removed on disappear: heard while hidden, and twice after the second appearance.
        #expect(original == Outcome(beforeLoad: [0], visible: [1], hidden: [1], visibleAgain: [2]))
        #expect(migrated == Self.visibleOnce)
    }

    @Test func cart_removedByName_behavesTheSame() {
        let original = script.drive(CartViewControllerOriginal.init, [.cartDidChange]) { [$0.badgeUpdates] }
        let migrated = script.drive(CartViewController.init, [.cartDidChange]) { [$0.badgeUpdates] }
        #expect(original == Self.visibleOnce)
        #expect(migrated == Self.visibleOnce)
    }

    @Test func scoreboard_blockTokens_behavesTheSame() {
        let original = script.drive(ScoreboardViewControllerOriginal.init, [.scoreDidChange]) { [$0.scoreUpdates] }
        let migrated = script.drive(ScoreboardViewController.init, [.scoreDidChange]) { [$0.scoreUpdates] }
        #expect(original == Self.visibleOnce)
        #expect(migrated == Self.visibleOnce)
    }

    @Test func signUp_keyboardPair_behavesTheSame() {
        let names = LifecycleScript.keyboardNames
        let original = script.drive(SignUpViewControllerOriginal.init, names) { [$0.keyboardShows, $0.keyboardHides] }
        let migrated = script.drive(SignUpViewController.init, names) { [$0.keyboardShows, $0.keyboardHides] }
        let expected = Outcome(beforeLoad: [0, 0], visible: [1, 1], hidden: [0, 0], visibleAgain: [1, 1])
        #expect(original == expected)
        #expect(migrated == expected)
    }

    @Test func compose_nuclearUnregister_migratedKeepsItsLifetimeListener() {
        let names: [Notification.Name] = [.draftSyncDidFinish, .contactsDidChange]
        let original = script.drive(ComposeViewControllerOriginal.init, names) { [$0.syncs, $0.contactReloads] }
        let migrated = script.drive(ComposeViewController.init, names) { [$0.syncs, $0.contactReloads] }
        // removeObserver(self) in viewWillDisappear also removed the listener added in init, and UIKit's own.
        #expect(
            original
                == Outcome(
                    beforeLoad: [1, 0],
                    visible: [1, 1],
                    hidden: [0, 0],
                    visibleAgain: [0, 1],
                    superclassListens: false
                )
        )
        #expect(migrated == Outcome(beforeLoad: [1, 0], visible: [1, 1], hidden: [1, 0], visibleAgain: [1, 1]))
    }

    @Test func banner_discardedTokenWithStrongSelf_migratedIsReleased() {
        let original = script.drive(BannerViewControllerOriginal.init, [.bannerDidChange]) { _ in [] }
        let migrated = script.drive(BannerViewController.init, [.bannerDidChange]) { _ in [] }
        #expect(!original.released)  // the center keeps the block, the block keeps the controller
        #expect(migrated.released)
    }

    /// Issue 37's shapes: `UIKit.UIViewController`, a forEach over literal names, tokens in a dictionary, a
    /// registration under a condition fixed in init, `guard let self = self, let counter = …`, a stored center.
    @Test func playlist_lifetimeShapesInPlace_behavesTheSame() {
        let names: [Notification.Name] = [.playlistDidChange, .playlistDidClear, .downloadDidFinish]
        let original = script.drive(
            { PlaylistViewControllerOriginal(showsDownloads: true) },
            names,
            counts: { [$0.changes, $0.badge?.count ?? 0] }
        )
        let migrated = script.drive(
            { PlaylistViewController(showsDownloads: true) },
            names,
            counts: { [$0.changes, $0.badge?.count ?? 0] }
        )
        let expected = Outcome(beforeLoad: [0, 0], visible: [2, 1], hidden: [2, 1], visibleAgain: [2, 1])
        #expect(original == expected)
        #expect(migrated == expected)
        // The condition still decides: without downloads shown, only the playlist is heard.
        let hidden = script.drive(
            { PlaylistViewController(showsDownloads: false) },
            names,
            counts: { [$0.changes, $0.badge?.count ?? 0] }
        )
        #expect(hidden == Outcome(beforeLoad: [0, 0], visible: [2, 0], hidden: [2, 0], visibleAgain: [2, 0]))
    }

    /// Wild/W44: a pane with no init of its own over the app's base with none either; its listener, started in
    /// `setup()`, is declared in an `override init()` the migration writes. It hears nothing before `setup()`, each
    /// post after it once, and is released, as the hand-written block did.
    @Test func privacyPane_initWrittenForASubclass_behavesTheSame() {
        let name = Notification.Name("BlocklistDidUpdate")
        let original = script.driveStarted(
            PrivacyPaneManagerOriginal.init,
            start: { $0.setup() },
            name,
            count: { $0.updates }
        )
        let migrated = script.driveStarted(PrivacyPaneManager.init, start: { $0.setup() }, name, count: { $0.updates })
        #expect(original.heard == [0, 1, 2] && original.released)
        #expect(migrated.heard == [0, 1, 2] && migrated.released)
    }

    /// Wild/W45: tokens removed with `token.map(center.removeObserver)` and `for (_, token) in tokens`, now followed.
    @Test func reader_removalsFollowed_behavesTheSame() {
        let names: [Notification.Name] = [
            Notification.Name("ReaderFontDidChange"), Notification.Name("ReaderThemeDidChange"),
            Notification.Name("ReaderSyncDidFinish"),
        ]
        let original = script.drive(ReaderViewControllerOriginal.init, names, counts: { [$0.restyles, $0.syncs] })
        let migrated = script.drive(ReaderViewController.init, names, counts: { [$0.restyles, $0.syncs] })
        let expected = Outcome(beforeLoad: [0, 0], visible: [2, 1], hidden: [2, 1], visibleAgain: [2, 1])
        #expect(original == expected)
        #expect(migrated == expected)
    }

    /// Wild/W46: visible listeners behind `#available` and behind `isPad`, a `let` set in init, now declared once in
    /// viewDidLoad under the same conditions. Each is heard while visible exactly when its condition holds, as the
    /// registrations in viewWillAppear were, on an iPad and elsewhere.
    @Test func article_invariantConditionsMoveWithTheDeclaration_behavesTheSame() {
        let names: [Notification.Name] = [
            Notification.Name("ArticleDidUpdate"), Notification.Name("ArticleTextSizeDidChange"),
            Notification.Name("ArticleSplitDidResize"),
        ]
        for isPad in [true, false] {
            let counts: (ArticleViewController) -> [Int] = { [$0.updates, $0.resizes, $0.splits] }
            let original = script.drive(
                { ArticleViewControllerOriginal(isPad: isPad) },
                names,
                counts: { [$0.updates, $0.resizes, $0.splits] }
            )
            let migrated = script.drive({ ArticleViewController(isPad: isPad) }, names, counts: counts)
            let heard = [1, 1, isPad ? 1 : 0]
            let expected = Outcome(beforeLoad: [0, 0, 0], visible: heard, hidden: [0, 0, 0], visibleAgain: heard)
            #expect(original == expected, "isPad \(isPad)")
            #expect(migrated == expected, "isPad \(isPad)")
        }
    }

    /// Wild/W25: a main-actor observer of the workspace's own center. Original (on Apple's semantics) and migrated
    /// (its engine made with `NSWorkspace.shared.notificationCenter`) hear each post on that center once, nothing
    /// posted on the default center, and are released.
    @Test func themeObserver_workspaceCenter_behavesTheSame() {
        let original = script.driveOnTheWorkspaceCenter(ThemeObserverOriginal.init, wakes: { $0.wakes })
        let migrated = script.driveOnTheWorkspaceCenter(ThemeObserver.init, wakes: { $0.wakes })
        #expect(original.heard == [0, 1] && original.released)
        #expect(migrated.heard == [0, 1] && migrated.released)
    }
}
