import Foundation
import Synchronization
import Testing
@testable import ODataShell

/// A pipe whose reading end is returned; `text` is written from another thread (it may exceed the pipe's
/// buffer), then the writing end is closed, so the reader sees end of file.
private func pipe(with text: String) -> Int32 {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let writer = fds[1]
    Thread.detachNewThread {
        var text = text
        text.withUTF8 { buf in
            var done = 0
            while done < buf.count {
                let n = write(writer, buf.baseAddress! + done, buf.count - done)
                if n <= 0 { break }
                done += n
            }
        }
        close(writer)
    }
    return fds[0]
}

private func openBrackets(_ text: String) -> Bool {
    text.filter { $0 == "(" }.count > text.filter { $0 == ")" }.count
}

@Suite struct REPLPlainInputTests {
    private func editor(_ text: String) -> LineEditor {
        LineEditor(configuration: .init(historyPath: nil), input: pipe(with: text), terminal: .none)
    }

    @Test func readsLinesWithoutATerminal() {
        let e = editor("Customers top 1\nOrders\n")
        #expect(!e.isInteractive)
        #expect(e.readStatement() == "Customers top 1")
        #expect(e.readStatement() == "Orders")
        #expect(e.readStatement() == nil)
        #expect(e.readStatement() == nil)
    }

    @Test func lastLineWithoutNewlineAndCRLF() {
        let e = editor("a\r\nMüller 日本\r\nlast")
        #expect(e.readStatement() == "a")
        #expect(e.readStatement() == "Müller 日本")
        #expect(e.readStatement() == "last")
        #expect(e.readStatement() == nil)
    }

    @Test func continuationLinesAndLineNumbers() {
        let e = editor("\n\nOrders where (\n  Freight gt 10\n)\n\nProducts\n")
        #expect(e.readStatement(needsMoreInput: openBrackets) == "Orders where (\n  Freight gt 10\n)")
        #expect(e.statementLine == 3)
        #expect(e.readStatement(needsMoreInput: openBrackets) == "Products")
        #expect(e.statementLine == 7)
        #expect(e.readStatement(needsMoreInput: openBrackets) == nil)
    }

    @Test func endOfInputInsideAStatementGivesWhatThereIs() {
        let e = editor("Orders where (Freight gt 10\n")
        #expect(e.readStatement(needsMoreInput: openBrackets) == "Orders where (Freight gt 10")
        #expect(e.readStatement(needsMoreInput: openBrackets) == nil)
    }

    @Test func longInput() {
        let lines = (0..<20_000).map { "Customers skip \($0) top 1" }
        let e = editor(lines.joined(separator: "\n") + "\n")
        var read: [String] = []
        while let s = e.readStatement() { read.append(s) }
        #expect(read == lines)
    }

    @Test func noHistoryWithoutATerminal() throws {
        let tmp = TemporaryDirectory()
        let path = tmp.path + "/history"
        let e = LineEditor(configuration: .init(historyPath: path), input: pipe(with: "Orders\n"), terminal: .none)
        #expect(e.readStatement() == "Orders")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

private let hookCalls = Atomic<Int>(0)

/// A real SIGINT, raised on the test's own thread (with SIGINT unblocked there), reaches the installed handler.
private func raiseInterrupt() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGINT)
}

@Suite(.serialized) struct REPLSignalHandlingTests {
    @Test func interruptSetsTheFlagAndCallsTheHook() {
        SignalHandling.installInterruptHandler()
        SignalHandling.resetInterrupt()
        #expect(!SignalHandling.interruptRequested)
        #expect(!SignalHandling.cancellationCheck())
        SignalHandling.setInterruptHook { hookCalls.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        raiseInterrupt()
        #expect(SignalHandling.interruptRequested)
        #expect(SignalHandling.cancellationCheck())
        #expect(hookCalls.load(ordering: .sequentiallyConsistent) == 1)
        SignalHandling.resetInterrupt()
        #expect(!SignalHandling.interruptRequested)
        SignalHandling.setInterruptHook(nil)
        raiseInterrupt()
        #expect(hookCalls.load(ordering: .sequentiallyConsistent) == 1)
        SignalHandling.resetInterrupt()
    }
}


@Suite struct REPLTerminalHelperTests {
    @Test func colorChoice() {
        #expect(ColorChoice.always.isEnabled(onTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.isEnabled(onTerminal: true, environment: [:]))
        // auto: never on something that is not a terminal, never with NO_COLOR or TERM=dumb.
        #expect(!ColorChoice.auto.isEnabled(onTerminal: false, environment: [:]))
        #expect(!ColorChoice.auto.isEnabled(onTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.auto.isEnabled(onTerminal: true, environment: ["TERM": "dumb"]))
        #expect(ColorChoice.auto.isEnabled(onTerminal: true, environment: [:]))
        #expect(ColorChoice(argument: "never") == .never)
        let on = TerminalStyle(isEnabled: true), off = TerminalStyle(isEnabled: false)
        #expect(on.paint("x", .bold, .red) == "\u{1B}[1;31mx\u{1B}[0m")
        #expect(off.paint("x", .bold) == "x")
        #expect(on.paintPrompt("odsh", .bold) == "\u{1}\u{1B}[1m\u{1}odsh\u{1}\u{1B}[0m\u{1}")
    }

    @Test func terminalSizeFallsBackToTheEnvironment() {
        let fd = pipe(with: "")
        defer { close(fd) }
        #expect(TerminalSize.current(fd: fd, environment: ["COLUMNS": "132", "LINES": "50"]) == TerminalSize(columns: 132, rows: 50))
        #expect(TerminalSize.current(fd: fd, environment: ["COLUMNS": "junk"]) == TerminalSize(columns: 80, rows: 24))
        #expect(TerminalSize.current(fd: fd, environment: [:]).columns == 80)
    }

    @Test func pagerOnlyOnATerminal() {
        #expect(Pager.fromEnvironment(["PAGER": "more"]).command == "more")
        #expect(Pager.fromEnvironment(["PAGER": " "]).command == "less -FRSX")
        #expect(Pager.fromEnvironment([:]).command == "less -FRSX")
        // Whether stdout is a terminal comes from the facts the edge made, not from the process.
        #expect(!Pager.shouldPage(lineCount: 10_000, on: .none))
        #expect(Pager.shouldPage(lineCount: 10_000, on: TerminalFacts(stdin: false, stdout: true, stderr: false)))
    }

    @Test func screenRowsCountLinesWrapsAndNotEscapes() {
        func rows(_ text: String, _ columns: Int = 120) -> Int {
            var m = ScreenMeter(columns: columns)
            m.add(text)
            return m.rows
        }
        #expect(rows("a\nb\n") == 2)
        #expect(rows(String(repeating: "x", count: 120) + "\n") == 1)
        #expect(rows(String(repeating: "x", count: 121) + "\n") == 2)
        #expect(rows(String(repeating: "x", count: 250) + "\n") == 3)
        #expect(rows("\u{1B}[1m" + String(repeating: "x", count: 120) + "\u{1B}[0m\n") == 1, "colour codes take no room")
        #expect(rows(String(repeating: "日", count: 61) + "\n") == 2, "wide characters take two columns")
        var m = ScreenMeter(columns: 80)
        m.add("part")
        m.add(" of a line\nnext\n")
        #expect(m.rows == 2)
        #expect(PagedOutput(pager: Pager(command: "cat")).isPaging == false)
    }
}
