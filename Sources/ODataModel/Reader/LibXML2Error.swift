import CLibXML2

/// The message of a libxml2 error that makes a document unreadable, trimmed; nil for warnings (e.g. an unknown
/// encoding alias), which do not. Shared by the CSDL reader and the Atom payload reader.
package func libxml2ErrorMessage(_ e: xmlError) -> String? {
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return nil }
    var msg = e.message.map { String(cString: $0) } ?? "XML error"
    while msg.last == "\n" || msg.last == " " { msg.removeLast() }
    // Some messages run over two lines ("Input is not proper UTF-8, indicate encoding !\nBytes: 0xFF ..."): one
    // line, so that an error stays one line on the terminal.
    return msg.split(separator: "\n").map { String($0.drop { $0 == " " }) }.joined(separator: "; ")
}
