import FoundationEssentials
import Glibc

/// `--color auto|always|never`: whether output gets ANSI colours.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to colour output to a stream (`onTerminal`: whether it is a terminal, as the caller's `TerminalFacts`
    /// say): `always` and `never` say so; `auto` colours a terminal, unless `NO_COLOR` is set to anything non-empty
    /// (no-color.org) or TERM is "dumb".
    func isEnabled(onTerminal: Bool, environment: [String: String] = ProcessEnvironment.current) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return onTerminal
        }
    }
}

/// Wraps text in ANSI SGR codes when colour is on, and leaves it alone when it is off.
struct TerminalStyle: Sendable {
    /// Whether `paint` adds escape codes.
    var isEnabled: Bool

    init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// Decides with `ColorChoice.isEnabled`.
    init(_ choice: ColorChoice, onTerminal: Bool, environment: [String: String] = ProcessEnvironment.current) {
        self.isEnabled = choice.isEnabled(onTerminal: onTerminal, environment: environment)
    }

    /// SGR parameters for the few styles odsh uses.
    enum Style: String, Sendable {
        case bold = "1", dim = "2", underline = "4"
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    /// The text in the given styles (reset after it).
    func paint(_ text: String, _ styles: Style...) -> String {
        guard isEnabled, !styles.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// For prompts: like `paint`, with the escape codes marked invisible for the line editor.
    func paintPrompt(_ text: String, _ styles: Style...) -> String {
        guard isEnabled, !styles.isEmpty, !text.isEmpty else { return text }
        return "\u{1}\u{1B}[" + styles.map(\.rawValue).joined(separator: ";") + "m\u{1}" + text + "\u{1}\u{1B}[0m\u{1}"
    }
}
