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

    /// The matches; on a terminal (`width`) fitted to it, long labels and descriptions cut, else whole.
    func textOutput(width: Int?) -> String {
        guard !matches.isEmpty else { return "nothing named, labelled or described \"\(text)\"\n" }
        var t = TextTable(headers: ["KIND", "NAME", "OF", "TYPE", "MATCH", "LABEL / DESCRIPTION"])
        t.flexible = [5]
        for m in matches {
            t.add([m.kind.words, m.name, m.owner ?? "", m.type ?? "", m.field.rawValue, Self.oneLine(m.label ?? m.description ?? "")])
        }
        return t.render(width: width) + "\(matches.count) match\(matches.count == 1 ? "" : "es")\n"
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

    /// Long descriptions on one line (the table fits them to a terminal; a pipe gets them whole).
    private static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
    }
}
