import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files and folders a test process makes in the temporary folder that outlive any one test (the folders of
/// `odsh` runs, a gateway's log, nginx's configuration), removed when the process exits: shared fixtures are held
/// in static properties, which are never deinitialized, and without this every test run left them behind.
public enum ExitCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []
    nonisolated(unsafe) private static var installed = false

    /// Removes `path` (a file, or a folder with all it holds) when the test process exits.
    public static func remove(atExit path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            atexit { ExitCleanup.removeAll() }
        }
        paths.append(path)
    }

    private static func removeAll() {
        lock.lock()
        let all = paths
        paths = []
        lock.unlock()
        for p in all { try? FileManager.default.removeItem(atPath: p) }
    }
}
