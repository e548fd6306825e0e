// swift-format-ignore-file
// Correct: tokens collected in an array in init and removed in deinit.
import Foundation
import UIKit  // AppleSemanticsCenter

final class SessionStoreOriginal {
    private var observers: [NSObjectProtocol] = []
    private(set) var expirations = 0
    private(set) var refreshes = 0

    init() {
        observers.append(AppleSemanticsCenter.default.addObserver(forName: .sessionDidExpire, object: nil, queue: nil) { [weak self] _ in
            self?.expirations += 1
        })
        observers.append(AppleSemanticsCenter.default.addObserver(forName: .sessionDidRefresh, object: nil, queue: nil) { [weak self] _ in
            self?.refreshes += 1
        })
    }

    deinit {
        observers.forEach { AppleSemanticsCenter.default.removeObserver($0) }
    }
}
