import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waiting for an event the test can see (a line in a log, a port printed, a screen in tmux), never for a length of
/// time: the condition is checked again and again, with short pauses, until it holds. The deadline is generous
/// and is reached only when something hangs, never because the machine is busy. This is the one place test code
/// pauses (`TestHygieneTests` keeps it so).
public enum Wait {
    /// The deadline of a wait that only a hang reaches, in seconds.
    public static let hang: Double = 60

    public struct TimedOut: Error, CustomStringConvertible {
        public var description: String
    }

    /// Checks `condition` until it holds; throws `TimedOut` naming `what` after `timeout` seconds.
    public static func until(_ what: String, timeout: Double = hang, _ condition: () throws -> Bool) throws {
        guard try poll(timeout: timeout, condition) else {
            throw TimedOut(description: "timed out after \(timeout) s waiting for \(what)")
        }
    }

    /// Checks `condition` until it holds or `timeout` seconds pass: whether it held.
    public static func poll(timeout: Double = hang, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var pause: UInt32 = 2_000
        while true {
            if try condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// The value `produce` gives once it gives one; throws `TimedOut` naming `what` after `timeout` seconds.
    public static func value<T>(_ what: String, timeout: Double = hang, _ produce: () throws -> T?) throws -> T {
        var found: T?
        try until(what, timeout: timeout) {
            found = try produce()
            return found != nil
        }
        return found!
    }

    /// The async form of `until`, for tests that run on the cooperative pool (it suspends, never blocks a thread).
    public static func untilAsync(_ what: String, timeout: Double = hang, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var pause = 2
        while true {
            if try await condition() { return }
            if ContinuousClock.now >= deadline { throw TimedOut(description: "timed out after \(timeout) s waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(pause))
            pause = min(pause * 2, 50)
        }
    }
}
