/// Adds `sap-client=` and `sap-language=` to request URLs that do not carry them yet.
/// (The service root's own query parameters are added the same way: `HTTPConfiguration.serviceParameters`.)
enum SAPQueryParameters {
    static func apply(to url: String, client: String?, language: String?) -> String {
        var pairs: [(String, String)] = []
        if let client, !client.isEmpty { pairs.append(("sap-client", client)) }
        if let language, !language.isEmpty { pairs.append(("sap-language", language)) }
        return ServiceRoot.merge(pairs.map { ($0.0, percentEncode($0.1)) }, into: url)
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
