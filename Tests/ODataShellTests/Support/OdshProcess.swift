import Foundation

/// Runs the built `odsh` executable (the tests drive the real binary, as a user would).
enum OdshProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$ODSH_BIN`, else the debug build under `.build`.
    static var binary: URL {
        if let p = ProcessInfo.processInfo.environment["ODSH_BIN"], !p.isEmpty { return URL(fileURLWithPath: p) }
        return packageRoot.appendingPathComponent(".build/debug/odsh")
    }
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// XDG folders of this test process, so that no test reads or writes the profiles, cookies or metadata cache
    /// of the user running the tests; a test that needs folders of its own passes them in `environment`.
    static let isolatedXDG: [String: String] = {
        let base = NSTemporaryDirectory() + "odsh-tests-xdg-\(getpid())"
        return ["XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state", "XDG_CACHE_HOME": base + "/cache"]
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs odsh with arguments (and optional stdin), waiting for it to end.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in isolatedXDG { env[k] = v }
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let s = stdin { inp.fileHandleForWriting.write(Data(s.utf8)) }
        try? inp.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let done = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread { errBox.data = errHandle.readDataToEndOfFile(); done.signal() }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        done.wait()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

/// The shared corpus (../shared/corpus or $ODSH_SHARED/corpus).
enum SharedCorpus {
    static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["ODSH_SHARED"], !env.isEmpty {
            return URL(fileURLWithPath: env).appendingPathComponent("corpus")
        }
        return OdshProcess.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("metadata").path) }
    static func metadata(_ name: String) -> String { root.appendingPathComponent("metadata").appendingPathComponent(name).path }
}
