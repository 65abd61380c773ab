import CLibXML2
import FoundationEssentials
import Glibc

/// Reads CSDL XML (OData V2, V3, V4, 4.01 `$metadata`) through libxml2's SAX2 parser.
///
/// Bytes may arrive in chunks (`feed`, libxml2's push parser), so a download is parsed while it goes on; a source
/// that can be read on demand (a file) is better handed over whole (`read(pulling:)`, libxml2's pull parser).
/// libxml2's callbacks build the model directly, on the calling thread (`SAXCallbacks`, `CsdlXmlBuilder`).
/// `finish()` returns the raw document, which `MetadataReader` then resolves and validates. No DOM is built,
/// external entities and DTDs are never loaded, and `XML_PARSE_HUGE` lets multi-megabyte documents through.
package final class CsdlXmlReader {
    private var ctxt: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    private let callbacks: SAXCallbacks
    private let source: String
    private var finished = false
    /// The most bytes handed to libxml2 at once: it copies each chunk into its input buffer, which then stays small.
    static let sliceSize = 1 << 14

    /// `expectedSize`: the document's size in bytes, when known (it sizes the reader's tables).
    package init(source: String = "", expectedSize: Int? = nil) {
        self.source = source
        callbacks = SAXCallbacks(builder: CsdlXmlBuilder(source: source, expectedSize: expectedSize))
        callbacks.install(in: &handler)
        // The parser itself is made by the first `feed` (push) or by `read(pulling:)` (pull).
    }

    deinit {
        if let c = ctxt { xmlFreeParserCtxt(c) }
    }

    /// Makes libxml2's parser: a push parser, or with `input` a pull parser that asks it for bytes.
    private func startParser(pulling input: PullInput? = nil) -> xmlParserCtxtPtr? {
        if let c = ctxt { return c }
        let me = Unmanaged.passUnretained(callbacks).toOpaque()
        if let input {
            ctxt = xmlCreateIOParserCtxt(&handler, me, pullRead, nil, Unmanaged.passUnretained(input).toOpaque(),
                                         XML_CHAR_ENCODING_NONE)
        } else {
            ctxt = source.withCString { xmlCreatePushParserCtxt(&handler, me, nil, 0, $0) }
        }
        guard let c = ctxt else { return nil }
        xmlCtxtUseOptions(c, Int32(XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
        callbacks.builder.pointee.ctxt = c
        return c
    }

    /// Parses the next chunk of the document; throws as soon as the document is known to be broken.
    package func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard !finished, let c = startParser() else { return }
        var offset = 0
        while offset < bytes.count {
            let n = min(bytes.count - offset, Self.sliceSize)
            let p = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(c, p, Int32(n), 0)
            offset += n
            if let e = callbacks.builder.pointee.anyFatal { throw MetadataError(source: source, e) }
        }
    }

    package func feed(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Ends the document and returns what was read (not yet resolved).
    package func finish() throws -> CsdlDocument {
        guard let c = startParser() else { throw noParser }
        if !finished {
            finished = true
            if callbacks.builder.pointee.fatal == nil { xmlParseChunk(c, nil, 0, 1) }
        }
        return try verdict(c)
    }

    /// Reads a whole document from `input`, which fills the buffer it is given with the next bytes and returns how
    /// many (0 at the end, -1 on a read error, which ends the document there). libxml2's pull parser asks for bytes
    /// as it needs them, and need not copy them first nor scan ahead for a tag cut by a chunk's end. Instead of
    /// `feed` and `finish`, not with them.
    package func read(pulling input: @escaping (UnsafeMutableRawBufferPointer) -> Int) throws -> CsdlDocument {
        let pull = PullInput(input)
        guard ctxt == nil, !finished, let c = startParser(pulling: pull) else { throw noParser }
        finished = true
        withExtendedLifetime(pull) { _ = xmlParseDocument(c) }
        return try verdict(c)
    }

    private var noParser: MetadataError {
        MetadataError(source: source, MetadataIssue(.error, code: "internal", "could not create an XML parser"))
    }

    private func verdict(_ c: xmlParserCtxtPtr) throws -> CsdlDocument {
        // The builder found the document is not CSDL before the parser found it broken, or the other way round:
        // the builder's verdict is about an earlier element (the root), so it comes first.
        if let e = callbacks.builder.pointee.fatal { throw MetadataError(source: source, e) }
        if let e = callbacks.builder.pointee.parserFatal { throw MetadataError(source: source, e) }
        callbacks.builder.pointee.location = SourceLocation(line: Int(xmlSAX2GetLineNumber(c)), column: Int(xmlSAX2GetColumnNumber(c)))
        return try callbacks.builder.pointee.finishDocument()
    }

    /// Reads a whole document held in memory.
    package static func read(bytes: UnsafeRawBufferPointer, source: String = "") throws -> CsdlDocument {
        let r = CsdlXmlReader(source: source, expectedSize: bytes.count)
        try r.feed(bytes)
        return try r.finish()
    }
}

/// The source of a document read by libxml2's pull parser (`CsdlXmlReader.read(pulling:)`).
final class PullInput {
    let next: (UnsafeMutableRawBufferPointer) -> Int
    init(_ next: @escaping (UnsafeMutableRawBufferPointer) -> Int) { self.next = next }
}

private func pullRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ len: Int32) -> Int32 {
    guard let context, let buffer, len > 0 else { return 0 }
    let input = Unmanaged<PullInput>.fromOpaque(context).takeUnretainedValue()
    return Int32(clamping: input.next(UnsafeMutableRawBufferPointer(start: buffer, count: Int(len))))
}
