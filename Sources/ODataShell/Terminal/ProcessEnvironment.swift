import FoundationEssentials

/// The process's environment, read once. A one-shot command looks variables up in several places (the XDG folders
/// and secrets of the profile context, `NO_COLOR` and `TERM`, `COLUMNS`), and every read of
/// `ProcessInfo.environment` builds the whole dictionary anew. odsh never changes its own environment, so one copy
/// serves the whole run; functions that take an `environment` argument default to it, and tests pass their own.
enum ProcessEnvironment {
    /// The environment odsh was started with.
    static let current: [String: String] = ProcessInfo.processInfo.environment
}
