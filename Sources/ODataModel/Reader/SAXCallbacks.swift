import CLibXML2
import Glibc

/// What libxml2's SAX2 callbacks call: it hands each event straight to the builder, on the parsing thread.
///
/// Attribute values become Swift strings here (long ones interned: see `value`), in a scratch array the builder
/// reads through `Attrs` and may move values out of. Text is asked for only inside annotations (`wantText`).
final class SAXCallbacks {
    let builder: CsdlXmlBuilder
    var ctxt: xmlParserCtxtPtr?
    /// A not-well-formed document, found by libxml2.
    var fatal: MetadataIssue? { didSet { failed = fatal != nil } }
    /// `fatal != nil`, or the builder's: checked on every event (cheaper than comparing an optional struct).
    private(set) var failed = false
    /// Open Annotation elements: text matters only inside them (whitespace between elements is skipped).
    private var annotationDepth = 0
    /// The current element's attributes, reused from element to element.
    private var scratch: UnsafeMutablePointer<CapturedAttribute>
    private var scratchCapacity = 32

    init(builder: CsdlXmlBuilder) {
        self.builder = builder
        scratch = .allocate(capacity: scratchCapacity)
        internHashes.initialize(repeating: 0, count: Self.internSlots)
        internStrings.initialize(repeating: "", count: Self.internSlots)
    }

    deinit {
        scratch.deallocate()
        internStrings.deinitialize(count: Self.internSlots)
        internStrings.deallocate()
        internHashes.deallocate()
    }

    /// Points libxml2's handler at this type's callbacks.
    func install(in handler: inout xmlSAXHandler) {
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = saxStartElement
        handler.endElementNs = saxEndElement
        // Set while inside an annotation only (`wantText`): libxml2 then makes no call for the blanks between
        // all other elements.
        handler.characters = nil
        handler.cdataBlock = nil
        handler.serror = saxStructuredError
        // Leaving entityDecl/getEntity/externalSubset unset means no entity is ever defined or loaded.
    }

    /// Stops the parser once the builder or libxml2 has given up on the document.
    private func stopIfFailed() {
        if !failed, builder.failed { failed = true }
        if failed, let c = ctxt { xmlStopParser(c) }
    }

    func startElement(_ localname: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
                      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if annotationDepth > 0 || isAnnotation(localname) {
            annotationDepth += 1
            if annotationDepth == 1 { wantText(true) }
        }
        if count > scratchCapacity {
            scratch.deallocate()
            scratchCapacity = count
            scratch = .allocate(capacity: count)
        }
        for i in 0..<count {
            let a = attributes! + i * 5
            (scratch + i).initialize(to: CapturedAttribute(localName: a[0]!, prefix: a[1], uri: a[2],
                                                           value: value(a[3]!, a[4]! - a[3]!)))
        }
        let b = builder
        let c = ctxt!
        b.location = SourceLocation(line: Int(xmlSAX2GetLineNumber(c)), column: Int(xmlSAX2GetColumnNumber(c)))
        b.startElement(local: localname, name: b.elementName(localname), namespace: uri,
                       attributes: Attrs(UnsafeBufferPointer(start: scratch, count: count), builder: b))
        scratch.deinitialize(count: count)
        stopIfFailed()
    }

    func endElement() {
        builder.endElement()
        if annotationDepth > 0 {
            annotationDepth -= 1
            if annotationDepth == 0 { wantText(false) }
        }
    }

    func characters(_ ch: UnsafePointer<xmlChar>, _ length: Int) {
        guard annotationDepth > 0, builder.wantsText else { return }
        builder.text.append(String(decoding: UnsafeBufferPointer(start: ch, count: length), as: UTF8.self))
    }

    /// Asks libxml2 for the text of elements (inside annotations) or not (elsewhere, where it is only the blanks
    /// between elements): it reads its handler at every text event and skips the call without one.
    private func wantText(_ on: Bool) {
        guard let sax = ctxt?.pointee.sax else { return }
        sax.pointee.characters = on ? saxCharacters : nil
        sax.pointee.cdataBlock = on ? saxCharacters : nil
    }

