import Foundation
import Testing
import TestSupport

/// README.md run as a test script, so that it cannot go stale: every command in it (see `Readme` for how it is read).
@Suite("README commands", .serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"))
struct ReadmeCommandsTests {
    static let needsShared = Comment(rawValue: "../shared not found (set ODSH_SHARED): the README's commands need the corpus and the reference servers; skipped")

    // MARK: console blocks, one-shot

    @Test("every command of the README's console blocks prints what the README shows",
          .fixture("reference servers", ReferenceServers.isAvailable, needsShared))
    func consoleCommands() throws {
        let commands = try Readme.load().consoleCommands.filter { !$0.isSession }
        #expect(commands.count >= 8, "the README's console blocks hold fewer commands than expected: is the parsing right?")
        let scratch = try Scratch()
        for command in commands {
            let text = try Readme.substitutePorts(command.command.text)
            let run = try scratch.bash(text)
            let where_ = "README.md:\(command.command.number): $ \(command.command.text)"
            if run.status != 0 {
                Issue.record("\(where_)\nexited with \(run.status) (show a failure with ; echo \"exit $?\"); it printed:\n\(run.output)")
                continue
            }
            let expected = try command.output.map { Readme.Line(number: $0.number, text: try Readme.substitutePorts($0.text)) }
            if let problem = Transcript.mismatch(expected: expected, actual: Transcript.lines(run.output)) {
                Issue.record("\(where_)\n\(problem)")
            }
        }
    }

    // MARK: console blocks, the interactive shell

    @Test("the README's shell session, typed in tmux, shows what the README shows",
          .fixture("reference servers", ReferenceServers.isAvailable, needsShared),
          .fixture("tmux", TerminalSession.isAvailable, TerminalSession.missing))
    func shellSession() throws {
        let sessions = try Readme.load().consoleCommands.filter(\.isSession)
        #expect(!sessions.isEmpty, "the README shows no shell session")
        let scratch = try Scratch()
        for session in sessions {
            try type(session, in: scratch)
        }
    }

    func type(_ session: Readme.Command, in scratch: Scratch) throws {
        let command = try Readme.substitutePorts(session.command.text)
        let steps = session.steps
        guard let prompt = steps.first?.prompt else { return }
        let t = try TerminalSession("cd \(TmuxSession.quote(scratch.work.path)) && env \(scratch.environmentAssignments) \(command)",
                                    width: 120, height: 50)
        let started = "README.md:\(session.command.number): $ \(session.command.text)"
        // The banner: what is on the screen when the first prompt waits. Without it there is no going on.
        guard try poll(t, started, { screen in
            let lines = Transcript.nonEmpty(screen)
            guard lines.last == prompt else { return "no prompt \"\(prompt)\" yet" }
            return Transcript.mismatch(expected: try Readme.substituted(session.banner), actual: Array(lines.dropLast()))
        }) else { return }
        for step in steps {
            let at = "README.md:\(step.line.number): \(step.line.text)"
            // A clear screen with the prompt alone: the step's lines are then all that is on it.
            try t.press("C-l")
            guard try poll(t, at + " (clearing the screen first)", { screen in
                Transcript.nonEmpty(screen) == [prompt] ? nil : "the screen is not clear yet"
            }) else { return }
            let keys = step.typed.components(separatedBy: "<TAB>")
            for (i, text) in keys.enumerated() {
                if !text.isEmpty { try t.type(text) }
                if i < keys.count - 1 { try t.press("Tab") }
            }
            let expected = try Readme.substituted(step.output)
            if keys.count > 1 {
                // TAB: the edited line ends as the README says, and what TAB listed is on the screen.
                try poll(t, at) { screen in
                    let lines = Transcript.nonEmpty(screen)
                    if let completion = step.completion, !(lines.last ?? "").hasSuffix(completion) {
                        return "the line does not end with \"\(completion)\" after TAB: \(lines.last ?? "")"
                    }
                    return Transcript.mismatch(expected: [Readme.ellipsis(step.line.number)] + expected + [Readme.ellipsis(step.line.number)],
                                               actual: lines)
                }
                try t.press("C-u")
            } else {
                try t.press("Enter")
                try poll(t, at) { screen in
                    let lines = Transcript.nonEmpty(screen)
                    guard lines.count >= 2, lines.last == prompt else { return "no new prompt yet" }
                    guard lines.first == prompt + " " + step.typed else {
                        return "the screen does not start with the line typed: \(lines.first ?? "")"
                    }
                    return Transcript.mismatch(expected: expected, actual: Array(lines.dropFirst().dropLast()))
                }
            }
        }
        try t.press("C-d")
        try poll(t, started + " (leaving with Ctrl-D)") { screen in
            screen.contains("[exit 0]") ? nil : "no [exit 0] yet"
        }
    }

    /// Reads the screen until `problem` finds none (nil) and says true; after `Wait.hang` records what differs, naming
    /// the README line, with the screen, and says false (the session goes on with the next line).
    @discardableResult
    func poll(_ t: TerminalSession, _ at: String, _ problem: ([String]) throws -> String?) throws -> Bool {
        var last = "", screen: [String] = []
        let fine = try Wait.poll {
            screen = try t.screen()
            guard let p = try problem(screen) else { return true }
            last = p
            return false
        }
        if fine { return true }
        Issue.record("\(at)\n\(last)\nthe screen:\n\(Transcript.nonEmpty(screen).joined(separator: "\n"))")
        return false
    }

    // MARK: sh blocks

    @Test("every script of the README's sh blocks exists, parses, and passes its check", arguments: Readme.shCommandsForArguments)
    func shScripts(_ line: Readme.Line) throws {
        let words = line.text.split(separator: " ").map(String.init)
        guard words.count >= 2, words[0] == "bash", words[1].hasPrefix("scripts/") else {
            Issue.record("README.md:\(line.number): \(line.text)\nnot `bash scripts/NAME.sh ...`: this test has no check for it")
            return
        }
        let script = OdshProcess.packageRoot.appendingPathComponent(words[1]).path
        guard FileManager.default.fileExists(atPath: script) else {
            Issue.record("README.md:\(line.number): \(words[1]) does not exist")
            return
        }
        let parsed = try Scratch.run("/bin/bash", ["-n", script])
        #expect(parsed.status == 0, "README.md:\(line.number): bash -n \(words[1]): \(parsed.output)")
        let name = URL(fileURLWithPath: script).lastPathComponent
        switch name {
        case "test.sh":
            try checkTestScript(line)
        case "run-sample.sh":
            try runSample(line)
        case "install.sh":
            try install(line, arguments: Array(words.dropFirst(2)))
        case "package.sh":
            try checkPackageScript(line)
        case _ where name.hasPrefix("bench-"):
            try bench(line, script: script)
        default:
            Issue.record("README.md:\(line.number): \(line.text)\nthis test has no check for \(name): add one to ReadmeCommandsTests.shScripts")
        }
    }

    /// package.sh makes a release build (minutes): scripts/test.sh runs it before the tests, and PackageTests installs
    /// what it made. The check here is that test.sh runs it, and that the README's install line names this version's .deb.
    func checkPackageScript(_ line: Readme.Line) throws {
        let script = try String(contentsOf: OdshProcess.packageRoot.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(script.contains("bash scripts/package.sh"), "README.md:\(line.number): scripts/test.sh does not run package.sh")
        let readme = try String(contentsOf: Readme.url, encoding: .utf8)
        #expect(readme.contains("sudo apt install ./.build-package/odsh_\(PackageFiles.version)_"),
                "README.md:\(line.number): the install line does not name odsh_\(PackageFiles.version)_*.deb")
    }

    /// scripts/test.sh runs the whole suite, this test among them, and is what CI runs: so it is not run here. The
    /// check is that CI's .ci/run runs the README's own command and that test.sh hands its arguments to swift test,
    /// as the README says (`bash scripts/test.sh --filter ...`).
    func checkTestScript(_ line: Readme.Line) throws {
        let ci = try String(contentsOf: OdshProcess.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("bash scripts/test.sh"), "README.md:\(line.number): .ci/run does not run `bash scripts/test.sh`, which the README says CI runs")
        let script = try String(contentsOf: OdshProcess.packageRoot.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(script.contains("swift test --parallel \"$@\""), "README.md:\(line.number): scripts/test.sh no longer hands its arguments to swift test")
    }

    /// run-sample.sh as on a machine that has only this repository: in a copy of the repository's files (those git
    /// tracks or would track) with no ../shared beside it and no ODSH_SHARED, not on a terminal, so that it runs its
    /// tour of the sample service it starts itself; ODSH_BIN spares it the release build. What it prints is what the
    /// README's run-sample transcript shows (the service's port aside), and the service is stopped afterwards.
    func runSample(_ line: Readme.Line) throws {
        let transcript = try Readme.load().sampleTranscript
        #expect(transcript.count >= 10, "README.md:\(line.number): the README shows no run-sample transcript (a ```console run-sample block)")
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-bare-\(UUID().uuidString.prefix(8))")
        let copy = root.appendingPathComponent("odsh")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let copied = try Scratch.run("/bin/bash", ["-o", "pipefail", "-c",
                                                   "cd \"$1\" && git ls-files -z -co --exclude-standard | tar --null -cf - -T - | tar -xf - -C \"$2\"",
                                                   "copy", OdshProcess.packageRoot.path, copy.path])
        try #require(copied.status == 0, "copying the repository: \(copied.output)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("shared").path))
        var environment = ProcessInfo.processInfo.environment
        environment["ODSH_SHARED"] = nil
        environment["ODSH_SAMPLE_MODE"] = nil
        environment["ODSH_BIN"] = OdshProcess.binary.path
        let run = try Scratch.run("/bin/bash", [copy.appendingPathComponent("scripts/run-sample.sh").path], environment: environment, replacing: true)
        #expect(run.status == 0, "README.md:\(line.number): run-sample.sh exited with \(run.status):\n\(run.output)")
        let address = try #require(run.output.firstMatch(of: #/the sample service runs at http://127\.0\.0\.1:([0-9]+)/northwind//#),
                                   "run-sample.sh did not say where its service runs:\n\(run.output)")
        let port = String(address.output.1)
        let shownPort = transcript.lazy.compactMap { $0.text.firstMatch(of: #/127\.0\.0\.1:([0-9]+)/#) }.first.map { String($0.output.1) } ?? port
        let output = run.output.replacingOccurrences(of: "127.0.0.1:\(port)/", with: "127.0.0.1:\(shownPort)/")
        if let problem = Transcript.mismatch(expected: transcript, actual: Transcript.lines(output)) {
            Issue.record("README.md:\(line.number): run-sample.sh\n\(problem)")
        }
        // Rows of the sample service, whatever the README shows.
        for shown in ["AROUT       Around the Horn        London", "Customer/CompanyName │ Vins et alcools Chevalier", "\n187\n"] {
            #expect(run.output.contains(shown), "README.md:\(line.number): run-sample.sh did not print \"\(shown)\":\n\(run.output)")
        }
        let after = try Scratch.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/northwind/"])
        #expect(after.output == "000", "the sample service still answers on port \(port) after run-sample.sh ended")
    }

    /// install.sh with the README's options, into a scratch prefix instead of the README's, installing the debug build
    /// (`--binary`) instead of building a release one; then `--uninstall` leaves nothing behind.
    func install(_ line: Readme.Line, arguments: [String]) throws {
        let scratch = try Scratch()
        let prefix = scratch.root.appendingPathComponent("prefix").path
        var args: [String] = []
        var i = 0
        while i < arguments.count {
            if arguments[i] == "#" { break }
            if arguments[i] == "--prefix", i + 1 < arguments.count { args += ["--prefix", prefix]; i += 2; continue }
            args.append(arguments[i])
            i += 1
        }
        #expect(args.contains("--prefix"), "README.md:\(line.number): the README installs without --prefix; the test needs one")
        let script = OdshProcess.packageRoot.appendingPathComponent("scripts/install.sh").path
        let run = try Scratch.run("/bin/bash", [script] + args + ["--binary", OdshProcess.binary.path])
        #expect(run.status == 0, "README.md:\(line.number): install.sh exited with \(run.status):\n\(run.output)")
        let files = ["bin/odsh", "share/man/man1/odsh.1", "share/bash-completion/completions/odsh", "share/zsh/site-functions/_odsh",
                     "share/fish/vendor_completions.d/odsh.fish"]
        for f in files {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + f), "README.md:\(line.number): install.sh did not install \(f)")
        }
        let version = try Scratch.run(prefix + "/bin/odsh", ["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("0."), "the installed odsh: \(version.output)")
        let removed = try Scratch.run("/bin/bash", [script, "--prefix", prefix, "--uninstall"])
        #expect(removed.status == 0, "install.sh --uninstall: \(removed.output)")
        let left = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        } ?? []
        #expect(left.isEmpty, "install.sh --uninstall left \(left)")
    }

    /// A benchmark takes minutes and a release build: its --smoke mode runs the same pipeline once on tiny input
    /// with the debug build, and must end with its summary.
    func bench(_ line: Readme.Line, script: String) throws {
        // bench-http and bench-payload smoke-test on input of this repository; the others read the corpus.
        let ownInput = ["bench-http.sh", "bench-payload.sh"].contains(URL(fileURLWithPath: script).lastPathComponent)
        guard SharedCorpus.isAvailable || ownInput else {
            Issue.record(Comment(rawValue: "README.md:\(line.number): not run: \(Self.needsShared.rawValue)"), severity: .warning)
            return
        }
        let run = try Scratch.run("/bin/bash", [script, "--smoke", OdshProcess.binary.path],
                                  environment: ["ODSH_SHARED": SharedCorpus.root.deletingLastPathComponent().path])
        #expect(run.status == 0, "README.md:\(line.number): \(line.text) --smoke exited with \(run.status):\n\(run.output)")
        #expect(run.output.contains("bench: a smoke run"), "README.md:\(line.number): no closing line from the smoke run:\n\(run.output)")
    }
}

// MARK: - README.md, parsed

/// How ReadmeCommandsTests reads README.md: every command in it is run and what it shows is checked.
///
/// The file is read at test time. In a ```console block, a line starting with `$ ` is a command and the lines up to
/// the next command are what it prints (stdout and stderr together, as on a terminal). Each command runs in
/// `bash -o pipefail -c`, in order, in a scratch folder beside a link named `shared` to the shared folder (so
/// `../shared/corpus/...` reads as it does from the repository's folder), with the freshly built odsh first on PATH
/// and HOME a fresh folder (shown as `~` in the output; no XDG_* variables). Each must exit 0: a transcript that shows
/// a failure ends its command with `; echo "exit $?"`. Conventions for the expected lines:
///   - a line `...` stands for any number of lines left out (at the start or end, too);
///   - trailing spaces do not count, and a duration (`12.4 ms`, `3 s`) matches any number;
///   - `127.0.0.1:8401` is odatapy's V4 reference server (/northwind/, /catalog/), `127.0.0.1:8402` mock-sap's V2,
///     `127.0.0.1:8403` pyslet's V2; each is started (scripts/testenv/refsrv.sh) on a free port that replaces it;
///     `127.0.0.1:8409` is fixture-server.py's sap-annotated service.
/// A command whose output holds prompt lines (`odsh:NAME> ...`) opens the interactive shell: it is typed in tmux
/// (120 columns) instead. The lines before the first prompt are the banner. In a prompt line `<TAB>` presses Tab and
/// `→ text` says what the edited line then ends with; such a line is checked and erased, not entered, and the lines
/// after it must be on the screen. Any other prompt line is entered, and the lines after it are what the shell
/// prints before its next prompt.
/// In a ```sh block each line (comments aside) runs a script; `shScripts` checks each one in a way of its own, and a
/// line this test has no check for fails it.
enum Readme {
    static let url = OdshProcess.packageRoot.appendingPathComponent("README.md")

    struct Line: Sendable, CustomTestStringConvertible {
        var number: Int
        var text: String
        var testDescription: String { "README.md:\(number) \(text)" }
    }

    /// A `$ ` line of a console block and the lines after it.
    struct Command {
        var command: Line
        var output: [Line]

        nonisolated(unsafe) static let promptPattern = #/^(odsh:[A-Za-z0-9_.-]+>) (.*)$/#

        var isSession: Bool { output.contains { $0.text.wholeMatch(of: Self.promptPattern) != nil } }
        /// The lines before the first prompt line.
        var banner: [Line] { Array(output.prefix { $0.text.wholeMatch(of: Self.promptPattern) == nil }) }

        /// A prompt line with the lines after it.
        struct Step {
            var line: Line
            var prompt: String
            var typed: String
            var completion: String?
            var output: [Line]
        }

        var steps: [Step] {
            var steps: [Step] = []
            for line in output.dropFirst(banner.count) {
                if let m = line.text.wholeMatch(of: Self.promptPattern) {
                    var typed = String(m.output.2)
                    var completion: String?
                    if let arrow = typed.firstMatch(of: #/\s+→\s+(.*)$/#) {
                        completion = String(arrow.output.1)
                        typed = String(typed[..<arrow.range.lowerBound])
                    }
                    steps.append(Step(line: line, prompt: String(m.output.1), typed: typed, completion: completion, output: []))
                } else {
                    steps[steps.count - 1].output.append(line)
                }
            }
            return steps
        }
    }

    struct Parsed {
        var consoleCommands: [Command]
        var shCommands: [Line]
        /// The lines of the ```console run-sample block after its command: what `bash scripts/run-sample.sh`
        /// prints when it is not run on a terminal.
        var sampleTranscript: [Line] = []
    }

    static func load() throws -> Parsed {
        parse(try String(contentsOf: url, encoding: .utf8))
    }

    static func parse(_ text: String) -> Parsed {
        var parsed = Parsed(consoleCommands: [], shCommands: [])
        var sampleCommandSeen = false
        var language: String?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = Line(number: index + 1, text: raw)
            if raw.hasPrefix("```") {
                language = language == nil ? String(raw.dropFirst(3)).trimmingCharacters(in: .whitespaces) : nil
                continue
            }
            switch language {
            case "console":
                if raw.hasPrefix("$ ") {
                    parsed.consoleCommands.append(Command(command: Line(number: line.number, text: String(raw.dropFirst(2))), output: []))
                } else if !parsed.consoleCommands.isEmpty {
                    parsed.consoleCommands[parsed.consoleCommands.count - 1].output.append(line)
                }
            case "console run-sample":
                // The block's first line is the command; the `$ odsh ...` lines after it are what the tour prints.
                if sampleCommandSeen { parsed.sampleTranscript.append(line) } else { sampleCommandSeen = raw.hasPrefix("$ ") }
            case "sh":
                // Comments (`  # ...`) aside; `#` inside a word (like $#) is not one.
                let command = raw.replacingOccurrences(of: #"(^|\s+)#.*$"#, with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespaces)
                if !command.isEmpty { parsed.shCommands.append(Line(number: line.number, text: command)) }
            default:
                break
            }
        }
        return parsed
    }

    /// The sh lines, for test arguments (none when the README cannot be read: the other tests say why).
    static let shCommandsForArguments: [Line] = (try? load().shCommands) ?? []

    static func ellipsis(_ number: Int) -> Line { Line(number: number, text: "...") }

    /// The README's stand-in addresses of the reference servers, and the servers they stand for.
    static let servers: [(String, ReferenceServers.Kind)] = [("127.0.0.1:8401", .v4), ("127.0.0.1:8402", .v2), ("127.0.0.1:8403", .v2Atom)]

    /// The README's stand-in address of fixture-server.py's sap-annotated service (an SAP-style V2 service with
    /// UI.LineItem, units, texts and value lists).
    static let sapAnnotated = "127.0.0.1:8409"

    /// `text` with each stand-in address replaced by its running server's (started on first use).
    static func substitutePorts(_ text: String) throws -> String {
        var text = text
        for (address, kind) in servers where text.contains(address) {
            let base = try ReferenceServers.baseURL(kind)
            text = text.replacingOccurrences(of: "http://" + address, with: base)
                .replacingOccurrences(of: address, with: String(base.dropFirst("http://".count)))
        }
        if text.contains(sapAnnotated) {
            text = text.replacingOccurrences(of: sapAnnotated, with: "127.0.0.1:\(try FixtureServers.port("sap-annotated"))")
        }
        return text
    }

    static func substituted(_ lines: [Line]) throws -> [Line] {
        try lines.map { Line(number: $0.number, text: try substitutePorts($0.text)) }
    }
}

// MARK: - Comparing output with the README

enum Transcript {
    /// Output as lines (CSV's CRLF too, one Character in Swift), trailing spaces cut, trailing empty lines dropped.
    static func lines(_ output: String) -> [String] {
        var lines = output.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { trimmed(String($0)) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// A screen's lines without the empty ones (tmux pads the screen with them).
    static func nonEmpty(_ screen: [String]) -> [String] {
        screen.map(trimmed).filter { !$0.isEmpty }
    }

    static func trimmed(_ s: String) -> String {
        var s = Substring(s)
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }

    /// A line as compared: trailing spaces cut, every duration's number masked.
    static func normalized(_ s: String) -> String {
        trimmed(s).replacingOccurrences(of: #"\b[0-9]+(\.[0-9]+)?( ?)(ms|µs|s)\b"#, with: "#$2$3", options: .regularExpression)
    }

    /// nil when `actual` is what `expected` shows (with `...` for lines left out); else what differs, by README line.
    static func mismatch(expected: [Readme.Line], actual: [String]) -> String? {
        var segments: [[Readme.Line]] = [[]]
        for line in expected {
            if line.text.trimmingCharacters(in: .whitespaces) == "..." { segments.append([]) } else { segments[segments.count - 1].append(line) }
        }
        let open = (start: segments.first!.isEmpty && segments.count > 1, end: segments.last!.isEmpty && segments.count > 1)
        let got = actual.map(normalized)
        func matches(_ segment: [Readme.Line], at position: Int) -> Int? {  // nil, or the index in segment of the first difference
            for (i, line) in segment.enumerated() where position + i >= got.count || normalized(line.text) != got[position + i] {
                return i
            }
            return nil
        }
        func report(_ segment: [Readme.Line], at position: Int) -> String {
            let i = matches(segment, at: position) ?? 0
            let line = segment[i]
            let shown = position + i < got.count ? "\"\(actual[position + i])\"" : "nothing (the output ended)"
            return "README.md:\(line.number) shows \"\(line.text)\", but output line \(position + i + 1) is \(shown).\nThe output:\n"
                + actual.joined(separator: "\n")
        }
        let real = segments.enumerated().filter { !$0.element.isEmpty }
        if real.isEmpty {
            return !open.start && !open.end && !got.isEmpty
                ? "the README shows no output, but there is:\n" + actual.joined(separator: "\n") : nil
        }
        var position = 0
        for (n, (index, segment)) in real.enumerated() {
            let first = index == 0 && n == 0, last = index == segments.count - 1
            if first && last {
                if matches(segment, at: 0) != nil { return report(segment, at: 0) }
                if got.count > segment.count {
                    return "the output goes on after README.md:\(segment.last!.number) (write ... for lines left out):\n"
                        + actual.dropFirst(segment.count).joined(separator: "\n")
                }
                return nil
            }
            if first {
                if matches(segment, at: 0) != nil { return report(segment, at: 0) }
                position = segment.count
            } else if last {
                let at = got.count - segment.count
                if at < position || matches(segment, at: at) != nil { return report(segment, at: max(at, position)) }
                position = got.count
            } else {
                let candidates = Array(position...max(position, got.count))
                guard let at = candidates.first(where: { matches(segment, at: $0) == nil }) else {
                    // Where most of it is, if its first line is anywhere: the first line that differs there.
                    if let best = candidates.filter({ matches(segment, at: $0) != 0 }).max(by: { matches(segment, at: $0)! < matches(segment, at: $1)! }) {
                        return report(segment, at: best)
                    }
                    return "README.md:\(segment[0].number): \"\(segment[0].text)\" is not in the output"
                        + (position > 0 ? " after line \(position)" : "") + ".\nThe output:\n" + actual.joined(separator: "\n")
                }
                position = at + segment.count
            }
        }
        return nil
    }
}

// MARK: - A scratch folder beside ../shared

/// A folder `odsh` beside a link `shared` to the shared folder, and a HOME, all removed at the end.
final class Scratch {
    let root: URL
    var work: URL { root.appendingPathComponent("odsh") }
    var home: URL { root.appendingPathComponent("home") }

    init() throws {
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-readme-\(UUID().uuidString.prefix(8))")
        for d in [work, home] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shared"),
                                                   withDestinationURL: SharedCorpus.root.deletingLastPathComponent())
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static var binDir: String { OdshProcess.binary.deletingLastPathComponent().path }

    /// The environment of the README's commands, as `NAME=value` words for env(1), with `-u` for what is dropped.
    var environmentAssignments: String {
        "-u XDG_CONFIG_HOME -u XDG_STATE_HOME -u XDG_CACHE_HOME -u LC_ALL LANG=C.UTF-8 "
            + "HOME=\(TmuxSession.quote(home.path)) PATH=\(TmuxSession.quote(Self.binDir + ":/usr/local/bin:/usr/bin:/bin"))"
    }

    /// Runs a README command line in bash, in the scratch folder; the output with HOME written as ~.
    func bash(_ command: String) throws -> (status: Int32, output: String) {
        var env = ProcessInfo.processInfo.environment
        for k in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "LC_ALL"] { env[k] = nil }
        env["LANG"] = "C.UTF-8"
        env["HOME"] = home.path
        env["PATH"] = Self.binDir + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let run = try Self.run("/bin/bash", ["-o", "pipefail", "-c", "cd \(TmuxSession.quote(work.path)) && \(command)"],
                               environment: env, replacing: true)
        return (run.status, run.output.replacingOccurrences(of: home.path, with: "~"))
    }

    /// Runs a program with stdout and stderr in one file (in the order they were written) and no stdin, through
    /// TestSupport's `Spawn` (not Foundation's Process, whose wait for a script that started a server in the
    /// background, run-sample.sh, was seen never to end although the script had). A benchmark's smoke run takes a
    /// while: one that has not ended after 10 minutes is killed and the test fails.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:], replacing: Bool = false) throws -> (status: Int32, output: String) {
        let env = replacing ? environment : ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let r = try Spawn.run([program] + arguments, environment: env, mergingOutput: true, timeout: 600)
        return (r.status, r.stdout)
    }
}
