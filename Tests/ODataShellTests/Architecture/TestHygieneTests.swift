import Foundation
import Testing
import TestSupport

/// The rules of issue 53 for the tests themselves, kept by reading their source (comments and string literals left
/// out, so that a comment or a shell command line such as "sleep 60" does not count):
/// - no sleep as synchronization: `usleep(`, `sleep(`, `nanosleep(`, `Thread.sleep`, `Task.sleep` appear only in
///   the files allowed below, each with its reason (TestSupport's `Wait`, the one place that pauses between looks
///   at what it waits for). A server that is slow on purpose sleeps in its fixture script (scripts/testenv), not in
///   a test.
/// - no assertion on elapsed wall time: no measured duration (`elapsed`, `latency`, `waited`, `took`, `seconds`,
///   `duration`, `timeIntervalSince(…)`, `….now - start`) compared as smaller than a bound, and nothing compared
///   with `<` to a Duration literal (`.milliseconds(100)`). A lower bound (a wait that did happen) is allowed: a busy
///   machine never breaks it.
/// The cancelled-before-sending test (rule 3) stays honest through the first rule: it cannot sleep.
@Suite("test hygiene: no sleeps, no wall-clock bounds")
struct TestHygieneTests {
    /// Files allowed to sleep, with the reason. An entry no longer needed fails the test, so the list only shrinks.
    static let sleepAllowed: [String: String] = [
        "Tests/TestSupport/Wait.swift": "the one wait for an event: pauses between looks at the condition, with a deadline",
        "Tests/TestSupport/Spawn.swift": "Spawn.wait's timeout: waitpid has no timed form, so it polls WNOHANG with pauses",
    ]

    static let sleepPattern = #"(?<![A-Za-z0-9_])(usleep|sleep|nanosleep)\s*\(|Thread\.sleep\b|Task\.sleep\b|\bclock\.sleep\b"#

    /// A measured duration on the left of `<`/`<=`, or on the right of `>`/`>=`, or `<` against a Duration literal.
    static let elapsedPatterns = [
        #"\b(elapsed|latency|waited|took|seconds|duration)\s*<"#,
        #"timeIntervalSince\([^)]*\)\s*<"#,
        #"\.now(\(\))?\s*-\s*[A-Za-z_][A-Za-z0-9_.]*\)?\s*<"#,
        #"uptimeNanoseconds\s*-\s*[A-Za-z_][A-Za-z0-9_.]*\)?\s*<"#,
        #">=?\s*\(?\s*(elapsed|latency|waited|took|seconds|duration)\b"#,
        #"<=?\s*\.(nanoseconds|microseconds|milliseconds|seconds)\("#,
        #"<=?\s*Duration\b"#,
    ]

    /// One rule broken: where, and the code that breaks it.
    struct Finding: Equatable, CustomStringConvertible {
        var path: String
        var line: Int
        var code: String
        var description: String { "\(path):\(line): \(code.trimmingCharacters(in: .whitespaces))" }
    }

    /// `source` with every comment and string literal blanked (newlines kept, so lines still count).
    static func codeOnly(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        func starts(_ t: String, _ k: Int) -> Bool {
            var k = k
            for u in t.unicodeScalars { guard at(k) == u else { return false }; k += 1 }
            return true
        }
        func blank(_ u: Unicode.Scalar) { out.append(u == "\n" ? "\n" : " ") }
        while i < s.count {
            if starts("//", i) {
                while i < s.count, s[i] != "\n" { blank(s[i]); i += 1 }
            } else if starts("/*", i) {
                var depth = 0
                while i < s.count {
                    if starts("/*", i) { depth += 1; blank(s[i]); blank(s[i + 1]); i += 2 }
                    else if starts("*/", i) { depth -= 1; blank(s[i]); blank(s[i + 1]); i += 2; if depth == 0 { break } }
                    else { blank(s[i]); i += 1 }
                }
            } else if s[i] == "\"" || (s[i] == "#" && { var k = i; while at(k) == "#" { k += 1 }; return at(k) == "\"" }()) {
                var hashes = 0
                while at(i) == "#" { hashes += 1; blank(s[i]); i += 1 }
                let multiline = starts("\"\"\"", i)
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let escape = "\\" + String(repeating: "#", count: hashes)
                for _ in 0..<(multiline ? 3 : 1) { blank(s[i]); i += 1 }
                while i < s.count, !starts(close, i) {
                    if starts(escape, i) { for _ in 0...escape.unicodeScalars.count where i < s.count { blank(s[i]); i += 1 }; continue }
                    if !multiline, s[i] == "\n" { break }
                    blank(s[i]); i += 1
                }
                for _ in close.unicodeScalars where i < s.count { blank(s[i]); i += 1 }
            } else {
                out.append(s[i]); i += 1
            }
        }
        return String(out)
    }

