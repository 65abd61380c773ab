import CLibXML2
import Glibc

/// What libxml2's SAX2 callbacks reach through their user-data pointer: the builder, on the parsing thread.
///
/// All mutable state of a parse lives in the builder, a struct in memory this object owns: each event is one call of
/// a mutating method through that pointer, inside which the compiler sees every access. (Held as a class property,
/// it cost a dynamic exclusivity check per event; its fields as class properties, one per field access.) One parse,
/// one thread: nothing else reaches the builder while libxml2 calls back.
final class SAXCallbacks {
    let builder: UnsafeMutablePointer<CsdlXmlBuilder>

    init(builder: CsdlXmlBuilder) {
        self.builder = .allocate(capacity: 1)
        self.builder.initialize(to: builder)
    }

    deinit {
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// Points libxml2's handler at this type's callbacks.
    func install(in handler: inout xmlSAXHandler) {
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = saxStartElement
        handler.endElementNs = saxEndElement
        // Set while inside an annotation only (`CsdlXmlBuilder.wantText`): libxml2 then makes no call for the
        // blanks between all other elements.
        handler.characters = nil
        handler.cdataBlock = nil
        handler.serror = saxStructuredError
        // Leaving entityDecl/getEntity/externalSubset unset means no entity is ever defined or loaded.
    }
}

// MARK: - libxml2 callbacks (top-level C functions; context through the user-data pointer)

/// The callbacks' object, borrowed for one event: the reader owns it for as long as libxml2 can call back.
@inline(__always)
private func withCallbacks(_ ctx: UnsafeMutableRawPointer?, _ body: (SAXCallbacks) -> Void) {
    Unmanaged<SAXCallbacks>.fromOpaque(ctx!)._withUnsafeGuaranteedRef(body)
}

private func saxStartElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                             _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                             _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                             _ nbAttributes: Int32, _ nbDefaulted: Int32,
                             _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
    withCallbacks(ctx) { c in c.builder.pointee.handleStartElement(localname!, uri, Int(nbAttributes), attributes) }
}

private func saxEndElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                           _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    withCallbacks(ctx) { c in c.builder.pointee.handleEndElement() }
}

private func saxCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    withCallbacks(ctx) { c in
        guard let ch, len > 0 else { return }
        c.builder.pointee.handleCharacters(ch, Int(len))
    }
}

private func saxStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let e = error?.pointee, ctx != nil else { return }
    withCallbacks(ctx) { c in c.builder.pointee.structuredError(e) }
}

// MARK: - The builder's side of the events

extension CsdlXmlBuilder {
    /// A not-well-formed document (found by libxml2) or one that is not CSDL (found by the builder): the parser
    /// is stopped, and no further event builds anything.
    var anyFatal: MetadataIssue? { fatal ?? parserFatal }

    mutating func handleStartElement(_ localname: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
                                  _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !stopped else { return }
        let name = names.elementName(localname)
        if annotationDepth > 0 || name == .Annotation || name == .ValueAnnotation {
            annotationDepth += 1
            if annotationDepth == 1 { wantText(true) }
        }
        let c = ctxt!
        location = SourceLocation(line: Int(xmlSAX2GetLineNumber(c)), column: Int(xmlSAX2GetColumnNumber(c)))
        startElement(local: localname, name: name, namespace: uri,
                     attributes: Attrs(attributes.map { UnsafePointer($0) }, count: count, table: attributeTable, names: names))
        if failed { stop() }
    }

    mutating func handleEndElement() {
        guard !stopped else { return }
        endElement()
        if annotationDepth > 0 {
            annotationDepth -= 1
            if annotationDepth == 0 { wantText(false) }
        }
    }

    mutating func handleCharacters(_ ch: UnsafePointer<xmlChar>, _ length: Int) {
        guard !stopped, annotationDepth > 0, wantsText else { return }
        text.append(String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self))
    }

    /// Asks libxml2 for the text of elements (inside annotations) or not (elsewhere, where it is only the blanks
    /// between elements): it reads its handler at every text event and skips the call without one.
    private func wantText(_ on: Bool) {
        guard let sax = ctxt?.pointee.sax else { return }
        sax.pointee.characters = on ? saxCharacters : nil
        sax.pointee.cdataBlock = on ? saxCharacters : nil
    }

    /// Stops the parser once the builder or libxml2 has given up on the document.
    private mutating func stop() {
        stopped = true
        if let c = ctxt { xmlStopParser(c) }
    }

    mutating func structuredError(_ e: xmlError) {
        // Warnings (e.g. an unknown encoding alias) do not make a document unreadable; errors and namespace
        // errors (an undeclared prefix such as `sap:`) do.
        guard !stopped, parserFatal == nil, let msg = libxml2ErrorMessage(e) else { return }
        let what = e.domain == Int32(XML_FROM_NAMESPACE.rawValue) ? "XML namespace error" : "not well-formed XML"
        parserFatal = MetadataIssue(.error, code: "not-well-formed", location: SourceLocation(line: Int(e.line), column: Int(e.int2)),
                                    "\(what): \(msg)")
        stop()
    }
}
