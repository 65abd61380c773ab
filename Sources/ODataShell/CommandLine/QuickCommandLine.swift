/// A way past the argument parser for the one-shot command lines that scripts and CI run most, in their plain forms:
/// `odsh metadata summary|sets SOURCE`, `odsh metadata describe SOURCE NAME` and `odsh diff OLD NEW`, with their
/// flags (and diff's `--format` and `--fail-on`).
///
/// Why: the argument parser learns a command's options by reflecting over the types that declare them, and it does
/// so for each command on the path three or four times per run (`includesPassthroughArguments`,
/// `includesAllUnrecognizedArgument`, the parse itself, the built-in flag check), each time demangling every
/// option's type; the first time, the runtime also scans all ~4,100 protocol conformance records of the binary for
/// each option type. `odsh metadata summary FILE`, whose path holds some thirty options (the connection options
/// for a URL source among them), spent 16.9 M instructions there before reading a byte: 3 to 5 ms of every run,
/// as much as xmllint needs to read a 1 MB document.
///
/// What is taken here is a strict subset of what the argument parser accepts, read the same way: each argument is
/// one of the command's flags, given once, a value of `--format`/`--fail-on` (`--format X` or `--format=X`), or a
/// positional argument that does not start with `-`; the positional arguments are exactly as many as the command
/// takes. Anything else (help, `--`, other options, a flag given twice, short flags run together, a value the
/// option does not accept, a missing or extra argument) returns nil, and the argument parser reads the command line
/// as always: usage, help and error messages come only from it. `QuickCommandLineTests` checks that every command
/// line taken here is parsed by the argument parser into the same values.
enum QuickCommandLine {
    enum Command {
        case summary(MetadataSource)
        case sets(MetadataSource)
        case describe(MetadataSource, name: String)
        case diff(DiffRequest)

        func run() throws {
            switch self {
            case .summary(let s): try MetadataCommand.Summary.run(s)
            case .sets(let s): try MetadataCommand.Sets.run(s)
            case .describe(let s, let name): try MetadataCommand.Describe.run(s, name: name)
            case .diff(let d): try d.run()
            }
        }
    }

    static func match(_ arguments: [String]) -> Command? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[0] {
        case "metadata": return metadata(arguments.dropFirst())
        case "diff": return diff(arguments.dropFirst())
        default: return nil
        }
    }

    /// `summary|sets|describe`, then flags and positional arguments.
    private static func metadata(_ arguments: ArraySlice<String>) -> Command? {
        let sub = arguments.first!
        let wanted: Int
        switch sub {
        case "summary", "sets": wanted = 1
        case "describe": wanted = 2
        default: return nil
        }
        var flags = Flags(["--json", "--strict", "-v", "--verbose", "-q", "--quiet", "--no-cache"])
        var positional: [String] = []
        for a in arguments.dropFirst() {
            if a.hasPrefix("-") {
                guard flags.set(a) else { return nil }
            } else {
                positional.append(a)
            }
        }
        guard positional.count == wanted, let verbose = flags.either("-v", "--verbose"), let quiet = flags.either("-q", "--quiet")
        else { return nil }
        let source = MetadataSource(source: positional[0], json: flags["--json"], strict: flags["--strict"], verbose: verbose,
                                    quiet: quiet, noCache: flags["--no-cache"], metadataFix: nil, connection: nil)
        switch sub {
        case "summary": return .summary(source)
        case "sets": return .sets(source)
        default: return .describe(source, name: positional[1])
        }
    }

    /// `OLD NEW` with flags, `--format` and `--fail-on`.
    private static func diff(_ arguments: ArraySlice<String>) -> Command? {
        var flags = Flags(["--open-enums", "--allow-changes", "--allow-removals", "--strict", "-q", "--quiet", "-v", "--verbose",
                           "--no-cache", "--timings"])
        var format: DiffFormat?
        var failOn: DiffFailLevel?
        var positional: [String] = []
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let a = arguments[i]
            i += 1
            guard a.hasPrefix("-") else { positional.append(a); continue }
            if flags.set(a) { continue }
            // `--name=value`, or `--name value` where the value does not look like an option.
            let name: Substring
            let value: String
            if let eq = a.firstIndex(of: "=") {
                name = a[..<eq]
                value = String(a[a.index(after: eq)...])
            } else {
                guard i < arguments.endIndex, !arguments[i].hasPrefix("-") else { return nil }
                name = a[...]
                value = arguments[i]
                i += 1
            }
            switch name {
            case "--format":
                guard format == nil, let f = DiffFormat(argument: value) else { return nil }
                format = f
            case "--fail-on":
                guard failOn == nil, let f = DiffFailLevel(argument: value) else { return nil }
                failOn = f
            default:
                return nil
            }
        }
        guard positional.count == 2, let verbose = flags.either("-v", "--verbose"), let quiet = flags.either("-q", "--quiet")
        else { return nil }
        return .diff(DiffRequest(old: positional[0], new: positional[1], format: format ?? .text, openEnums: flags["--open-enums"],
                                 allowChanges: flags["--allow-changes"], allowRemovals: flags["--allow-removals"],
                                 canBeRemoved: [], failOn: failOn ?? .incompatible, strict: flags["--strict"], quiet: quiet,
                                 verbose: verbose, noCache: flags["--no-cache"], metadataFix: nil, connection: nil,
                                 timings: flags["--timings"]))
    }

    /// A command's flags, each of which may be given once.
    private struct Flags {
        private var given: [String: Bool]
        init(_ names: [String]) { given = Dictionary(uniqueKeysWithValues: names.map { ($0, false) }) }
        /// Records a flag; false when it is not one of the command's or was given already.
        mutating func set(_ name: String) -> Bool {
            guard given[name] == false else { return false }
            given[name] = true
            return true
        }
        subscript(name: String) -> Bool { given[name] ?? false }
        /// A flag with a short and a long name: nil when both were given.
        func either(_ short: String, _ long: String) -> Bool? {
            self[short] && self[long] ? nil : self[short] || self[long]
        }
    }
}
