import CStdio
import CLibEdit
import FoundationEssentials
import Glibc

/// Reads lines on a terminal through libedit's native API (el_gets with a History, not the readline layer).
///
/// Keys beyond libedit's defaults: TAB completes through the `CompletionProvider` (a second TAB lists the
/// candidates); Ctrl-C abandons the line (shown as `^C`) and gives a fresh prompt; Ctrl-R searches history
/// backwards incrementally. Ctrl-C is a key here, not a signal: the terminal's interrupt
/// character is switched off while libedit edits (`setty -d intr=`) and is back while a command runs, when
/// SIGINT goes to `SignalHandling`.
final class EditLineReader: LineReader {
    private let el: OpaquePointer
    private let history: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private var promptBuffer: UnsafeMutablePointer<CChar>
    var completionProvider: CompletionProvider?
    /// Set by the Ctrl-C key during `el_gets`.
    fileprivate var interrupted = false
    /// The line and cursor after a TAB that left several candidates: a TAB on the same state lists them.
    private var ambiguousState: (line: [wchar_t], cursor: Int)?

    /// Why libedit cannot be used (it is loaded on first use, see CLibEdit.h), or nil when it can.
    static let libraryProblem: String? = odsh_edit_load().map { String(cString: $0) }

    init?(programName: String, mode: LineEditor.EditingMode, historySize: Int, readsEditrc: Bool,
          output: UnsafeMutablePointer<FILE>) {
        guard Self.libraryProblem == nil, let el = odsh_el_init(programName, odsh_stdin(), output, odsh_stderr()) else { return nil }
        guard let history = odsh_history_init() else {
            odsh_el_end(el)
            return nil
        }
        self.el = el
        self.history = history
        self.output = output
        self.promptBuffer = strdup("")

        var ev = HistEvent()
        odsh_history_setsize(history, &ev, Int32(clamping: historySize))
        odsh_history_setunique(history, &ev, 1)

        odsh_el_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
        odsh_el_set_editor(el, mode == .vi ? "vi" : "emacs")
        // libedit's handlers for SIGTSTP/SIGCONT (restore and re-enter raw mode) and SIGWINCH (resize) while
        // a line is read; ours stay in place between lines.
        odsh_el_set_signal(el, 1)
        odsh_el_set_history(el, history)
        // "\u{1}" brackets invisible parts of the prompt (colour codes), so that libedit does not count them.
        odsh_el_set_prompt(el, editLinePrompt, 1)
        // $EDITRC or ~/.editrc, as other libedit programs; read before odsh's own keys, which therefore win.
        if readsEditrc { odsh_el_source(el, nil) }
        // No interrupt character while editing, so Ctrl-C reaches the key map. "intr=" clears it in the edit-mode
        // termios now; "-intr" keeps it cleared when libedit recomputes edit mode after the user ran stty.
        odsh_el_setty(el, "-d", "intr=")
        odsh_el_setty(el, "-d", "-intr")
        odsh_el_addfn(el, "odsh-complete", "Complete the word before the cursor", editLineComplete)
        odsh_el_addfn(el, "odsh-interrupt", "Abandon the line", editLineInterrupt)
        bindKeys()
    }

    /// odsh's keys, over the keymaps of the editing mode (and of ~/.editrc).
    private func bindKeys() {
        odsh_el_bind(el, "^I", "odsh-complete", 0)
        odsh_el_bind(el, "^C", "odsh-interrupt", 0)
        odsh_el_bind(el, "^C", "odsh-interrupt", 1)
        // Incremental search backwards, as in bash (libedit binds ^R to redisplay). The prefix search
        // ed-search-prev-history stays on M-p; ^S is left alone (with IXON it stops terminal output).
        odsh_el_bind(el, "^R", "em-inc-search-prev", 0)
    }

    /// Switches between emacs and vi keys (`.set editing vi`); libedit resets the keymaps, so odsh's keys are
    /// bound again.
    func setEditingMode(_ mode: LineEditor.EditingMode) {
        odsh_el_set_editor(el, mode == .vi ? "vi" : "emacs")
        bindKeys()
    }

    deinit {
        odsh_el_end(el)
        odsh_history_end(history)
        free(promptBuffer)
    }

