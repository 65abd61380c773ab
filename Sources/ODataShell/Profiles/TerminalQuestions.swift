import FoundationEssentials
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// Questions on the terminal: prompts go to stderr, answers are read a byte at a time from stdin (so nothing is
/// read ahead of a password prompt), secrets without echo.
enum TerminalQuestions {
    /// Asks until the answer passes `check` (which returns a complaint, or nil); an empty answer takes `default`.
    static func ask(_ question: String, default value: String? = nil, check: (String) -> String? = { _ in nil }) throws -> String {
        while true {
            Stderr.write(question + (value.map { " [\($0)]" } ?? "") + ": ")
            // Ctrl-C ends the question (where the shell's handler would otherwise let the read go on).
            let presses = SignalHandling.pressCount
            let read = SignalHandling.withInterruptibleReads { readLine(stoppingWhen: { SignalHandling.pressCount != presses }) }
            if SignalHandling.pressCount != presses {
                Stderr.write("\n")
                throw QuestionCancelled(question: question)
            }
            guard let line = read else { throw ProfileError("standard input ended before \"\(question)\" was answered") }
            let answer = line.trimmingBlanks()
            let result = answer.isEmpty ? (value ?? "") : answer
            if let complaint = check(result) {
                Stderr.write("  \(complaint)\n")
                continue
            }
            return result
        }
    }

    static func confirm(_ question: String, default yes: Bool) throws -> Bool {
        let answer = try ask(question + (yes ? " (Y/n)" : " (y/N)"), check: { a in
            a.isEmpty || ["y", "yes", "n", "no"].contains(a.lowercased()) ? nil : "answer y or n"
        })
        return answer.isEmpty ? yes : answer.lowercased().hasPrefix("y")
    }

    /// A secret: without echo when standard input is a terminal (as `terminal` says), else its next line.
    static func secret(_ prompt: String, terminal: TerminalFacts) throws -> String {
        if terminal.stdin { return try TerminalPassword.read(prompt: prompt) }
        guard let line = readLine(), !line.isEmpty else {
            throw ProfileError("expected \(prompt.trimmingBlanks().dropLast()) as a line on standard input")
        }
        return line
    }

    /// One line of standard input without its newline; nil at its end, or when a read is interrupted by a signal and
    /// `stop` says so.
    static func readLine(stoppingWhen stop: () -> Bool = { false }) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(0, &byte, 1)
            if n < 0 && errno == EINTR {
                if stop() { return nil }
                continue
            }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A question on the terminal that Ctrl-C ended: nothing was answered, nothing done (exit 130).
struct QuestionCancelled: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .cancelled }
    var question: String
    var description: String { "\(question): cancelled" }
}