    /// The lines of `source` (as code only) that match any of `patterns`.
    static func findings(in source: String, path: String, patterns: [String]) -> [Finding] {
        let regexes = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
        let original = source.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Finding] = []
        for (n, line) in codeOnly(source).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            let range = NSRange(location: 0, length: (text as NSString).length)
            if regexes.contains(where: { $0.firstMatch(in: text, range: range) != nil }) {
                found.append(Finding(path: path, line: n + 1, code: n < original.count ? String(original[n]) : text))
            }
        }
        return found
    }

    /// Every Swift file under `Tests/`: its path from the package root and its text.
    static func testSources() throws -> [(path: String, text: String)] {
        let root = TestPaths.packageRoot
        let tests = root.appendingPathComponent("Tests", isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("no test sleeps to wait for something: only the allowed files pause, each with its reason")
    func noSleepAsSynchronization() throws {
        let sources = try Self.testSources()
        #expect(sources.count > 100, "found only \(sources.count) test files")
        let sleeping = sources.flatMap { Self.findings(in: $0.text, path: $0.path, patterns: [Self.sleepPattern]) }
        let unexcused = sleeping.filter { Self.sleepAllowed[$0.path] == nil }
        #expect(unexcused.isEmpty, """
            wait for the event instead (TestSupport's Wait, TerminalSession.waitFor, a fixture server's log), or move a \
            slow answer into the fixture server:
            \(unexcused.map(\.description).joined(separator: "\n"))
            """)
        let stale = Self.sleepAllowed.keys.filter { path in !sleeping.contains { $0.path == path } }.sorted()
        #expect(stale.isEmpty, "no longer sleeps (or gone): remove from TestHygieneTests.sleepAllowed: \(stale)")
    }

    @Test("no test bounds a measured wall-clock duration from above")
    func noElapsedTimeBounds() throws {
        let found = try Self.testSources().flatMap { Self.findings(in: $0.text, path: $0.path, patterns: Self.elapsedPatterns) }
        #expect(found.isEmpty, """
            a busy machine breaks these: wait for the event with a deadline only a hang reaches (Wait.hang), and check \
            what ended the wait (the error, the server's log); timing goals belong in scripts/bench-*.sh:
            \(found.map(\.description).joined(separator: "\n"))
            """)
    }

    /// Conditions that are not fixtures, with the reason they stay `.enabled(if:)`: under CI they still skip.
    static let conditionsAllowed: [String: String] = [
        "ODSH_BENCH": "a benchmark run only on request (ODSH_BENCH=1, release build)",
        "isatty(0) == 0": "a check that needs standard input not to be a terminal; CI never has one",
    ]

    @Test("a test needing a fixture says so with .fixture (a skip locally, a failure under CI), not .enabled(if:)")
    func fixturesAreDeclaredOnce() throws {
        let found = try Self.testSources().flatMap { Self.findings(in: $0.text, path: $0.path, patterns: [#"\.enabled\(if:"#]) }
            .filter { finding in !Self.conditionsAllowed.keys.contains { finding.code.contains($0) } }
        #expect(found.isEmpty, """
            use .fixture(NAME, AVAILABLE, REASON) from TestSupport (or add a condition that is not a fixture to \
            TestHygieneTests.conditionsAllowed, with its reason):
            \(found.map(\.description).joined(separator: "\n"))
            """)
    }

    @Test("the scanner finds what the rules forbid, and not what they allow")
    func theScannerItself() {
        let sleeps = [
            "usleep(500_000)", "    sleep(1)", "Thread.sleep(forTimeInterval: 0.3)", "try await Task.sleep(for: .seconds(1))",
            "Glibc.usleep(10)", "nanosleep(&t, nil)",
        ]
        for code in sleeps {
            #expect(Self.findings(in: code, path: "x", patterns: [Self.sleepPattern]).count == 1, "\(code)")
        }
        let allowedSleeps = [
            #"try tmux(["new-session", "\(command); sleep 60"])"#, "// usleep(500_000) was here", "/* Thread.sleep */ let x = 1",
            #"let s = """\n  usleep(1)\n  """"#, "func asleep(_ x: Int) {}", "let sleepy = 1",
        ]
        for code in allowedSleeps {
            #expect(Self.findings(in: code, path: "x", patterns: [Self.sleepPattern]).isEmpty, "\(code)")
        }
        let bounds = [
            "#expect(latency < .milliseconds(100))", "#expect(waited < 1.0)", "#expect(Date().timeIntervalSince(start) < 0.9)",
            "#expect(ContinuousClock.now - started < .seconds(3))", "#expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5))",
            "#expect(seconds < 4)", "#expect(10 > elapsed)", "#expect(d <= .seconds(2))",
        ]
        for code in bounds {
            #expect(!Self.findings(in: code, path: "x", patterns: Self.elapsedPatterns).isEmpty, "\(code)")
        }
        let allowedBounds = [
            "#expect(elapsed >= .seconds(2))", "#expect(Date().timeIntervalSince(started) >= 1)", "for i in 0..<count {}",
            "if ContinuousClock.now >= deadline { return }", "let a: Array<Int> = []", #"#expect(text == "took < 1 s")"#,
            "#expect(rows.count < 20)",
        ]
        for code in allowedBounds {
            #expect(Self.findings(in: code, path: "x", patterns: Self.elapsedPatterns).isEmpty, "\(code)")
        }
    }
}
