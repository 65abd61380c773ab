import FoundationEssentials
import ODataModel

/// Where a profile's secret (password, token, client secret, cookie) comes from. Secrets never stand in
/// config.toml itself.
enum SecretSource: Equatable, Sendable, CustomStringConvertible {
    /// `env:VAR`: the environment variable VAR.
    case environment(String)
    /// `command:CMD`: the standard output of `sh -c CMD` (e.g. `pass show sap/dev`), without its final newline.
    case command(String)
    /// `file` or `file:PATH`: odsh's secrets file (mode 0600), or another one in the same format.
    case file(String?)
    /// `prompt`: asked on the terminal, without echo, each time it is needed.
    case prompt

    /// The spellings, for help texts.
    static let spellings = "env:VAR, command:CMD, file[:PATH] or prompt"

    /// Parses `env:VAR`, `command:CMD`, `file`, `file:PATH` or `prompt`.
    init?(_ text: String) {
        if text == "prompt" { self = .prompt; return }
        if text == "file" { self = .file(nil); return }
        if text.hasPrefix("file:"), text.count > 5 { self = .file(String(text.dropFirst(5))); return }
        if text.hasPrefix("env:"), text.count > 4, text.dropFirst(4).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            self = .environment(String(text.dropFirst(4)))
            return
        }
        if text.hasPrefix("command:"), !text.dropFirst(8).trimmingBlanks().isEmpty {
            self = .command(String(text.dropFirst(8)))
            return
        }
        return nil
    }

    /// As written in config.toml.
    var description: String {
        switch self {
        case .environment(let v): return "env:\(v)"
        case .command(let c): return "command:\(c)"
        case .file(nil): return "file"
        case .file(let path?): return "file:\(path)"
        case .prompt: return "prompt"
        }
    }
}


