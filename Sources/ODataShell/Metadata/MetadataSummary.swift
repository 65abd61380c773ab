import ODataModel

/// `odsh metadata summary`: what a document holds, in counts.
struct MetadataSummary {
    let doc: CsdlDocument

    /// What is counted: the label of the text output, the key of the JSON output, and the count.
    var counts: [(label: String, key: String, count: Int)] {
        // Summed per schema and container: the document's flattened lists would copy (and retain) every element.
        // Closures, not key paths: each key path is instantiated from its mangled name at first use, which costs more
        // than this command's own work on a small document (docs/performance.md).
        func inSchemas(_ count: (CsdlSchema) -> Int) -> Int { doc.schemas.reduce(0) { $0 + count($1) } }
        func inContainers(_ count: (EntityContainer) -> Int) -> Int {
            doc.schemas.reduce(0) { n, s in s.entityContainers.reduce(n) { $0 + count($1) } }
        }
        return [
            ("schemas", "schemas", doc.schemas.count),
            ("entity types", "entityTypes", inSchemas { $0.entityTypes.count }),
            ("complex types", "complexTypes", inSchemas { $0.complexTypes.count }),
            ("enum types", "enumTypes", inSchemas { $0.enumTypes.count }),
            ("type definitions", "typeDefinitions", inSchemas { $0.typeDefinitions.count }),
            ("entity sets", "entitySets", inContainers { $0.entitySets.count }),
            ("singletons", "singletons", inContainers { $0.singletons.count }),
            ("functions", "functions", inSchemas { $0.functions.count }),
            ("actions", "actions", inSchemas { $0.actions.count }),
            ("function imports", "functionImports", inContainers { $0.functionImports.count }),
            ("action imports", "actionImports", inContainers { $0.actionImports.count }),
            ("associations", "associations", inSchemas { $0.associations.count }),
            ("terms", "terms", inSchemas { $0.terms.count }),
            ("annotations blocks", "annotationsBlocks", inSchemas { $0.annotationsBlocks.count }),
        ]
    }

    var versionText: String {
        var s = "OData \(doc.version.rawValue)"
        let parts = [doc.edmxVersion.map { "edmx \($0)" },
                     doc.dataServiceVersion.map { "DataServiceVersion \($0)" },
                     doc.maxDataServiceVersion.map { "MaxDataServiceVersion \($0)" }].compactMap { $0 }
        if !parts.isEmpty { s += " (" + parts.joined(separator: ", ") + ")" }
        return s
    }

    func text() -> String {
        var out = "\(doc.source)\n"
        out += "  version      \(versionText)\n"
        for s in doc.schemas {
            // Names are server text: escaped, so that none acts on a terminal or forges a line.
            out += "  schema       \(s.namespace.forTerminal())\(s.alias.map { " (alias \($0.forTerminal()))" } ?? "")\n"
        }
        if let c = doc.entityContainer { out += "  container    \(c.qualifiedName.forTerminal())\n" }
        let counts = counts
        let width = counts.map { $0.label.count }.max() ?? 0
        for (name, _, n) in counts where n > 0 || ["entity types", "entity sets"].contains(name) {
            out += "  " + name + String(repeating: " ", count: width - name.count) + "  " + String(n) + "\n"
        }
        if !doc.references.isEmpty { out += "  references   \(doc.references.count)\n" }
        out += "  warnings     \(doc.warnings.count)\n"
        return out
    }

    func json() -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("source", doc.source)
        w.string("version", doc.version.rawValue)
        w.string("edmxVersion", doc.edmxVersion)
        w.string("dataServiceVersion", doc.dataServiceVersion)
        w.string("maxDataServiceVersion", doc.maxDataServiceVersion)
        w.beginArray("schemas")
        for s in doc.schemas { w.beginObject(); w.string("namespace", s.namespace); w.string("alias", s.alias); w.endObject() }
        w.endArray()
        w.string("entityContainer", doc.entityContainer?.qualifiedName)
        w.beginObject("counts")
        for c in counts { w.number(c.key, c.count) }
        w.number("references", doc.references.count)
        w.endObject()
        IssueList.json(doc.warnings, &w)
        w.endObject()
        return w.output + "\n"
    }
}

/// Warnings of a document, as text lines and JSON.
enum IssueList {
    static func text(_ issues: [MetadataIssue], source: String) -> String {
        issues.map { i in
            var s = source.isEmpty ? "" : "\(source):"
            if i.location != .unknown { s += "\(i.location.line):\(i.location.column):" }
            // Paths and messages quote names of the document (server text): one line each, nothing a terminal acts on.
            return s + " \(i.severity.rawValue): " + (i.path.isEmpty ? "" : "\(i.path.forTerminal()): ") + i.message.forTerminal()
                + " [\(i.code)]\n"
        }.joined()
    }
    static func json(_ issues: [MetadataIssue], _ w: inout JSONWriter) {
        w.beginArray("warnings")
        for i in issues {
            w.beginObject()
            w.string("code", i.code); w.string("path", i.path)
            w.number("line", i.location.line); w.number("column", i.location.column)
            w.string("message", i.message)
            w.endObject()
        }
        w.endArray()
    }
}
