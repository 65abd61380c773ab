import FoundationEssentials
import ODataModel

/// What one statement or command of the interactive shell prints. Text is held while it fits on the screen; once
/// it is taller than the terminal the pager starts (`$PAGER`, else `less -FRSX`), gets what was held and then
/// everything that follows as it comes (rows of a long `--all` stream page by page). Output that stays short goes
/// to stdout (and notes to stderr) at `finish()`. Without a pager, text goes straight to stdout and stderr.
///
/// Once the user quits the pager, `isClosed` is true: the producer stops and its request is dropped. Notes (the
/// footer of machine formats) go into the pager too while it runs, so that nothing is written over it.
///
/// A pager that cannot start (`PAGER=no-such-pager`: sh exits 127 before reading) must not lose the output: what
/// went to it is also kept until it has been running for a moment (`PagerWriter.startState`); when it turns out
/// it never started, one warning goes to stderr and the kept text and everything after it go straight out.
final class PagedOutput {
    private var pager: Pager?
    private let size: TerminalSize
    /// Text held until it is known whether it fits: (text, is a note for stderr).
    private var held: [(text: String, note: Bool)] = []
    /// Screen rows the held text takes.
    private var meter: ScreenMeter
    private var writer: PagerWriter?

    /// What goes to stdout goes to this file instead (`.output FILE`); notes still go to stderr.
    private let file: OutputFile?

    /// Which standard streams are terminals, as the front end knows them (listings fit tables to stdout's width).
    let terminal: TerminalFacts

    /// `pager` nil: no paging (one-shot runs, `.set pager off`, stdout not a terminal, a `file`).
    init(pager: Pager?, size: TerminalSize = TerminalSize.current(), file: OutputFile? = nil, terminal: TerminalFacts = .none) {
        self.file = file
        self.terminal = terminal
        // PAGER=cat would only copy the text: write it straight.
        if file != nil { self.pager = nil }
        else if let p = pager, p.command.trimmingBlanks() == "cat" { self.pager = nil } else { self.pager = pager }
        self.size = size
        meter = ScreenMeter(columns: size.columns)
    }

    /// Whether the pager is running (the output was taller than the screen).
    var isPaging: Bool { writer != nil }
    /// Whether the pager ran for this output (it leaves the cursor at the start of a line).
    private(set) var wasPaged = false
    /// The exit status of a pager that could not start (the output went straight out instead).
    private(set) var pagerFailure: Int32?
    /// Adds to the failure warning that paging is now off (the shell turns it off for the session).
    var failureTurnsPagingOff = false

    /// True once the user quit the pager: nothing written from then on is shown.
    var isClosed: Bool { writer?.isClosed ?? false }

    func write(_ text: String) { emit(text, note: false) }
    func note(_ text: String) { emit(text, note: true) }

    /// Text for stdout after the output, outside the pager: the outcome of a long report stays on the screen.
    func writeAfter(_ text: String) { epilogue += text }
    private var epilogue = ""

    /// For the renderers.
    var textOutput: TextOutput {
        if let file { return file.textOutput(terminal) }
        // Without a pager, stdout itself: bytes streamed as they come, and a closed pipe noticed.
        if pager == nil { return .standard(terminal) }
        return TextOutput(write: { [unowned self] in self.write($0) }, writeNote: { [unowned self] in self.note($0) },
                   flush: { [unowned self] in if self.pager == nil { Stdout.flush() } },
                   isClosed: { [unowned self] in self.isClosed }, terminal: terminal)
    }

    private func emit(_ text: String, note: Bool) {
        if let file, !note {
            file.write(text)
            return
        }
        guard let pager else {
            if note {
                Stdout.flush()
                Stderr.write(text)
            } else {
                Stdout.write(text)
            }
            return
        }
        if let writer {
            writer.write(text)
            // Kept until the pager is known to run, to be written out if it never started.
            if writer.startState != .started { held.append((text, note)) }
            settle(writer)
            return
        }
        held.append((text, note))
        meter.add(text)
        // Taller than the screen: the prompt after it would push its first lines off.
        guard meter.rows >= size.rows else { return }
        if let w = pager.open(on: terminal) {
            writer = w
            wasPaged = true
            for h in held { w.write(h.text) }
            settle(w)
        } else {
            // The pager could not be started: everything goes straight out.
            self.pager = nil
            release()
        }
    }

    /// Once the pager is known to have started, the text kept for it goes; when it never started, the text goes
    /// straight out, and so does everything after it.
    private func settle(_ w: PagerWriter) {
        switch w.startState {
        case .unknown: break
        case .started: held = []
        case .failed(let status): fallBack(w, status)
        }
    }

    private func fallBack(_ w: PagerWriter, _ status: Int32) {
        w.close()
        writer = nil
        wasPaged = false
        pagerFailure = status
        let command = pager?.command ?? ""
        pager = nil
        Stdout.flush()
        Stderr.write(Pager.failureWarning(command, status: status, sessionHint: failureTurnsPagingOff))
        release()
    }

    /// Ends the output: writes what was held, or closes the pager's input and waits until the user quits it (when it
    /// never started, what it was given goes straight out).
    func finish() {
        if let writer {
            writer.close()
            self.writer = nil
            if case .failed(let status) = writer.startState { fallBack(writer, status) } else { held = [] }
        } else {
            release()
        }
        Stdout.write(epilogue)
        epilogue = ""
        Stdout.flush()
    }

    private func release() {
        for h in held {
            if h.note {
                Stdout.flush()
                Stderr.write(h.text)
            } else {
                Stdout.write(h.text)
            }
        }
        held = []
    }
}

/// Counts the screen rows text takes on a terminal `columns` wide: one per line, more for lines wider than the
/// terminal (wide characters count two columns); colour codes take no room.
struct ScreenMeter {
    let columns: Int
    /// Complete rows so far (a last line without its newline is not counted yet).
    private(set) var rows = 0
    /// Display columns of the unfinished last line.
    private var column = 0
    private var inEscape = false

    init(columns: Int) {
        self.columns = max(1, columns)
        TerminalText.prepareLocale()
    }

    mutating func add(_ text: String) {
        for c in text {
            let scalar = c.unicodeScalars.first!
            if inEscape {
                // CSI ... final byte (a letter); the escape codes odsh writes are SGR colours.
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            switch c {
            case "\u{1B}": inEscape = true
            case "\n", "\r\n":
                rows += 1
                column = 0
            case "\r": column = 0
            default:
                let w = DisplayWidth.of(c)
                guard w > 0 else { continue }
                if column + w > columns {
                    rows += 1
                    column = 0
                }
                column += w
            }
        }
    }
}
