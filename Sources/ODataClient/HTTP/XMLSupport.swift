import CLibXML2
import FoundationEssentials

/// libxml2 tree parsing for the small documents of this layer (error bodies, traced bodies).
enum XMLSupport {
    /// libxml2 wants one initialisation before use from several threads.
    private static let initialised: Void = { xmlInitParser() }()

    /// No network, no entity expansion, and no messages on stderr: libraries print nothing.
    static let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                                 | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOBLANKS.rawValue)

    /// Parses `body` and runs `use` on the document; nil when it is not well-formed.
    static func withDocument<T>(_ body: Data, _ use: (xmlDocPtr) -> T) -> T? {
        _ = initialised
        guard !body.isEmpty, body.count < Int(Int32.max) else { return nil }
        let doc = body.withUnsafeBytes { raw in
            xmlReadMemory(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options)
        }
        guard let doc else { return nil }
        defer { xmlFreeDoc(doc) }
        return use(doc)
    }

    /// The document re-serialised with indentation, or nil when it is not well-formed.
    static func indented(_ body: Data) -> String? {
        withDocument(body) { doc -> String? in
            var memory: UnsafeMutablePointer<xmlChar>?
            var size: Int32 = 0
            xmlDocDumpFormatMemoryEnc(doc, &memory, &size, "UTF-8", 1)
            guard let memory else { return nil }
            defer { odsh_xml_free(memory) }
            return String(decoding: UnsafeBufferPointer(start: memory, count: Int(size)), as: UTF8.self)
        } ?? nil
    }
}
