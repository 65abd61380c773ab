import Foundation
import TestSupport

/// Runs the built `odsh` executable (the tests drive the real binary, as a user would).
enum OdshProcess {
    static var packageRoot: URL { TestPaths.packageRoot }

    /// `$ODSH_BIN`, else the debug build under `.build`.
    static var binary: URL {
        if let p = ProcessInfo.processInfo.environment["ODSH_BIN"], !p.isEmpty { return URL(fileURLWithPath: p) }
        return packageRoot.appendingPathComponent(".build/debug/odsh")
    }
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// XDG folders of this test process, so that no test reads or writes the profiles, cookies or metadata cache
    /// of the user running the tests; a test that needs folders of its own passes them in `environment`. Secrets
    /// go to plain files (`ODSH_STORE=plain`, as in CI) unless a test chooses the encrypted store.
    static let isolatedXDG: [String: String] = {
        let base = NSTemporaryDirectory() + "odsh-tests-xdg-\(getpid())"
        ExitCleanup.remove(atExit: base)
        return ["ODSH_STORE": "plain", "XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state", "XDG_CACHE_HOME": base + "/cache"]
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs odsh with arguments (and optional stdin), waiting for it to end; one that has not ended after
    /// `timeout` seconds is killed and the test fails with `Spawn.TimedOut`. `onTerminal`: its standard input is a
    /// pseudo-terminal (scripts/testenv/with-tty.py), as when a person runs it; `stdin` is then not read.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    timeout: Double = 300, onTerminal: Bool = false) throws -> Result {
        let env = Spawn.environment(isolatedXDG.merging(environment) { $1 })
        let tty = onTerminal ? ["python3", TestPaths.testScripts.appendingPathComponent("with-tty.py").path] : []
        let r = try Spawn.run(tty + [binary.path] + arguments, stdin: stdin ?? "", environment: env, timeout: timeout)
        return Result(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}

/// The shared corpus's metadata documents, as the shell tests name them (TestSupport's `Corpus`).
enum SharedCorpus {
    static var root: URL { Corpus.root }
    static var isAvailable: Bool { Corpus.isAvailable("metadata") }
    static func metadata(_ name: String) -> String { Corpus.url("metadata", name).path }
}
