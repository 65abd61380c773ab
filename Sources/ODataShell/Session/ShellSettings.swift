/// The settings a session runs with: from the command line, changed in the REPL with `.set`, `.format`, `.trace`
/// (each declared once in `ShellSetting`).

struct ShellSettings {
    enum OutputFormat: String, CaseIterable, Sendable { case table, vertical, json, ndjson, csv }
    enum TraceLevel: String, CaseIterable, Sendable { case off, on, data, pretty }
    /// Records instead of a table (psql's `\x`): auto when the table cannot fit the terminal, on always, off never.
    enum Expanded: String, CaseIterable, Sendable { case auto, on, off }

    var format: OutputFormat = .table
    var expanded: Expanded = .auto
    /// Pages of at most this many entities are asked for (`Prefer: odata.maxpagesize`; 0: the service's choice).
    var pageSize = 0
    /// Rows shown at most (0: no limit).
    var rowLimit = 0
    /// Follow every next link (on in scripts; in the interactive shell, `.next` reads the next page).
    var all = false
    var trace: TraceLevel = .off
    var timing = false
    var dryRun = false
    var editingMode: LineEditor.EditingMode = .emacs
    /// Escape codes for colour (decided from --color, NO_COLOR and whether stdout is a terminal).
    var color = false
    /// In the interactive shell, output taller than the terminal goes through `$PAGER` (else `less -FRSX`).
    /// Never in one-shot runs, scripts or pipes.
    var pager = true
    /// The interactive shell (where `.next` goes on with a result), not a script.
    var repl = false
    /// The table shows the `UI.LineItem` columns (and keys) of a result without `select`.
    var lineItemColumns = true
    /// The table shows amounts with their unit or currency (`sap:unit`, `Measures.ISOCurrency`/`Unit`).
    var units = true
    /// The table shows a code with its text (`Common.Text`, `sap:text`).
    var texts = false

    init() {}

    /// The settings `.set` knows, with their current values, for `.settings` and completion.
    var described: [(name: String, value: String, help: String)] {
        ShellSetting.all.map { ($0.name, $0.current(self), $0.help) }
    }

    /// The values a setting takes, for completion (`.set pager <TAB>`); none for the numbers and unknown names.
    static func values(of setting: String) -> [String] {
        (try? ShellSetting.named(setting))?.values ?? []
    }
}
