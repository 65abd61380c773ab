import FoundationEssentials

/// One short line from an error body that is not an OData error: an HTML page's `<title>` (or its first
/// text), or the first non-empty line of plain text. Never the whole body.
enum ResponseBodySummary {
    static let limit = 160

    static func summarize(_ body: Data, contentType: String?) -> String? {
        guard !body.isEmpty else { return nil }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        let type = (contentType ?? "").lowercased()
        let looksHTML = type.contains("html") || find("<html", in: text) != nil || find("<!doctype", in: text) != nil
        if looksHTML {
            if let title = element("title", in: text), !title.isEmpty { return shorten(title) }
            if let h1 = element("h1", in: text), !h1.isEmpty { return shorten(h1) }
            return shorten(firstLine(stripTags(text)) ?? "")
        }
        if type.contains("xml") || text.hasPrefix("<") {
            return shorten(firstLine(stripTags(text)) ?? "")
        }
        if type.isEmpty || type.hasPrefix("text/") || type.contains("json") {
            return shorten(firstLine(text) ?? "")
        }
        return "\(body.count) bytes of \(type)"
    }

    /// The text inside the first `<name ...>...</name>`, tags stripped and whitespace collapsed.
    private static func element(_ name: String, in text: String) -> String? {
        guard let open = find("<\(name)", in: text),
              let openEnd = find(">", in: text, from: open.upperBound),
              let close = find("</\(name)", in: text, from: openEnd.upperBound)
        else { return nil }
        return collapse(stripTags(String(text[openEnd.upperBound..<close.lowerBound])))
    }

    /// The first occurrence of `needle` (ASCII, lowercase) in `text` from `start` on, ignoring ASCII case: the
    /// tag names looked for have no letter that another script folds to (as the Kelvin sign folds to k).
    private static func find(_ needle: String, in text: String, from start: String.Index? = nil) -> Range<String.Index>? {
        let bytes = text.utf8, pattern = Array(needle.utf8)
        var i = start ?? bytes.startIndex
        while i != bytes.endIndex {
            var j = i, k = 0
            while k < pattern.count, j != bytes.endIndex, lowercased(bytes[j]) == pattern[k] {
                bytes.formIndex(after: &j)
                k += 1
            }
            if k == pattern.count { return i..<j }
            bytes.formIndex(after: &i)
        }
        return nil
    }

    private static func lowercased(_ b: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) ? b | 0x20 : b
    }

    private static func stripTags(_ text: String) -> String {
        var out = ""
        var inTag = false
        var skipping: String?  // inside <script> or <style>
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "<" {
                let rest = text[i...].prefix(8).lowercased()
                if let s = skipping {
                    if rest.hasPrefix("</\(s)") { skipping = nil }
                } else if rest.hasPrefix("<script") { skipping = "script" } else if rest.hasPrefix("<style") { skipping = "style" }
                inTag = true
                out.append("\n")
            } else if c == ">" {
                inTag = false
            } else if !inTag && skipping == nil {
                out.append(c)
            }
            i = text.index(after: i)
        }
        return decodeEntities(out)
    }

    private static func decodeEntities(_ text: String) -> String {
        text.replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">")
            .replacingAll("&quot;", with: "\"").replacingAll("&#39;", with: "'")
            .replacingAll("&nbsp;", with: " ").replacingAll("&amp;", with: "&")
    }

    private static func firstLine(_ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).map { collapse(String($0)) }.first { !$0.isEmpty }
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func shorten(_ text: String) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
