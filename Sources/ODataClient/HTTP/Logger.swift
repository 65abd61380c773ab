import Synchronization

/// SAP's `Logger` (from SAPCommon), for what this library logs: its HTTP traffic. As in SAP's SDK,
/// `Logger.shared(named: "SAP.OData").logLevel = .debug` traces every request of every session with its headers and
/// bodies to standard error, and `.info` the request lines with status and time; a session's own trace settings
/// (`HTTPConfiguration.traceRequests`, `traceWithData`, `traceSink`) take precedence. Credentials are redacted as in
/// every trace.
public final class Logger: Sendable {
    /// How much a logger lets through, from the most to the least.
    public enum LogLevel: Int, Sendable, Comparable {
        /// Everything.
        case all
        /// Debugging detail: for "SAP.OData", every request with its headers and bodies.
        case debug
        /// Information: for "SAP.OData", every request line with its status and time.
        case info
        /// Warnings (the level until set).
        case warn
        /// Errors only.
        case error
        /// Nothing.
        case off

        /// Whether `a` lets more through than `b`.
        public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
    }

    /// The logger's name, such as "SAP.OData".
    public let name: String
    private let level: Atomic<Int>

    private init(name: String) {
        self.name = name
        level = Atomic(LogLevel.warn.rawValue)
    }

    /// The level from which messages are logged (`.warn` until set).
    public var logLevel: LogLevel {
        get { LogLevel(rawValue: level.load(ordering: .relaxed)) ?? .warn }
        set { level.store(newValue.rawValue, ordering: .relaxed) }
    }

    private static let registry = Mutex<[String: Logger]>([:])

    /// The logger of this name, made on first use; the same one every time.
    public static func shared(named name: String) -> Logger {
        registry.withLock { loggers in
            if let logger = loggers[name] { return logger }
            let logger = Logger(name: name)
            loggers[name] = logger
            return logger
        }
    }

    /// "SAP.OData", the logger the library consults for its HTTP traffic.
    static let odata = Logger.shared(named: "SAP.OData")
}
