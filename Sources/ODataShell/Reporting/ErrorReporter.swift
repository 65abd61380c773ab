import CStdio
import FoundationEssentials
import Glibc
import ODataModel
import ODataQuery
import ODataClient
import ODataProxyGen

/// The one place where errors become words on stderr and an exit status: each error says its category, and one
/// exhaustive switch turns categories into exit statuses. An error without a category is a bug of odsh: it is
/// reported as an internal error with its type's name, exit status 70.
///
/// It is also where the libraries' errors get odsh's words and become safe for a terminal. The libraries name their
/// settings as Swift does (`HTTPConfiguration.maxMetadataBytes`, `ProxyGeneratorOptions.serviceName`) and keep a
/// service's text as it came; here a limit gets the option that raises it (`--max-metadata-size`), and every line
/// is escaped once (`TerminalEscaping.oneLine`: control characters and line breaks), so that a hostile service's
/// text can neither act on the terminal nor forge a line.
struct ErrorReporter {
    /// Whether `report` writes the details of an error (the request, the OData error code) under its line.
    var verbose: Bool
    /// A reporter that writes one line an error, and its details too when `verbose`.
    init(verbose: Bool = false) { self.verbose = verbose }

    /// The category of an error; nil for an error that has none (a bug, reported as such).
    static func category(of error: Error) -> ErrorCategory? {
        if let e = error as? CategorizedError { return e.category }
        // Swift's own word for a task that was cancelled (the async API throws it).
        if error is CancellationError { return .cancelled }
        return nil
    }

    /// The exit status of a category: the one mapping, documented in the manual's EXIT STATUS.
    static func status(of category: ErrorCategory) -> ExitStatus {
        switch category {
        case .usage, .unknownName: return .usage
        case .service: return .serviceError
        case .transport: return .transport
        case .invalidData: return .invalidData
        case .cancelled: return .interrupted
        }
    }

    /// A one-line message, details for --verbose, and the exit status for an error; each line escaped for a
    /// terminal (`TerminalEscaping.oneLine`).
    func describe(_ error: Error) -> (message: String, details: [String], status: ExitStatus) {
        let (raw, rawDetails) = Self.words(for: error)
        // The shell's own messages may span lines (a statement and a caret under the word at fault): each line is
        // escaped. What carries a service's or a document's text is one line, so that it cannot forge another.
        let message = Self.keepsLines(error) ? raw.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalEscaping.oneLine(String($0)) }.joined(separator: "\n") : TerminalEscaping.oneLine(raw)
        let details = rawDetails.map { TerminalEscaping.oneLine($0) }
        guard let category = Self.category(of: error) else {
            return ("internal error: \(String(reflecting: type(of: error))): \(message)", details, .internalError)
        }
        return (category == .cancelled ? message + " (Ctrl-C)" : message, details, Self.status(of: category))
    }

    /// The line of an error, escaped for a terminal: for a warning or a note that names an error.
    static func line(for error: Error) -> String { TerminalEscaping.oneLine(words(for: error).0) }

    /// Whether an error's message is the shell's own text, whose line breaks are its layout: a statement's error
    /// shows the statement and a caret under the word at fault.
    static func keepsLines(_ error: Error) -> Bool { error is LanguageError }

    /// What an error says, in odsh's words: its line, and the further lines --verbose shows. The text is as the
    /// error has it (a service's text unescaped): `describe` and `line(for:)` escape it.
    static func words(for error: Error) -> (String, [String]) {
        switch error {
        case let e as MetadataError:
            return ("invalid metadata: \(e)", e.issues.dropFirst().map { $0.description })
        case let e as MetadataFileError:
            return ("cannot read \(e.path): \(e.message)", [])
        case let e as PayloadFileError:
            return ("cannot read \(e.path): \(e.message)", [])
        case let e as ODataClientError:
            return (summary(of: e), e.detailLines)
        case let e as DataServiceError:
            return (e.description, (e.underlying as? ODataClientError)?.detailLines ?? [])
        case let e as ProxyGenerationError:
            return (ErrorReporter.words(for: e), [])
        case is CancellationError:
            return ("cancelled", [])
        case let e as CustomStringConvertible:
            return (e.description, [])
        default:
            return ("\(error)", [])
        }
    }

    /// Prints the error to stderr (one line; its details too with --verbose) and returns its exit status.
    @discardableResult
    func report(_ error: Error, context: String? = nil) -> ExitStatus {
        let d = describe(error)
        Stderr.write("odsh: \(context.map { "\(TerminalEscaping.oneLine($0)): " } ?? "")\(d.message)\n")
        if let hint = SAPErrorHint.hint(for: error) { Stderr.write("odsh: hint: \(TerminalEscaping.oneLine(hint))\n") }
        if verbose { for line in d.details { Stderr.write("  \(line)\n") } }
        return d.status
    }

    /// The result of `body`; an error it throws is reported here and becomes the `OdshExit` of its status: the
    /// one-shot subcommands' way out when their work fails.
    func exitOnError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw OdshExit(report(error))
        }
    }

    /// Prints a warning (such as a capability restriction) to stderr.
    func warn(_ message: String, context: String? = nil) {
        Stderr.write("odsh: \(context.map { "\($0): " } ?? "")warning: \(message)\n")
    }
}

extension ErrorReporter {
    /// An HTTP-layer error's line: the library's summary, or for an answer over a size limit the same sentence
    /// with the option that raises the limit (`(HTTPConfiguration.maxMetadataBytes, --max-metadata-size)`).
    static func summary(of e: ODataClientError) -> String {
        guard case .tooLarge(let setting, let limit, _) = e.kind else { return e.summary }
        let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        let reason = "the answer is larger than the limit of \(size) (\(setting.settingName), \(option(raising: setting))); "
            + "nothing more was read"
        return e.exchange.isEmpty ? reason : "\(e.exchange): \(reason)"
    }

    /// The command-line option that sets a size limit of `HTTPConfiguration` (`ConnectionOptions`).
    static func option(raising setting: ODataClientError.SizeLimit) -> String {
        switch setting {
        case .maxMetadataBytes: return "--max-metadata-size"
        case .maxBufferedBodyBytes: return "--max-body-size"
        }
    }
}
