import ArgumentParser
import FoundationEssentials
import ODataModel

/// `odsh diff OLD NEW`: are clients built against OLD still fine with NEW? SAP's metadata refresh rules, with levels.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        _superCommandName: "odsh",
        abstract: "Compare two versions of a service's metadata and judge every change by SAP's refresh rules.",
        discussion: """
            Each change gets a level: incompatible (a metadata refresh refuses it), approved (incompatible but \
            pre-approved), compatible, or info (no rule covers it: facets, annotations, bindings, ...). \
            Exit status: 0 when no change is at or above --fail-on, 1 when one is, 2 usage error, 4 invalid metadata. \
            The rules and the JSON layout are in man/compatibility-rules.md.
            """
    )

    @Argument(help: ArgumentHelp("The older metadata document: the one clients were built against.", valueName: "old"),
              completion: CommandLineCompletion.fileOrProfile)
    var old: String

    @Argument(help: ArgumentHelp("The newer metadata document.", valueName: "new"),
              completion: CommandLineCompletion.fileOrProfile)
    var new: String

    @Option(name: .long, help: "Output format: text, json, markdown (a pull-request comment) or junit (XML for CI).")
    var format: DiffFormat = .text

    @Flag(name: .long, help: "Pre-approve new enumeration members (SAP's hasOpenEnumerations).")
    var openEnums = false

    @Flag(name: .long, help: "Pre-approve changes of types, nullability, base types, enum values, keys (canChangeAnything).")
    var allowChanges = false

    @Flag(name: .long, help: "Pre-approve every removal (canRemoveAnything).")
    var allowRemovals = false

    @Option(name: .long, parsing: .singleValue,
            help: ArgumentHelp("Pre-approve removing this element of OLD (canBeRemoved), by its path as the report writes it, "
                               + "e.g. NS.Customer/Fax or Container/Customers. Repeatable.", valueName: "path"))
    var canBeRemoved: [String] = []

    @Option(name: .long, help: "Exit 1 when a change is at or above this: incompatible, any (anything but info), never.")
    var failOn: DiffFailLevel = .incompatible

    @Flag(name: .long, help: "Treat metadata warnings as errors (exit 4).")
    var strict = false

    @Flag(name: [.short, .long], help: "Text: only the changes that fail, and the summary. No metadata warnings.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Text: each rule's sentence and values in full. Every metadata warning.")
    var verbose = false

    @OptionGroup(title: "Metadata (--metadata-fix applies to both documents)")
    var metadataOptions: MetadataOptions

    @OptionGroup(title: "Connection (for service URLs)")
    var connection: ConnectionOptions

    @Flag(name: .long, help: .hidden)
    var timings = false

    func run() throws { try request.run() }

    /// The same, as plain values.
    var request: DiffRequest {
        DiffRequest(old: old, new: new, format: format, openEnums: openEnums, allowChanges: allowChanges,
                    allowRemovals: allowRemovals, canBeRemoved: canBeRemoved, failOn: failOn,
                    loading: MetadataLoading(strict: strict, verbose: verbose, quiet: quiet, noCache: metadataOptions.noCache,
                                             maxAge: metadataOptions.metadataMaxAge, metadataFix: metadataOptions.metadataFix,
                                             connection: connection),
                    timings: timings)
    }
}

/// What `odsh diff` compares and how (`DiffCommand` once parsed).
struct DiffRequest {
    var old: String
    var new: String
    var format = DiffFormat.text
    var openEnums = false
    var allowChanges = false
    var allowRemovals = false
    var canBeRemoved: [String] = []
    var failOn = DiffFailLevel.incompatible
    var loading = MetadataLoading()
    var timings = false
    private var quiet: Bool { loading.quiet }
    private var verbose: Bool { loading.verbose }

    func run() throws {
        let clock = ContinuousClock()
        let t0 = clock.now
        // Up to three warnings of each document.
        let older = try loading.load(old, warningsListed: 3, label: old)
        let t1 = clock.now
        let newer = try loading.load(new, warningsListed: 3, label: new)
        let t2 = clock.now

        var options = MetadataComparison.Options(hasOpenEnumerations: openEnums, canChangeAnything: allowChanges,
                                                 canRemoveAnything: allowRemovals)
        if !canBeRemoved.isEmpty {
            let paths = ElementPaths.index(older)
            for p in canBeRemoved where paths[p] == nil {
                let hint = Self.suggestions(for: p, in: paths.keys)
                throw OdshExit(ErrorReporter(verbose: verbose).report(UsageError(
                    "--can-be-removed \(p): no element of \(old) has this path"
                    + (hint.isEmpty ? "" : " (did you mean \(hint.joined(separator: ", "))?)"))))
            }
            options.canBeRemoved = Set(canBeRemoved)
        }
        let report = MetadataComparison.compare(older, newer, options: options)
        let t3 = clock.now

        let outcome = DiffOutcome(report: report, oldSource: old, newSource: new, failOn: failOn)
        switch format {
        case .text: Stdout.write(DiffTextRenderer(outcome: outcome, quiet: quiet, verbose: verbose).render())
        case .json: Stdout.write(DiffJSONRenderer(outcome: outcome).render())
        case .markdown: Stdout.write(DiffMarkdownRenderer(outcome: outcome).render())
        case .junit: Stdout.write(DiffJUnitRenderer(outcome: outcome).render())
        }
        if format != .text && !quiet { Stderr.write("odsh diff: \(outcome.summaryLine)\n") }
        if timings {
            Stderr.write("odsh diff: load old \(ms(t1 - t0)), load new \(ms(t2 - t1)), compare \(ms(t3 - t2)), output \(ms(clock.now - t3))\n")
        }
        if outcome.failed { throw OdshExit(outcome.exitStatus) }
    }

    /// Paths close to a mistyped one: siblings with a similar last segment first, else similar paths.
    static func suggestions(for path: String, in paths: Dictionary<String, CsdlElement>.Keys) -> [String] {
        if let slash = path.lastIndex(of: "/") {
            let parent = String(path[...slash])
            let siblings = paths.filter { $0.hasPrefix(parent) && !$0.dropFirst(parent.count).contains("/") }
            let close = NameSuggester.closest(to: String(path[path.index(after: slash)...]), in: siblings.map { String($0.dropFirst(parent.count)) })
            if !close.isEmpty { return close.map { parent + $0 } }
        }
        return NameSuggester.closest(to: path, in: Array(paths))
    }

    private func ms(_ d: Duration) -> String {
        String(cFormat: "%.1f ms", d.milliseconds)
    }
}

extension DiffFormat: ExpressibleByArgument {}
extension DiffFailLevel: ExpressibleByArgument {}
