/// One setting `.set` changes, declared once: its name, help, the values it takes (for completion and errors), how
/// it reads and how a value is applied. `.settings`, `.set` and completion read the declarations.
struct ShellSetting: Sendable {
    let name: String
    let help: String
    /// The words it takes, for completion; empty for a number.
    let values: [String]
    let current: @Sendable (ShellSettings) -> String
    let apply: @Sendable (inout ShellSettings, String) throws -> Void

    /// on or off (also true/false, yes/no, 1/0).
    static func flag(_ name: String, _ path: WritableKeyPath<ShellSettings, Bool> & Sendable, _ help: String) -> ShellSetting {
        ShellSetting(name: name, help: help, values: ["on", "off"], current: { $0[keyPath: path] ? "on" : "off" },
                     apply: { settings, value in
                         switch value.lowercased() {
                         case "on", "true", "yes", "1": settings[keyPath: path] = true
                         case "off", "false", "no", "0": settings[keyPath: path] = false
                         default: throw UsageError("\(name) takes on or off, not \(value)")
                         }
                     })
    }

    /// A whole number, 0 for none.
    static func count(_ name: String, _ path: WritableKeyPath<ShellSettings, Int> & Sendable, _ help: String) -> ShellSetting {
        ShellSetting(name: name, help: help, values: [], current: { String($0[keyPath: path]) }, apply: { settings, value in
            guard let n = Int(value), n >= 0 else { throw UsageError("\(name) takes a number (0 for none), not \(value)") }
            settings[keyPath: path] = n
        })
    }

    /// One of an enumeration's cases, by its raw value (any case).
    static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<ShellSettings, E> & Sendable, _ help: String,
        refusal: @escaping @Sendable (String) -> String
    ) -> ShellSetting where E.RawValue == String {
        ShellSetting(name: name, help: help, values: E.allCases.map(\.rawValue), current: { $0[keyPath: path].rawValue },
                     apply: { settings, value in
                         guard let v = E(rawValue: value.lowercased()) else { throw UsageError(refusal(value)) }
                         settings[keyPath: path] = v
                     })
    }

    /// The settings dot-commands of their own change too (`.format`, `.trace`, `.timing`).
    static let format = choice("format", \.format, "output format: " + ShellSettings.OutputFormat.allCases.map(\.rawValue).joined(separator: ", "),
                               refusal: { "unknown format \($0): use one of " + ShellSettings.OutputFormat.allCases.map(\.rawValue).joined(separator: ", ") })
    static let trace = choice("trace", \.trace, "HTTP trace: off, on (requests), data (headers and bodies), pretty",
                              refusal: { "trace takes off, on, data or pretty, not \($0)" })
    static let timing = flag("timing", \.timing, "show the time each statement takes")

    /// Every setting, in the order `.settings` lists them.
    static let all: [ShellSetting] = [
        format,
        .choice("expanded", \.expanded, "table as records: auto (when it cannot fit the terminal), on, off",
                refusal: { "expanded takes auto, on or off, not \($0)" }),
        .count("pagesize", \.pageSize, "entities per page asked of the service (Prefer: odata.maxpagesize; 0: its choice)"),
        .count("rowlimit", \.rowLimit, "rows shown at most (0: no limit)"),
        .flag("all", \.all, "follow every next link (scripts: on; else .next shows the next page)"),
        trace,
        timing,
        .flag("dryrun", \.dryRun, "print requests instead of sending them"),
        .choice("editing", \.editingMode, "line editing keys: emacs or vi", refusal: { "editing takes emacs or vi, not \($0)" }),
        .flag("pager", \.pager, "output taller than the terminal through $PAGER (else less -FRSX)"),
        .flag("lineitem", \.lineItemColumns, "table without select: the UI.LineItem columns and keys (off: all)"),
        .flag("units", \.units, "table: amounts with their unit or currency (sap:unit, Measures)"),
        .flag("texts", \.texts, "table: codes with their text (Common.Text, sap:text)"),
    ]

    /// The setting of that name (any case), or a usage error with the closest name.
    static func named(_ name: String) throws -> ShellSetting {
        if let s = all.first(where: { $0.name == name.lowercased() }) { return s }
        throw UsageError("unknown setting \(name)" + (NameSuggesterBridge.closest(name, all.map(\.name)).map { " (did you mean \($0)?)" } ?? ""))
    }
}
