import Foundation

/// Runs small `python3` scripts, the independent oracles of corpus tests.
enum Python {
    /// True when `python3` runs here.
    static let isAvailable: Bool = (try? run("print(1)")) == "1\n"

    /// Runs `python3 -c script arguments...` and returns its standard output; throws when it fails.
    static func run(_ script: String, _ arguments: [String] = []) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script] + arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw PythonError(status: p.terminationStatus, stderr: String(decoding: errData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct PythonError: Error, CustomStringConvertible {
        var status: Int32
        var stderr: String
        var description: String { "python3 exited with \(status): \(stderr)" }
    }
}
