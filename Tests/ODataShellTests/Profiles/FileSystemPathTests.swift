import Foundation
import Testing
@testable import ODataShell

/// `FileSystemPath` gives what Foundation's `NSString` path methods gave for the paths odsh meets.
struct FileSystemPathTests {
    @Test func tildeAsExpandingTildeInPath() {
        for path in ["~", "~/", "~/a", "~/a/", "~/a//", "~//a", "~/./a", "~/a/../b", "~root", "~root/x", "~root/",
                     "~nosuchuser-odsh/x", "~nosuchuser-odsh", "/abs/~", "rel/./x", "", "a//b/", "~/.config/odsh/x.pem"] {
            #expect(FileSystemPath.expandingTilde(path) == (path as NSString).expandingTildeInPath, "\(path)")
        }
        #expect(FileSystemPath.homeDirectory == NSHomeDirectory())
    }

    @Test func componentsAsNSString() {
        // Foundation stopped the process on a bare relative name ("a"): odsh's files always have a folder.
        for path in ["/a/b/c", "/a/b/", "/a", "/", "a/b//", "a/b", "//a", "/a//b", "~/x", "", "/home/u/.config/odsh/config.toml"] {
            #expect(FileSystemPath.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent, "\(path)")
            #expect(FileSystemPath.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
        }
        #expect(FileSystemPath.deletingLastComponent("a") == ".")
        for (folder, name) in [("/a", "b"), ("/a/", "b"), (".", "x"), ("a", "/b"), ("/a//", "b/"), ("/", "x")] {
            #expect(FileSystemPath.appending(name, to: folder) == (folder as NSString).appendingPathComponent(name), "\(folder) \(name)")
        }
    }
}