    // Long attribute values repeat a great deal (terms, record types, property paths), so the last string made
    // for each of 4,096 hash slots is reused when the bytes match. Short values are inline strings, cheaper to make
    // than to look up.
    static let internSlots = 4096
    private let internHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: internSlots)
    private let internStrings = UnsafeMutablePointer<String>.allocate(capacity: internSlots)

    private func value(_ start: UnsafePointer<xmlChar>, _ count: Int) -> String {
        let bytes = UnsafeBufferPointer(start: start, count: count)
        guard count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        let h = NameTable<Int>.hash(bytes: UnsafeRawBufferPointer(bytes))
        let slot = Int(truncatingIfNeeded: h >> 52)
        if internHashes[slot] == h {
            let s = internStrings[slot]
            // Compared byte for byte: a hash match alone proves nothing, and a string repaired from invalid UTF-8
            // no longer has the raw bytes, so it is never taken for them.
            if s.utf8.count == count, s.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, start, count) == 0 }) == true {
                return s
            }
        }
        let s = String(decoding: bytes, as: UTF8.self)
        internHashes[slot] = h
        internStrings[slot] = s
        return s
    }

    /// `Annotation` or `ValueAnnotation` (V3), by local name: the builder decides by namespace what it is. Names are
    /// interned by libxml2, so a pointer seen before is told apart without comparing bytes.
    private var annotationNameKey: UnsafeRawPointer?
    private var valueAnnotationNameKey: UnsafeRawPointer?
    private var otherNameKeys = [UnsafeRawPointer?](repeating: nil, count: 256)
    private func isAnnotation(_ name: UnsafePointer<xmlChar>) -> Bool {
        let key = UnsafeRawPointer(name)
        if key == annotationNameKey || key == valueAnnotationNameKey { return true }
        let slot = pointerSlot(key, bits: 8)
        if otherNameKeys[slot] == key { return false }
        let cName = key.assumingMemoryBound(to: CChar.self)
        if strcmp(cName, "Annotation") == 0 { annotationNameKey = key; return true }
        if strcmp(cName, "ValueAnnotation") == 0 { valueAnnotationNameKey = key; return true }
        otherNameKeys[slot] = key
        return false
    }

    fileprivate func structuredError(_ e: xmlError) {
        // Warnings (e.g. an unknown encoding alias) do not make a document unreadable; errors and namespace
        // errors (an undeclared prefix such as `sap:`) do.
        guard !failed, let msg = libxml2ErrorMessage(e) else { return }
        let what = e.domain == Int32(XML_FROM_NAMESPACE.rawValue) ? "XML namespace error" : "not well-formed XML"
        fatal = MetadataIssue(.error, code: "not-well-formed", location: SourceLocation(line: Int(e.line), column: Int(e.int2)),
                              "\(what): \(msg)")
        if let c = ctxt { xmlStopParser(c) }
    }
}

/// One attribute of the current start element.
struct CapturedAttribute {
    let localName: UnsafePointer<xmlChar>
    let prefix: UnsafePointer<xmlChar>?
    let uri: UnsafePointer<xmlChar>?
    /// Moved out by the builder when it keeps it (`Attrs.take`).
    var value: String
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
    withCallbacks(ctx) { c in
        if !c.failed { c.startElement(localname!, uri, Int(nbAttributes), attributes) }
    }
}

private func saxEndElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                           _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    withCallbacks(ctx) { c in
        if !c.failed { c.endElement() }
    }
}

private func saxCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    withCallbacks(ctx) { c in
        guard !c.failed, let ch, len > 0 else { return }
        c.characters(ch, Int(len))
    }
}

private func saxStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let e = error?.pointee, ctx != nil else { return }
    withCallbacks(ctx) { c in c.structuredError(e) }
}
