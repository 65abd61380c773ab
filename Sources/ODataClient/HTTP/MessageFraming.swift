/// Checks of a response head's framing that libcurl lets through: RFC 9112 §6.3 says a message with several
/// `Content-Length` fields (or a list in one) whose values differ is invalid, to be treated as an unrecoverable
/// error: which length to trust is what a request-smuggling or response-splitting attack plays on.
enum MessageFraming {
    /// The values of one `Content-Length` field: a comma-separated list is allowed when all its members agree.
    static func lengths(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingBlanks() }
    }

    /// Nil when the `Content-Length` values of a head (each field's value, in order) agree or there are none;
    /// else the message of the invalid framing.
    static func conflict(_ values: [String]) -> String? {
        let all = values.flatMap(lengths)
        guard let first = all.first, all.contains(where: { $0 != first }) else { return nil }
        let shown = all.prefix(4).map { String($0.prefix(24)) }.joined(separator: ", ")
        return "invalid HTTP message: Content-Length fields that differ (\(shown)); nothing of it was used"
    }
}
