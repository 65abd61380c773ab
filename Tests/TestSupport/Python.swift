/// Runs small `python3` scripts, the independent oracles of corpus tests.
public enum Python {
    /// True when `python3` runs here.
    public static let isAvailable: Bool = (try? run("print(1)")) == "1\n"

    /// Runs `python3 -c script arguments...` and returns its standard output; throws when it fails or takes
    /// longer than `timeout` seconds.
    public static func run(_ script: String, _ arguments: [String] = [], timeout: Double = 120) throws -> String {
        let r = try Spawn.run(["python3", "-c", script] + arguments, timeout: timeout)
        guard r.status == 0 else { throw PythonError(status: r.status, stderr: r.stderr) }
        return r.stdout
    }

    public struct PythonError: Error, CustomStringConvertible {
        public var status: Int32
        public var stderr: String
        public var description: String { "python3 exited with \(status): \(stderr)" }
    }
}
