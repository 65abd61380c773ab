import Foundation
import Testing

/// Where the package, its test scripts and the shared folder (corpus, reference servers) are, and which tools
/// this machine has. One place for every test target.
public enum TestPaths {
    /// The package root (this file is `Tests/TestSupport/TestPaths.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `scripts/testenv`: the fixture servers and the scripts that start the reference servers.
    public static var testScripts: URL { packageRoot.appendingPathComponent("scripts/testenv", isDirectory: true) }

    /// The shared folder with the corpus and the reference servers: `$ODSH_SHARED`, else `../shared` beside the package.
    public static let shared: URL = {
        if let path = ProcessInfo.processInfo.environment["ODSH_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }()

    /// An executable of the package built with the tests: beside the running test bundle (whatever --build-path
    /// was), else under `.build/debug`.
    public static func builtProduct(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let beside = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/\(name)").path
    }

    /// The environment that makes the scripts of scripts/testenv use the same shared folder as the tests.
    public static var scriptEnvironment: [String: String] { ["ODSH_SHARED": shared.path] }
}

/// Programs the tests need besides the package's own.
public enum Tools {
    /// True when `name` is an executable in PATH (or, for system daemons such as nginx, in /usr/sbin).
    public static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin"])
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    public static let hasPython = isInstalled("python3")
    public static let noPython: Comment = "python3 missing"
}
