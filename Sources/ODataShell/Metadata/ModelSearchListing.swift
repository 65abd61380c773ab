import ODataModel

/// The answer of `.find TEXT` and `odsh metadata find SOURCE TEXT`: the model's elements whose name, SAP label or
/// description holds the text, best first (the search itself is the model's `ModelSearch`).
struct ModelSearchListing {
    let text: String
    let matches: [ModelSearch.Match]

    init(doc: CsdlDocument, text: String) {
        self.text = text
        matches = ModelSearch(document: doc).matches(text)
    }

    func textOutput() -> String {
        guard !matches.isEmpty else { return "nothing named, labelled or described \"\(text)\"\n" }
        var t = TextTable(headers: ["KIND", "NAME", "OF", "TYPE", "MATCH", "LABEL / DESCRIPTION"])
        for m in matches {
            t.add([m.kind.words, m.name, m.owner ?? "", m.type ?? "", m.field.rawValue, Self.oneLine(m.label ?? m.description ?? "")])
        }
        return t.render() + "\(matches.count) match\(matches.count == 1 ? "" : "es")\n"
    }

    func json() -> String {
        var w = JSONWriter()
        w.beginArray()
        for m in matches {
            w.beginObject()
            w.string("kind", m.kind.rawValue)
            w.string("name", m.name)
            w.string("owner", m.owner)
            w.string("type", m.type)
            w.string("label", m.label)
            w.string("description", m.description)
            w.string("match", m.field.rawValue)
            w.number("rank", m.rank)
            w.endObject()
        }
        w.endArray()
        return w.output + "\n"
    }

    /// Long descriptions on one line, cut to a width a table can show.
    private static func oneLine(_ s: String) -> String {
        let flat = s.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }
}
