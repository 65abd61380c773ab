import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a test needs from outside the package (the shared folder's corpus and reference servers, the built odsh,
/// python3, tmux, nginx, a KDC...), in one place. Locally a missing fixture skips the test, with its reason; under
/// CI (`CI=true`, which `.ci/run` sets) it fails the test, naming what is missing, so that a CI machine without
/// `../shared` or tmux cannot go green having tested less. Every miss is also written, one line each, to the file
/// named by `$ODSH_SKIP_LOG` (scripts/test.sh sets it and prints a summary of what was skipped and why at the end).
public enum Fixture {
    /// True when the environment says this is a CI run (`CI` is `true`, `1` or `yes`).
    public static var isCI: Bool {
        ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased())
    }

    /// A fixture a test needs is missing, in a CI run.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var reason: String
        public var description: String { "missing fixture \"\(name)\": \(reason) (CI=true: a missing fixture fails the test)" }
    }

    /// Whether the fixture `name` is there. When it is not, notes it in `$ODSH_SKIP_LOG` and, under CI, throws
    /// `Missing` (the test fails, naming it); else says false (the test is skipped with `reason`).
    public static func check(_ name: String, available: Bool, reason: String) throws -> Bool {
        if available { return true }
        note(name, reason)
        if isCI { throw Missing(name: name, reason: reason) }
        return false
    }

    /// Appends "NAME: REASON" to `$ODSH_SKIP_LOG` (one write with O_APPEND: lines of tests running at once do not mix).
    static func note(_ name: String, _ reason: String) {
        guard let log = ProcessInfo.processInfo.environment["ODSH_SKIP_LOG"], !log.isEmpty else { return }
        let line = "\(name): \(reason.replacingOccurrences(of: "\n", with: " "))\n"
        let fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }
}

extension Trait where Self == ConditionTrait {
    /// The test (or every test of the suite) needs the fixture `name`, there when `available` is true: without it
    /// the test is skipped with `reason` locally, and fails naming it under CI (see `Fixture`).
    public static func fixture(_ name: String, _ available: @autoclosure @escaping @Sendable () -> Bool, _ reason: Comment,
                               sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(reason, sourceLocation: sourceLocation) {
            try Fixture.check(name, available: available(), reason: reason.rawValue)
        }
    }
}
