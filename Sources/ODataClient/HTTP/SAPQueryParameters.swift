/// Adds `sap-client=` and `sap-language=` to request URLs that do not carry them yet.
enum SAPQueryParameters {
    static func apply(to url: String, client: String?, language: String?) -> String {
        var pairs: [(String, String)] = []
        if let client, !client.isEmpty { pairs.append(("sap-client", client)) }
        if let language, !language.isEmpty { pairs.append(("sap-language", language)) }
        guard !pairs.isEmpty else { return url }

        let hashIndex = url.firstIndex(of: "#")
        let beforeFragment = hashIndex.map { String(url[..<$0]) } ?? url
        let fragment = hashIndex.map { String(url[$0...]) } ?? ""
        let existing: Set<String> = {
            guard let q = beforeFragment.firstIndex(of: "?") else { return [] }
            return Set(beforeFragment[beforeFragment.index(after: q)...].split(separator: "&").map {
                String($0.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
            })
        }()
        var result = beforeFragment
        for (name, value) in pairs where !existing.contains(name) {
            result += result.contains("?") ? (result.hasSuffix("?") || result.hasSuffix("&") ? "" : "&") : "?"
            result += "\(name)=\(percentEncode(value))"
        }
        return result + fragment
    }

    private static func percentEncode(_ value: String) -> String {
        var out = ""
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
