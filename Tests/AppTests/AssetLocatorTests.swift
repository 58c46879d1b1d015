import Foundation
import LumenTestSupport
import Testing
@testable import App

/// Where the binary finds its assets: $LUMEN_ASSETS, an installed tree, a build tree.
@Suite struct AssetLocatorTests {
    @Test func anInstalledBinaryFindsItsAssetsInShare() throws {
        let root = ImageFixtures.path("install-tree")
        try? FileManager.default.removeItem(atPath: root)
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/usr/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/usr/share/lumen/assets/fonts", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/elsewhere/fonts", withIntermediateDirectories: true)
        #expect(AssetLocator.find(environment: nil, executableFolder: root + "/usr/bin", workingFolder: "/")
                == root + "/usr/share/lumen/assets")
        #expect(AssetLocator.find(environment: root + "/elsewhere", executableFolder: root + "/usr/bin", workingFolder: "/")
                == root + "/elsewhere", "LUMEN_ASSETS first")
        #expect(AssetLocator.find(environment: nil, executableFolder: root + "/elsewhere", workingFolder: "/") == nil)
        // A build tree: the nearest assets/ above .build/release.
        try fm.createDirectory(atPath: root + "/src/.build/release", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/src/assets/fonts", withIntermediateDirectories: true)
        #expect(AssetLocator.find(environment: nil, executableFolder: root + "/src/.build/release", workingFolder: "/")
                == root + "/src/assets")
        // An app's package elsewhere, built against Lumen's sources: their assets.
        try fm.createDirectory(atPath: root + "/app/.build/debug", withIntermediateDirectories: true)
        #expect(AssetLocator.find(environment: nil, executableFolder: root + "/app/.build/debug", workingFolder: root + "/app",
                                  builtFrom: root + "/src/assets") == root + "/src/assets")
        // An app installed as PREFIX/bin/menu-board with Lumen's assets in share/menu-board.
        try fm.createDirectory(atPath: root + "/opt/share/menu-board/assets/fonts", withIntermediateDirectories: true)
        #expect(AssetLocator.find(environment: nil, command: "menu-board", executableFolder: root + "/opt/bin", workingFolder: "/")
                == root + "/opt/share/menu-board/assets")
    }

    @Test func lumensOwnSourcesAreWhereItWasBuiltFrom() {
        #expect(FileManager.default.fileExists(atPath: AssetLocator.builtFrom + "/fonts"), "\(AssetLocator.builtFrom)")
    }
}
