/// The settings a session runs with: from the command line, changed in the REPL with `.set`, `.format`, `.trace`
/// (each declared once in `ShellSetting`).

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
        ShellSetting.all.map { ($0.name, $0.current(self), $0.help) }
    }

    /// The values a setting takes, for completion (`.set pager <TAB>`); none for the numbers and unknown names.
    static func values(of setting: String) -> [String] {
        (try? ShellSetting.named(setting))?.values ?? []
    }
}
