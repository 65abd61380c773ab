import Foundation

/// One short line from an error body that is not an OData error: an HTML page's `<title>` (or its first
/// text), or the first non-empty line of plain text. Never the whole body.
enum ResponseBodySummary {
    static let limit = 160

    static func summarize(_ body: Data, contentType: String?) -> String? {
        guard !body.isEmpty else { return nil }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        let type = (contentType ?? "").lowercased()
        let looksHTML = type.contains("html") || text.range(of: "<html", options: .caseInsensitive) != nil
            || text.range(of: "<!doctype", options: .caseInsensitive) != nil
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
        guard let open = text.range(of: "<\(name)", options: .caseInsensitive),
              let openEnd = text.range(of: ">", range: open.upperBound..<text.endIndex),
              let close = text.range(of: "</\(name)", options: .caseInsensitive, range: openEnd.upperBound..<text.endIndex)
        else { return nil }
        return collapse(stripTags(String(text[openEnd.upperBound..<close.lowerBound])))
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
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
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
