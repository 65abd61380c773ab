import CLibXML2

/// Reads CSDL XML (OData V2, V3, V4, 4.01 `$metadata`) through libxml2's SAX2 push parser.
///
/// Bytes may arrive in chunks (`feed`), so a download can be parsed while it goes on; `finish()` returns the
/// raw document, which `MetadataReader` then resolves and validates. No DOM is built, external entities and
/// DTDs are never loaded, and `XML_PARSE_HUGE` lets multi-megabyte documents through.
public final class CsdlXmlReader {
    private var ctxt: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    let builder: CsdlXmlBuilder
    private var finished = false

    public init(source: String = "") {
        builder = CsdlXmlBuilder(source: source)
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = csdlStartElement
        handler.endElementNs = csdlEndElement
        handler.characters = csdlCharacters
        handler.cdataBlock = csdlCharacters
        handler.serror = csdlStructuredError
        // Leaving entityDecl/getEntity/externalSubset unset means no entity is ever defined or loaded.
        let me = Unmanaged.passUnretained(builder).toOpaque()
        ctxt = source.withCString { xmlCreatePushParserCtxt(&handler, me, nil, 0, $0) }
        if let c = ctxt {
            xmlCtxtUseOptions(c, Int32(XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
            builder.ctxt = c
        }
    }

    deinit {
        if let c = ctxt { xmlFreeParserCtxt(c) }
    }

    /// Parses the next chunk of the document; throws as soon as the document is known to be broken.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard let c = ctxt, !finished else { return }
        var offset = 0
        // xmlParseChunk takes an Int32 size: hand over large buffers in slices.
        while offset < bytes.count {
            let n = min(bytes.count - offset, 1 << 24)
            let p = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(c, p, Int32(n), 0)
            offset += n
            if let e = builder.fatal { throw MetadataError(source: builder.source, e) }
        }
    }

    public func feed(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Ends the document and returns what was read (not yet resolved).
    public func finish() throws -> CsdlDocument {
        guard let c = ctxt else {
            throw MetadataError(source: builder.source, MetadataIssue(.error, code: "internal", "could not create an XML parser"))
        }
        if !finished {
            finished = true
            xmlParseChunk(c, nil, 0, 1)
        }
        if let e = builder.fatal { throw MetadataError(source: builder.source, e) }
        return try builder.finishDocument()
    }

    /// Reads a whole document held in memory.
    public static func read(bytes: UnsafeRawBufferPointer, source: String = "") throws -> CsdlDocument {
        let r = CsdlXmlReader(source: source)
        try r.feed(bytes)
        return try r.finish()
    }
}

// MARK: - libxml2 callbacks (top-level C functions; context through the user-data pointer)

private func builderFrom(_ ctx: UnsafeMutableRawPointer?) -> CsdlXmlBuilder {
    Unmanaged<CsdlXmlBuilder>.fromOpaque(ctx!).takeUnretainedValue()
}

private func csdlStartElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                              _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                              _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                              _ nbAttributes: Int32, _ nbDefaulted: Int32,
                              _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
    let b = builderFrom(ctx)
    if b.fatal != nil { return }
    let attrs = Attrs(raw: attributes, count: Int(nbAttributes), builder: b)
    b.startElement(local: b.interned(localname!), name: b.elementName(localname!), namespace: uri.map { b.interned($0) }, attributes: attrs)
}

private func csdlEndElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                            _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    let b = builderFrom(ctx)
    if b.fatal != nil { return }
    b.endElement()
}

private func csdlCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    let b = builderFrom(ctx)
    guard b.wantsText, let ch = ch, len > 0 else { return }
    b.text.append(String(decoding: UnsafeBufferPointer(start: ch, count: Int(len)), as: UTF8.self))
}

private func csdlStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let e = error?.pointee, let ctx = ctx else { return }
    let b = builderFrom(ctx)
    // Warnings (e.g. an unknown encoding alias) do not make a document unreadable; errors and namespace
    // errors (an undeclared prefix such as `sap:`) do.
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue, b.fatal == nil else { return }
    var msg = e.message.map { String(cString: $0) } ?? "XML error"
    while msg.last == "\n" || msg.last == " " { msg.removeLast() }
    let what = e.domain == Int32(XML_FROM_NAMESPACE.rawValue) ? "XML namespace error" : "not well-formed XML"
    b.fatal = MetadataIssue(.error, code: "not-well-formed", location: SourceLocation(line: Int(e.line), column: Int(e.int2)),
                            "\(what): \(msg)")
    if let c = b.ctxt { xmlStopParser(c) }
}
