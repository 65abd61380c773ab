import CLibXML2
import ODataModel

/// Streams an Atom payload (OData V2/V3, and odatapy's V4 Atom) through libxml2's SAX2 push parser: bytes go in
/// as they arrive, each `<entry>` of a feed becomes an entity when its end tag is read, inline feeds and entries of
/// `m:inline` become expanded navigation values, and feed-level `m:count` and `link rel="next"` become page
/// information. No DOM is built; external entities and DTDs are never loaded.
final class AtomPayloadReader {
    private var ctxt: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    private let state: AtomState
    private var finished = false

    init(ctx: DecodingContext, target: PayloadTarget,
         emitEntity: @escaping (EntityValue) throws -> Void, emitValue: @escaping (DataValue) throws -> Void) {
        state = AtomState(ctx: ctx, target: target, emitEntity: emitEntity, emitValue: emitValue)
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = atomStartElement
        handler.endElementNs = atomEndElement
        handler.characters = atomCharacters
        handler.cdataBlock = atomCharacters
        handler.serror = atomStructuredError
        let me = Unmanaged.passUnretained(state).toOpaque()
        ctxt = xmlCreatePushParserCtxt(&handler, me, nil, 0, nil)
        if let c = ctxt {
            xmlCtxtUseOptions(c, Int32(XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
            state.ctxt = c
        }
    }

    deinit {
        if let c = ctxt { xmlFreeParserCtxt(c) }
    }

    var pageInfo: PageInfo { state.pageInfo }

    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard let c = ctxt, !finished else { return }
        var offset = 0
        while offset < bytes.count {
            let n = min(bytes.count - offset, 1 << 24)
            xmlParseChunk(c, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self), Int32(n), 0)
            offset += n
            try state.rethrow()
        }
    }

    func finish() throws -> PageInfo {
        guard let c = ctxt else { throw PayloadError(PayloadIssue(kind: .malformed, message: "could not create an XML parser")) }
        if !finished {
            finished = true
            xmlParseChunk(c, nil, 0, 1)
        }
        try state.rethrow()
        if !state.sawRoot {
            throw PayloadError(PayloadIssue(kind: .malformed, message: "malformed XML: the payload is empty"))
        }
        return state.pageInfo
    }
}

// MARK: - libxml2 callbacks (top-level C functions; the state comes through the user-data pointer)

private func stateFrom(_ ctx: UnsafeMutableRawPointer?) -> AtomState {
    Unmanaged<AtomState>.fromOpaque(ctx!).takeUnretainedValue()
}

private func atomStartElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                              _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                              _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                              _ nbAttributes: Int32, _ nbDefaulted: Int32,
                              _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
    let s = stateFrom(ctx)
    guard s.failure == nil else { return }
    s.start(local: localname!, uri: uri, attributes: AtomAttributes(raw: attributes, count: Int(nbAttributes)))
}

private func atomEndElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                            _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    let s = stateFrom(ctx)
    guard s.failure == nil else { return }
    s.end()
}

private func atomCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    let s = stateFrom(ctx)
    guard s.wantsText, s.failure == nil, let ch = ch, len > 0 else { return }
    s.text.append(contentsOf: UnsafeBufferPointer(start: ch, count: Int(len)))
}

private func atomStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let e = error?.pointee, let ctx = ctx else { return }
    let s = stateFrom(ctx)
    guard s.failure == nil, let msg = libxml2ErrorMessage(e) else { return }
    s.fail(PayloadError(PayloadIssue(kind: .malformed, message: "malformed XML: \(foldedLines(msg))", line: Int(e.line), column: Int(e.int2))))
}

/// libxml2's message on one line: some come in two ("Input is not proper UTF-8, indicate encoding !" and
/// "Bytes: 0xFF ..."), joined here with "; ".
func foldedLines(_ message: String) -> String {
    message.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        .map { $0.drop(while: { $0 == " " }) }
        .filter { !$0.isEmpty }
        .joined(separator: "; ")
}

/// The attributes of an element as SAX2 delivers them: five pointers each (local name, prefix, URI, value, end).
struct AtomAttributes {
    let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute with this local name (and namespace, when given).
    func value(_ local: StaticString, namespace: ((String) -> Bool)? = nil) -> String? {
        guard let raw = raw else { return nil }
        for i in 0..<count {
            let base = raw + 5 * i
            guard let name = base[0], strcmp(name, local) else { continue }
            if let check = namespace {
                guard let uri = base[2], check(String(cString: uri)) else { continue }
            }
            guard let v = base[3], let e = base[4] else { return "" }
            return AtomAttributes.unescape(String(decoding: UnsafeBufferPointer(start: v, count: v.distance(to: e)), as: UTF8.self))
        }
        return nil
    }

    private func strcmp(_ a: UnsafePointer<xmlChar>, _ b: StaticString) -> Bool {
        let n = b.utf8CodeUnitCount
        for i in 0..<n where a[i] != b.utf8Start[i] { return false }
        return a[n] == 0
    }

    /// SAX2 hands attribute values over with the five predefined entities and character references still escaped
    /// when the value needed normalisation; undo them.
    static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].firstIndex(of: ";") {
                let entity = s[s.index(after: i)..<semi]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                default:
                    if entity.hasPrefix("#x"), let v = UInt32(entity.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) { replacement = String(Character(u)) }
                    else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let u = Unicode.Scalar(v) { replacement = String(Character(u)) }
                }
                if let r = replacement { out += r; i = s.index(after: semi); continue }
            }
            out.append(s[i])
            i = s.index(after: i)
        }
        return out
    }
}