    func readLine(prompt: String) -> LineReadResult {
        free(promptBuffer)
        promptBuffer = strdup(prompt)
        interrupted = false
        ambiguousState = nil
        var count: Int32 = 0
        let p = odsh_el_gets(el, &count)
        if interrupted { return .interrupted }
        guard let p, count > 0 else { return .endOfInput }
        var line = String(cString: p)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    func addToHistory(_ entry: String) {
        var ev = HistEvent()
        odsh_history_enter(history, &ev, entry)
    }

    func finish() {
        fputs("\n", output)
        fflush(output)
    }

    fileprivate var prompt: UnsafeMutablePointer<CChar> { promptBuffer }

    // MARK: Keys

    private struct Line {
        var scalars: [wchar_t]
        var cursor: Int   // in scalars
        var text: String { EditLineReader.string(scalars[...]) }
        var cursorCharacters: Int { EditLineReader.string(scalars[..<cursor]).count }
    }

    private func currentLine() -> Line {
        guard let info = odsh_el_wline(el)?.pointee, let buffer = info.buffer, let cursor = info.cursor,
              let last = info.lastchar else { return Line(scalars: [], cursor: 0) }
        return Line(scalars: Array(UnsafeBufferPointer(start: buffer, count: last - buffer)), cursor: cursor - buffer)
    }

    private static func string(_ scalars: ArraySlice<wchar_t>) -> String {
        var s = String.UnicodeScalarView()
        for w in scalars { if let u = Unicode.Scalar(UInt32(bitPattern: w)) { s.append(u) } }
        return String(s)
    }

    private func insert(_ text: String) {
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        _ = odsh_el_winsertstr(el, wide)
    }

    /// Replaces characters `range` of the line with `text` and leaves the cursor after it.
    private func replace(_ range: Range<Int>, of line: Line, with text: String) {
        let chars = Array(line.text)
        let lower = min(max(range.lowerBound, 0), chars.count), upper = min(max(range.upperBound, lower), chars.count)
        let start = String(chars[..<lower]).unicodeScalars.count
        let end = String(chars[..<upper]).unicodeScalars.count
        if end != line.cursor { _ = odsh_el_cursor(el, Int32(end - line.cursor)) }
        if end > start { odsh_el_deletestr(el, Int32(end - start)) }
        insert(text)
    }

    fileprivate func complete() -> UInt8 {
        guard let provider = completionProvider else { return UInt8(CC_REFRESH_BEEP) }
        let line = currentLine()
        let text = line.text
        let result = provider.complete(line: text, cursor: line.cursorCharacters)
        var candidates: [CompletionCandidate] = []
        for c in result.candidates where !candidates.contains(where: { $0.insertText == c.insertText }) { candidates.append(c) }
        guard !candidates.isEmpty else {
            ambiguousState = nil
            return UInt8(CC_REFRESH_BEEP)
        }
        let chars = Array(text)
        let range = min(result.replacing.lowerBound, chars.count)..<min(max(result.replacing.upperBound, result.replacing.lowerBound), chars.count)
        if candidates.count == 1 {
            ambiguousState = nil
            replace(range, of: line, with: candidates[0].insertText)
            if result.appendsSpace {
                let after = range.upperBound < chars.count ? chars[range.upperBound] : nil
                if after == " " { _ = odsh_el_cursor(el, 1) } else { insert(" ") }
            }
            return UInt8(CC_REFRESH)
        }
        if let state = ambiguousState, state.line == line.scalars, state.cursor == line.cursor {
            list(candidates)
            return UInt8(CC_REDISPLAY)
        }
        let typed = String(chars[range])
        let prefix = CompletionListing.commonPrefix(candidates.map(\.insertText), typed: typed)
        var changed = false
        if prefix != typed && prefix.count >= typed.count {
            replace(range, of: line, with: prefix)
            changed = true
        }
        let now = currentLine()
        ambiguousState = (now.scalars, now.cursor)
        return UInt8(changed ? CC_REFRESH : CC_REFRESH_BEEP)
    }

    private func list(_ candidates: [CompletionCandidate]) {
        let size = TerminalSize.current(fd: fileno(output))
        let libeditWidth = Int(odsh_el_columns(el))
        let width = libeditWidth > 0 ? libeditWidth : size.columns
        let rows = CompletionListing.listing(candidates, width: width, maxRows: max(size.rows - 2, 4))
        fputs("\n" + rows.joined(separator: "\n") + "\n", output)
        fflush(output)
    }

    fileprivate func interrupt() -> UInt8 {
        interrupted = true
        let line = currentLine()
        if line.cursor < line.scalars.count { _ = odsh_el_cursor(el, Int32(line.scalars.count - line.cursor)) }
        insert("^C")
        // End the line the way Enter does (libedit's ed-newline moves below the input first); `readLine` then
        // throws the text away.
        odsh_el_push(el, "\n")
        return UInt8(CC_REFRESH)
    }

    fileprivate static func from(_ el: OpaquePointer?) -> EditLineReader? {
        guard let el, let data = odsh_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }
}

// libedit calls these C functions; the reader comes back through EL_CLIENTDATA.

private func editLinePrompt(_ el: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    EditLineReader.from(el)?.prompt
}

private func editLineComplete(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    EditLineReader.from(el)?.complete() ?? UInt8(CC_ERROR)
}

private func editLineInterrupt(_ el: OpaquePointer?, _ key: Int32) -> UInt8 {
    EditLineReader.from(el)?.interrupt() ?? UInt8(CC_ERROR)
}
