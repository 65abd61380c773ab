/// The settings a session runs with: from the command line, changed in the REPL with `.set`, `.format`, `.trace`.
import ArgumentParser

public struct ShellSettings {
    public enum OutputFormat: String, CaseIterable, Sendable { case table, vertical, json, ndjson, csv }
    public enum TraceLevel: String, CaseIterable, Sendable { case off, on, data, pretty }
    /// Records instead of a table (psql's `\x`): auto when the table cannot fit the terminal, on always, off never.
    public enum Expanded: String, CaseIterable, Sendable { case auto, on, off }

    public var format: OutputFormat = .table
    public var expanded: Expanded = .auto
    /// Pages of at most this many entities are asked for (`Prefer: odata.maxpagesize`; 0: the service's choice).
    public var pageSize = 0
    /// Rows shown at most (0: no limit).
    public var rowLimit = 0
    /// Follow every next link (on in scripts; in the interactive shell, `.next` reads the next page).
    public var all = false
    public var trace: TraceLevel = .off
    public var timing = false
    public var dryRun = false
    public var editingMode: LineEditor.EditingMode = .emacs
    /// Escape codes for colour (decided from --color, NO_COLOR and whether stdout is a terminal).
    public var color = false
    /// In the interactive shell, output taller than the terminal goes through `$PAGER` (else `less -FRSX`).
    /// Never in one-shot runs, scripts or pipes.
    public var pager = true
    /// The interactive shell (where `.next` goes on with a result), not a script.
    public var repl = false
    /// The table shows the `UI.LineItem` columns (and keys) of a result without `select`.
    public var lineItemColumns = true
    /// The table shows amounts with their unit or currency (`sap:unit`, `Measures.ISOCurrency`/`Unit`).
    public var units = true
    /// The table shows a code with its text (`Common.Text`, `sap:text`).
    public var texts = false

    public init() {}

    /// The settings `.set` knows, with their current values, for `.settings` and completion.
    public var described: [(name: String, value: String, help: String)] {
        [
            ("format", format.rawValue, "output format: " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")),
            ("expanded", expanded.rawValue, "table as records: auto (when it cannot fit the terminal), on, off"),
            ("pagesize", String(pageSize), "entities per page asked of the service (Prefer: odata.maxpagesize; 0: its choice)"),
            ("rowlimit", String(rowLimit), "rows shown at most (0: no limit)"),
            ("all", all ? "on" : "off", "follow every next link (scripts: on; else .next shows the next page)"),
            ("trace", trace.rawValue, "HTTP trace: off, on (requests), data (headers and bodies), pretty"),
            ("timing", timing ? "on" : "off", "show the time each statement takes"),
            ("dryrun", dryRun ? "on" : "off", "print requests instead of sending them"),
            ("editing", editingMode == .vi ? "vi" : "emacs", "line editing keys: emacs or vi"),
            ("pager", pager ? "on" : "off", "output taller than the terminal through $PAGER (else less -FRSX)"),
            ("lineitem", lineItemColumns ? "on" : "off", "table without select: the UI.LineItem columns and keys (off: all)"),
            ("units", units ? "on" : "off", "table: amounts with their unit or currency (sap:unit, Measures)"),
            ("texts", texts ? "on" : "off", "table: codes with their text (Common.Text, sap:text)"),
        ]
    }

    /// The values a setting takes, for completion (`.set pager <TAB>`); none for the numbers and unknown names.
    static func values(of setting: String) -> [String] {
        switch setting.lowercased() {
        case "format": return OutputFormat.allCases.map(\.rawValue)
        case "expanded": return Expanded.allCases.map(\.rawValue)
        case "trace": return TraceLevel.allCases.map(\.rawValue)
        case "editing": return ["emacs", "vi"]
        case "all", "timing", "dryrun", "pager", "lineitem", "units", "texts": return ["on", "off"]
        default: return []
        }
    }

    /// Changes a setting by name; throws a usage error naming what is allowed.
    public mutating func set(_ name: String, to value: String) throws {
        func flag() throws -> Bool {
            switch value.lowercased() {
            case "on", "true", "yes", "1": return true
            case "off", "false", "no", "0": return false
            default: throw UsageError("\(name) takes on or off, not \(value)")
            }
        }
        func count() throws -> Int {
            guard let n = Int(value), n >= 0 else { throw UsageError("\(name) takes a number (0 for none), not \(value)") }
            return n
        }
        switch name.lowercased() {
        case "format":
            guard let f = OutputFormat(rawValue: value.lowercased()) else {
                throw UsageError("unknown format \(value): use one of " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            format = f
        case "expanded":
            guard let x = Expanded(rawValue: value.lowercased()) else { throw UsageError("expanded takes auto, on or off, not \(value)") }
            expanded = x
        case "pagesize": pageSize = try count()
        case "rowlimit": rowLimit = try count()
        case "all": all = try flag()
        case "trace":
            guard let t = TraceLevel(rawValue: value.lowercased()) else { throw UsageError("trace takes off, on, data or pretty, not \(value)") }
            trace = t
        case "timing": timing = try flag()
        case "dryrun": dryRun = try flag()
        case "pager": pager = try flag()
        case "lineitem": lineItemColumns = try flag()
        case "units": units = try flag()
        case "texts": texts = try flag()
        case "editing":
            switch value.lowercased() {
            case "vi": editingMode = .vi
            case "emacs": editingMode = .emacs
            default: throw UsageError("editing takes emacs or vi, not \(value)")
            }
        default:
            let names = described.map(\.name)
            throw UsageError("unknown setting \(name)" + (NameSuggesterBridge.closest(name, names).map { " (did you mean \($0)?)" } ?? ""))
        }
    }
}

import ODataModel

/// Suggestions for setting and command names, through the model's suggester.
enum NameSuggesterBridge {
    static func closest(_ name: String, _ candidates: [String]) -> String? {
        NameSuggester.closest(to: name, in: candidates, limit: 1).first
    }
}

extension ShellSettings.OutputFormat: ExpressibleByArgument {}
