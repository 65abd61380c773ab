import CLibXML2
import FoundationEssentials
import Glibc
import Synchronization

/// Reads CSDL XML (OData V2, V3, V4, 4.01 `$metadata`) through libxml2's SAX2 parser.
///
/// Bytes may arrive in chunks (`feed`, libxml2's push parser), so a download can be parsed while it goes on;
/// `finish()` returns the raw document, which `MetadataReader` then resolves and validates. A source that can be
/// read on demand (a file) is better handed over whole (`read(pulling:)`, libxml2's pull parser). No DOM is built,
/// external entities and DTDs are never loaded, and `XML_PARSE_HUGE` lets multi-megabyte documents through.
///
/// Parsing and building run on two threads: libxml2's callbacks (on the thread that calls `feed`) only copy each
/// event into a block of bytes (`SAXEventPipe`), and a second thread turns the events into the model
/// (`CsdlXmlBuilder`) while the parser reads on. On two cores a large document then costs about the larger of the
/// two halves instead of their sum; and when the parser ends first, it builds parts of what the building thread has
/// not reached yet, from the back, until the two meet (`TailSplit`). A document known to be small
/// (`smallDocument`) is built on the parsing thread once parsed.
public final class CsdlXmlReader {
    private var ctxt: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    let builder: CsdlXmlBuilder
    private let capture: SAXCapture
    /// Who replays the recorded events into the builder.
    private enum Replay {
        case none
        case thread(WorkerThread)
        /// A small document, or no thread could be started: the blocks pile up in the pipe and are replayed when
        /// parsing ends.
        case atEnd
    }
    private var replay = Replay.none
    private var finished = false
    /// Bytes parsed so far.
    private var fed = 0
    /// From this size on, a document's model is built on huge pages (`HugePageHeap`): from the start when the size
    /// is known beforehand (a file's), else the parsing thread's heap once this many bytes have come and the
    /// building thread's once it has replayed as many blocks of events.
    static let largeDocument = 1 << 19
    /// Below this size (when known beforehand), a document is built on the parsing thread once parsed: no building
    /// thread is started. Starting one and handing it the events cost more than it saved up to ~100 KB (`odsh
    /// metadata summary`, hyperfine, 50-60 runs each, two threads → one: 5 KB 2.9 → 2.3-2.5 ms, 57 KB 3.2 → 2.7,
    /// 101 KB 3.2-3.3 → 3.1-3.2; the other way from 146 KB, 3.7 → 3.9-4.0, and 255 KB, 4.0 → 4.6).
    static let smallDocument = 1 << 17
    /// The most bytes handed to libxml2 at once.
    static let sliceSize = 1 << 14

    /// When parsing ends with the building thread behind, the parsing thread builds parts of what waits from the
    /// back, about this many blocks of events each, for as long as this many more wait in front of them
    /// (`TailSplit`).
    static let tailSpan = 2
    static let tailLeaving = 2
    /// Tests: no building thread; when parsing ends, the events from the first schema child's boundary at or after
    /// each of these shares of the blocks on are built apart (the last part first, before the rest) and all parts
    /// put together (empty: all events are built in one piece).
    private let splitForTesting: [Double]?

    /// `expectedSize`: the document's size in bytes when known beforehand (a file's, a response's Content-Length).
    /// `freesLeftovers`: as `MetadataReader.Options.freesLeftovers`.
    public convenience init(source: String = "", expectedSize: Int? = nil, freesLeftovers: Bool = true) {
        self.init(source: source, expectedSize: expectedSize, freesLeftovers: freesLeftovers, splitForTesting: nil)
    }

    init(source: String, expectedSize: Int?, freesLeftovers: Bool, splitForTesting: [Double]?) {
        self.splitForTesting = splitForTesting
        // Marked before the builder's and the capture's tables are made, so that they too are on huge pages.
        let knownLarge = (expectedSize ?? 0) >= Self.largeDocument
        if knownLarge { HugePageHeap.adviseCurrentThread() }
        builder = CsdlXmlBuilder(source: source)
        capture = SAXCapture(pipe: SAXEventPipe())
        capture.freesLeftovers = freesLeftovers
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = captureStartElement
        handler.endElementNs = captureEndElement
        // Text matters only inside annotations: the capture sets these while it is in one (`SAXCapture.wantText`),
        // so that libxml2 makes no call for the blanks between all other elements.
        handler.characters = nil
        handler.cdataBlock = nil
        handler.serror = captureStructuredError
        // Leaving entityDecl/getEntity/externalSubset unset means no entity is ever defined or loaded.
        // The parser itself is made by the first `feed` (push) or by `read(pulling:)` (pull).
        // The builder tells the parsing thread to stop once the document is known not to be CSDL.
        let pipe = capture.pipe
        builder.onFatal = { pipe.stopRequested.store(true, ordering: .releasing) }
        let builder = self.builder
        if knownLarge { fed = Self.largeDocument }
        let adviseAfter = knownLarge ? 0 : Self.largeDocument / SAXEventPipe.blockSize
        if splitForTesting != nil || (expectedSize ?? Int.max) < Self.smallDocument {
            replay = .atEnd
        } else if let thread = WorkerThread(stackSize: 1 << 22, lingers: true, apart: true, {
            SAXEventReplay(builder: builder, pipe: pipe, adviseAfterBlocks: adviseAfter).run()
        }) {
            replay = .thread(thread)
        } else {
            replay = .atEnd
        }
    }

    deinit {
        // The builder reads names interned in the parser's dictionary: it must be done before the parser goes.
        joinBuilder()
        lingering?.release()
        if let c = ctxt { xmlFreeParserCtxt(c) }
    }

    /// The building thread once it is done building, still there for a while for more work (`WorkerThread.then`).
    private var lingering: WorkerThread?

    /// The building thread, done building and lingering (see `WorkerThread`), for the resolver's second thread;
    /// nil when there was none. The caller lets it go (`release`) if it has nothing for it.
    func takeLingeringThread() -> WorkerThread? {
        defer { lingering = nil }
        return lingering
    }

    /// Waits for the building thread to build what the parser recorded. With `splitting` (the document has been
    /// parsed to its end), a backlog is shared: this thread builds parts of it from the back meanwhile.
    private func joinBuilder(splitting: Bool = false) {
        let current = replay
        replay = .none
        var parts: [(TailSplit, CsdlXmlBuilder)] = []
        switch current {
        case .none: return
        case .thread(let thread):
            if splitting {
                while let part = capture.pipe.takeBack(span: Self.tailSpan, leaving: Self.tailLeaving) {
                    parts.append((part, buildTail(part)))
                }
            }
            capture.pipe.close()
            thread.waitForFirst()
            lingering = thread
        case .atEnd:
            if splitting, let shares = splitForTesting {
                for share in shares.sorted(by: >) {
                    if let part = capture.pipe.takePart(at: share) { parts.append((part, buildTail(part))) }
                }
            }
            capture.pipe.close()
            SAXEventReplay(builder: builder, pipe: capture.pipe, adviseAfterBlocks: nil).run()
        }
        // Taken from the back: put together front first.
        for (part, built) in parts.reversed() { putTogether(built, part) }
    }

    // MARK: Building the rest apart (`TailSplit`)
    //
    // When the parser is done before the building thread (its objects cost more than parsing, and the two threads'
    // cores need not be equally fast: on this project's virtual machine one often runs at 60% of the other's speed),
    // the events it has not taken yet are shared: the parsing thread takes a part from the back, a couple of blocks
    // from the start of a schema's child on, and builds it into a builder of its own, which stands in for the schema
    // open there; then the part before that, and so on while the building thread still has blocks ahead of it. The
    // two threads so meet wherever their speeds make them meet. The building thread ends where the first part taken
    // begins, and the parts are then put together front first, as if one builder had built it all. The first
    // builder's state where each part begins is checked first: the parsing thread tells the boundaries and aliases
    // by local names alone, so in an odd document a part may not fit, and the first builder then builds it after all.

    typealias TailSplit = (blocks: [SAXEventPipe.Block], schema: Int, aliases: Int)

    private func buildTail(_ tail: TailSplit) -> CsdlXmlBuilder {
        let schema = capture.schemas[tail.schema]
        var aliases: [String: String] = [:]
        for (alias, namespace) in capture.aliasLog.prefix(tail.aliases) { aliases[alias] = namespace }
        let t = CsdlXmlBuilder(source: builder.source, tailOf: schema.namespace, alias: schema.alias, aliases: aliases)
        for b in tail.blocks where !t.failed { SAXEventReplay.consume(b, into: t, releasing: false) }
        return t
    }

    /// What became of each part built apart, front first: put together with what came before, or built again by
    /// the first builder. For tests.
    enum TailOutcome { case absorbed, rebuilt }
    private(set) var tailOutcomes: [TailOutcome] = []

    private func putTogether(_ built: CsdlXmlBuilder, _ tail: TailSplit) {
        let fits = builder.absorb(built, schema: tail.schema)
        tailOutcomes.append(fits ? .absorbed : .rebuilt)
        for b in tail.blocks {
            SAXEventReplay.consume(b, into: fits ? nil : builder)
            b.base.deallocate()
        }
    }

    /// Makes libxml2's parser: a push parser, or with `input` a pull parser that asks it for bytes.
    private func startParser(pulling input: PullInput? = nil) -> xmlParserCtxtPtr? {
        if let c = ctxt { return c }
        let me = Unmanaged.passUnretained(capture).toOpaque()
        if let input {
            ctxt = xmlCreateIOParserCtxt(&handler, me, pullRead, nil, Unmanaged.passUnretained(input).toOpaque(),
                                         XML_CHAR_ENCODING_NONE)
        } else {
            ctxt = builder.source.withCString { xmlCreatePushParserCtxt(&handler, me, nil, 0, $0) }
        }
        guard let c = ctxt else { return nil }
        xmlCtxtUseOptions(c, Int32(XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))
        capture.ctxt = c
        return c
    }

    /// Counts bytes parsed; a document whose size was not known beforehand moves to huge pages once it is large.
    fileprivate func noteParsed(_ count: Int) {
        if fed < Self.largeDocument, fed + count >= Self.largeDocument { HugePageHeap.adviseCurrentThread() }
        fed += count
    }

    /// Parses the next chunk of the document; throws as soon as the document is known to be broken.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard !finished, let c = startParser() else { return }
        noteParsed(bytes.count)
        var offset = 0
        // Handed over in slices of 16 KiB: libxml2 copies each chunk into its input buffer, which then stays small and
        // in cache (parsing Graph alone with empty callbacks: 256 KiB chunks grow that buffer past malloc's mmap
        // threshold, ~300 more page faults and ~15% slower than 16 KiB ones).
        while offset < bytes.count {
            let n = min(bytes.count - offset, Self.sliceSize)
            let p = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            xmlParseChunk(c, p, Int32(n), 0)
            offset += n
            if let e = capture.fatal { throw MetadataError(source: builder.source, e) }
            if capture.pipe.stopRequested.load(ordering: .acquiring) {
                joinBuilder()
                if let e = builder.fatal { throw MetadataError(source: builder.source, e) }
            }
        }
    }

    public func feed(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Ends the document and returns what was read (not yet resolved).
    public func finish() throws -> CsdlDocument {
        guard let c = startParser() else { throw noParser }
        if !finished {
            finished = true
            if !capture.pipe.stopRequested.load(ordering: .acquiring) { xmlParseChunk(c, nil, 0, 1) }
            capture.flush()
        }
        return try finishParsed(c)
    }

    /// Reads a whole document from `input`, which fills the buffer it is given with the next bytes and returns how
    /// many (0 at the end, -1 on a read error, which ends the document there). libxml2's pull parser asks for bytes
    /// as it needs them; pushed chunks it copies into its buffer, and before parsing each tag it scans ahead for
    /// the tag's end in case the chunk cut it (callgrind, libxml2 with empty callbacks: Graph 126.0 M → 117.7 M
    /// instructions, FAR_MANAGE 100.8 M → 94.6 M). Instead of `feed` and `finish`, not with them.
    public func read(pulling input: @escaping (UnsafeMutableRawBufferPointer) -> Int) throws -> CsdlDocument {
        let pull = PullInput(input, reader: self)
        guard ctxt == nil, !finished, let c = startParser(pulling: pull) else { throw noParser }
        finished = true
        withExtendedLifetime(pull) { _ = xmlParseDocument(c) }
        capture.flush()
        return try finishParsed(c)
    }

    private var noParser: MetadataError {
        MetadataError(source: builder.source, MetadataIssue(.error, code: "internal", "could not create an XML parser"))
    }

    /// What `finish` and `read(pulling:)` share once libxml2 is done: the building thread's end, and the verdict.
    private func finishParsed(_ c: xmlParserCtxtPtr) throws -> CsdlDocument {
        joinBuilder(splitting: capture.fatal == nil)
        do {
            return try verdict(c)
        } catch {
            // No resolving follows: the building thread need not wait for it.
            lingering?.release()
            lingering = nil
            throw error
        }
    }

    private func verdict(_ c: xmlParserCtxtPtr) throws -> CsdlDocument {
        // The builder found the document is not CSDL before the parser found it broken, or the other way round:
        // the builder's verdict is about an earlier element (the root), so it comes first.
        if let e = builder.fatal { throw MetadataError(source: builder.source, e) }
        if let e = capture.fatal { throw MetadataError(source: builder.source, e) }
        builder.location = SourceLocation(line: Int(xmlSAX2GetLineNumber(c)), column: Int(xmlSAX2GetColumnNumber(c)))
        return try builder.finishDocument()
    }

    /// Reads a whole document held in memory.
    public static func read(bytes: UnsafeRawBufferPointer, source: String = "") throws -> CsdlDocument {
        let r = CsdlXmlReader(source: source)
        try r.feed(bytes)
        return try r.finish()
    }
}

// MARK: - The events between the two threads

/// Blocks of recorded SAX events, handed from the parsing thread to the building thread. A block is a run of
/// records, each 8-byte aligned:
/// - start element: tag 1, attribute count, line, column (4 × Int32); local name and namespace URI pointers;
///   then each attribute as a `CapturedAttribute` (its names, and its value already made a Swift string). Names and
///   URIs are interned in the parser's dictionary, which outlives the builder. The strings are owned by the block
///   until the builder has seen them. The parsing thread is the slower of the two (the building thread waits for it
///   about half the time), yet the strings are made here: made by the builder from copied bytes, they cost it far
///   more (measured: its busy time rose by ~60% and loads got slower). Which CSDL attribute a name is, the builder
///   works out (`AttributeTable`).
/// - end element: tag 2.
/// - text: tag 3 and its length (2 × Int32), then its bytes (padded).
final class SAXEventPipe: @unchecked Sendable {
    struct Block {
        let base: UnsafeMutableRawPointer
        let capacity: Int
        var used = 0
        /// Where the block's first record that opens a child of a `Schema` starts (-1: none has): a place where the
        /// rest of the document can be built apart (`TailSplit`). With it, which `Schema` (its position among the
        /// document's, from 0) and how many alias declarations came before it (`SAXCapture.aliasLog`).
        var boundary: Int32 = -1
        var boundarySchema: Int32 = 0
        var boundaryAliases: Int32 = 0
    }
    static let blockSize = 1 << 16

    private let condition = ConditionLock()
    /// How many times a block was sent or the pipe closed: what the building thread watches, without the lock, when
    /// it finds no block waiting (`receive`).
    private let sendings = Atomic<Int>(0)
    /// How long the building thread waits for a block by yielding before it sleeps. It waits for the parser a few
    /// times per large document, up to ~0.3 ms each (Graph); sleeping, it took long to wake (its virtual CPU halted
    /// meanwhile: see `yieldUntil`), and Graph loads took 0.7 ms longer (medians; 1.1 ms means), 1.7 ms (means) in
    /// stretches where the two virtual CPUs did not run at once. A download slower than that costs at most this
    /// much CPU time per block.
    static let yieldNanoseconds = 1_000_000
    private var full: [Block] = []
    private var spare: [Block] = []
    private var closed = false
    /// Set by the builder when the document is not CSDL: the parser stops at its next event.
    let stopRequested = Atomic<Bool>(false)

    /// A block to fill (a spare one when there is one).
    func emptyBlock(atLeast bytes: Int) -> Block {
        if bytes <= Self.blockSize {
            condition.lock()
            let b = spare.popLast()
            condition.unlock()
            if let b { return b }
        }
        let capacity = max(bytes, Self.blockSize)
        return Block(base: .allocate(byteCount: capacity, alignment: 8), capacity: capacity)
    }

    func send(_ b: Block) {
        condition.lock()
        full.append(b)
        sendings.wrappingAdd(1, ordering: .relaxed)
        condition.signal()
        condition.unlock()
    }

    /// The next filled block, or nil once the parser is done and everything was taken.
    func receive() -> Block? {
        condition.lock()
        defer { condition.unlock() }
        if full.isEmpty && !closed {
            let seen = sendings.load(ordering: .relaxed)
            condition.unlock()
            _ = yieldUntil(atMost: Self.yieldNanoseconds) { sendings.load(ordering: .relaxed) != seen }
            condition.lock()
        }
        while full.isEmpty && !closed { condition.wait() }
        return full.isEmpty ? nil : full.removeFirst()
    }

    func recycle(_ b: Block) {
        guard b.capacity == Self.blockSize else { b.base.deallocate(); return }
        condition.lock()
        var b = b
        b.used = 0
        b.boundary = -1
        spare.append(b)
        condition.unlock()
    }

    /// Tests (`splitForTesting`): takes the back part of the waiting blocks, from a schema child's boundary near the
    /// given share of them (`at`: which share, from 0 to 1, stays in front); nil, and nothing taken, when fewer than
    /// two blocks wait or none after the first has a boundary. The pipe stays open.
    func takePart(at share: Double) -> CsdlXmlReader.TailSplit? {
        condition.lock()
        defer { condition.unlock() }
        let n = full.count
        guard n >= 2 else { return nil }
        let middle = min(max(Int((Double(n) * share).rounded()), 1), n - 1)
        guard let k = (middle..<n).first(where: { full[$0].boundary >= 0 })
                ?? (1..<middle).reversed().first(where: { full[$0].boundary >= 0 }) else { return nil }
        return take(from: k)
    }

    /// Takes about the last `span` blocks, from the last boundary at or before that many blocks from the end that
    /// leaves the building thread at least `leaving` whole blocks; nil when there is none. The pipe stays open:
    /// called again, it takes the part before the one it took last (the building thread ends where the first
    /// part taken begins once the pipe is closed).
    func takeBack(span: Int, leaving: Int) -> CsdlXmlReader.TailSplit? {
        condition.lock()
        defer { condition.unlock() }
        let n = full.count
        let lowest = max(leaving, 1)
        guard n - span >= lowest,
              let k = stride(from: n - span, through: lowest, by: -1).first(where: { full[$0].boundary >= 0 }) else { return nil }
        return take(from: k)
    }

    /// Takes the records from block `k`'s boundary to the end of the waiting blocks (the lock held). Block `k` goes
    /// whole when its boundary is its first record; otherwise the first taken block is a copy of its rest (the
    /// records moved, not copied: the original keeps only what comes before, and no boundary, as none comes before
    /// the first).
    private func take(from k: Int) -> CsdlXmlReader.TailSplit {
        let b = full[k]
        let offset = Int(b.boundary)
        var taken = Array(full[k...])
        if offset == 0 {
            full.removeSubrange(k...)
        } else {
            let rest = b.used - offset
            taken[0] = Block(base: .allocate(byteCount: rest, alignment: 8), capacity: rest)
            taken[0].base.copyMemory(from: b.base + offset, byteCount: rest)
            taken[0].used = rest
            full[k].used = offset
            full[k].boundary = -1
            full.removeSubrange((k + 1)...)
        }
        return (taken, Int(b.boundarySchema), Int(b.boundaryAliases))
    }

    func close() {
        condition.lock()
        closed = true
        sendings.wrappingAdd(1, ordering: .relaxed)
        condition.signal()
        condition.unlock()
    }

    deinit {
        for b in full { SAXEventReplay.consume(b, into: nil) }
        for b in full + spare { b.base.deallocate() }
    }
}

/// The parsing thread's side: libxml2's callbacks record events into the current block.
final class SAXCapture {
    let pipe: SAXEventPipe
    var ctxt: xmlParserCtxtPtr?
    /// A not-well-formed document, found by libxml2.
    var fatal: MetadataIssue? { didSet { failed = fatal != nil } }
    /// `fatal != nil`, checked on every event (comparing an optional struct with nil goes through its value
    /// witnesses: a few hundred instructions per event).
    private(set) var failed = false
    private var block: SAXEventPipe.Block?
    /// Open Annotation elements: text matters only inside them (whitespace between elements is skipped).
    private var annotationDepth = 0
    /// See `MetadataReader.Options.freesLeftovers`.
    var freesLeftovers = true

    init(pipe: SAXEventPipe) {
        self.pipe = pipe
        internHashes.initialize(repeating: 0, count: Self.internSlots)
        internStrings.initialize(repeating: "", count: Self.internSlots)
    }

    deinit {
        if let b = block { SAXEventReplay.consume(b, into: nil); b.base.deallocate() }
        // The table's strings and those set aside, most of them shared with the model, are let go of off the
        // reading thread when there are many (empty slots cost next to nothing).
        var setAside: [String] = []
        swap(&setAside, &replaced)
        let items = setAside.count + (0..<Self.internSlots).reduce(0) { $0 + (internHashes[$1] == 0 ? 0 : 1) }
        BackgroundRelease.hand(InternedValues(hashes: internHashes, strings: internStrings, replaced: consume setAside), items: items,
                               keep: !freesLeftovers)
    }

    /// Owns the storage of the long-value table once the capture is done with it.
    private final class InternedValues {
        let hashes: UnsafeMutablePointer<UInt64>
        let strings: UnsafeMutablePointer<String>
        let replaced: [String]
        init(hashes: UnsafeMutablePointer<UInt64>, strings: UnsafeMutablePointer<String>, replaced: [String]) {
            self.hashes = hashes; self.strings = strings; self.replaced = replaced
        }
        deinit {
            strings.deinitialize(count: SAXCapture.internSlots)
            strings.deallocate()
            hashes.deallocate()
        }
    }

    /// Room for `bytes` more in the current block (sending it on when full).
    @inline(__always)
    func reserve(_ bytes: Int) -> UnsafeMutableRawPointer {
        if let b = block, b.capacity - b.used >= bytes {
            let p = b.base + b.used
            block!.used += bytes
            return p
        }
        if let b = block { pipe.send(b) }
        var b = pipe.emptyBlock(atLeast: bytes)
        b.used = bytes
        block = b
        return b.base
    }

    /// Hands the last, partly filled block to the builder.
    func flush() {
        if let b = block, b.used > 0 { pipe.send(b) }
        block = nil
    }

    @inline(__always) static func padded(_ n: Int) -> Int { (n + 7) & ~7 }

    // Where the document could be cut for `TailSplit`: the depth of the open elements (the root is at 0), whether
    // the one at depth 2 is a `Schema` and which, and the aliases declared so far (by `Schema` and `edmx:Include`,
    // both at depth 2) in document order. Told by local names alone: the building thread checks the rest.
    private var depth = 0
    private var inSchema = false
    private(set) var schemas: [(namespace: String, alias: String?)] = []
    private(set) var aliasLog: [(alias: String, namespace: String)] = []

    /// A start tag at depth 2: a `Schema` or an `Include` with an alias adds to the log.
    private func noteDepthTwo(_ localname: UnsafePointer<xmlChar>, _ attributes: UnsafeBufferPointer<CapturedAttribute>) {
        let name = UnsafeRawPointer(localname).assumingMemoryBound(to: CChar.self)
        let isSchema = strcmp(name, "Schema") == 0
        inSchema = isSchema
        guard isSchema || strcmp(name, "Include") == 0 else { return }
        func attribute(_ local: String) -> String? {
            attributes.first { $0.prefix == nil && String(cString: $0.localName) == local }?.value
        }
        let alias = attribute("Alias")
        if isSchema {
            let namespace = attribute("Namespace") ?? ""
            schemas.append((namespace, alias))
            if let alias { aliasLog.append((alias, namespace)) }
        } else if let alias, let namespace = attribute("Namespace") {
            aliasLog.append((alias, namespace))
        }
    }

    func startElement(_ localname: UnsafePointer<xmlChar>, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
                      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if annotationDepth > 0 || isAnnotation(localname) {
            annotationDepth += 1
            if annotationDepth == 1 { wantText(true) }
        }
        let p = reserve(32 + count * MemoryLayout<CapturedAttribute>.stride)
        if depth == 3, inSchema, block.unsafelyUnwrapped.boundary < 0 {
            block!.boundary = Int32(p - block.unsafelyUnwrapped.base)
            block!.boundarySchema = Int32(schemas.count - 1)
            block!.boundaryAliases = Int32(aliasLog.count)
        }
        let c = ctxt!
        p.storeBytes(of: 1, as: Int32.self)
        p.storeBytes(of: Int32(count), toByteOffset: 4, as: Int32.self)
        p.storeBytes(of: Int32(xmlSAX2GetLineNumber(c)), toByteOffset: 8, as: Int32.self)
        p.storeBytes(of: Int32(xmlSAX2GetColumnNumber(c)), toByteOffset: 12, as: Int32.self)
        p.storeBytes(of: UnsafeRawPointer(localname), toByteOffset: 16, as: UnsafeRawPointer.self)
        p.storeBytes(of: uri.map(UnsafeRawPointer.init), toByteOffset: 24, as: UnsafeRawPointer?.self)
        let out = (p + 32).bindMemory(to: CapturedAttribute.self, capacity: count)
        for i in 0..<count {
            let a = attributes! + i * 5
            let name = a[0]!
            (out + i).initialize(to: CapturedAttribute(
                localName: name, prefix: a[1], uri: a[2],
                value: value(a[3]!, a[4]! - a[3]!)))
        }
        if depth == 2 { noteDepthTwo(localname, UnsafeBufferPointer(start: out, count: count)) }
        depth += 1
    }

    // Long attribute values repeat a great deal (FAR_MANAGE: 30,625 values over 15 bytes, 959 of them distinct: terms,
    // record types, property paths), so the last string made for each of 4,096 hash slots is reused when the bytes
    // match. Short values are inline strings, cheaper to make than to look up.
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
        // The string a slot held is set aside, not released: the builder has most likely just stored it in the
        // model, and releasing it here would pull its reference count over from the other core (unique values such
        // as names and targets replace one another all the time). Set-aside strings go with the table, at the end.
        replaced.append((internStrings + slot).move())
        (internStrings + slot).initialize(to: s)
        return s
    }
    private var replaced: [String] = []

    func endElement() {
        reserve(8).storeBytes(of: 2, as: Int32.self)
        depth -= 1
        if depth == 2 { inSchema = false }
        if annotationDepth > 0 {
            annotationDepth -= 1
            if annotationDepth == 0 { wantText(false) }
        }
    }

    /// Asks libxml2 for the text of elements (inside annotations) or not (elsewhere, where it is only the blanks
    /// between elements): its handler is read at every text event, and without one it skips the call (callgrind,
    /// Graph: ~2.4 M instructions of calls that returned at once).
    private func wantText(_ on: Bool) {
        guard let sax = ctxt?.pointee.sax else { return }
        sax.pointee.characters = on ? captureCharacters : nil
        sax.pointee.cdataBlock = on ? captureCharacters : nil
    }

    func characters(_ ch: UnsafePointer<xmlChar>, _ length: Int) {
        guard annotationDepth > 0 else { return }
        let p = reserve(8 + Self.padded(length))
        p.storeBytes(of: 3, as: Int32.self)
        p.storeBytes(of: Int32(length), toByteOffset: 4, as: Int32.self)
        (p + 8).copyMemory(from: ch, byteCount: length)
    }

    /// `Annotation` or `ValueAnnotation` (V3), by local name: the builder decides by namespace what it is.
    private var annotationNameKey: UnsafeRawPointer?
    private var valueAnnotationNameKey: UnsafeRawPointer?
    private var otherNameKeys = [UnsafeRawPointer?](repeating: nil, count: 256)
    private func isAnnotation(_ name: UnsafePointer<xmlChar>) -> Bool {
        let key = UnsafeRawPointer(name)
        if key == annotationNameKey || key == valueAnnotationNameKey { return true }
        let slot = pointerSlot(key, bits: 8)
        if otherNameKeys[slot] == key { return false }
        let s = strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), "Annotation") == 0 ? 1
            : strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), "ValueAnnotation") == 0 ? 2 : 0
        switch s {
        case 1: annotationNameKey = key; return true
        case 2: valueAnnotationNameKey = key; return true
        default: otherNameKeys[slot] = key; return false
        }
    }
}

/// One attribute of a recorded start element.
struct CapturedAttribute {
    let localName: UnsafePointer<xmlChar>
    let prefix: UnsafePointer<xmlChar>?
    let uri: UnsafePointer<xmlChar>?
    /// Moved out by the builder when it keeps it (`Attrs.take`).
    var value: String
}

/// The building thread's side: replays the recorded events into the builder.
struct SAXEventReplay {
    let builder: CsdlXmlBuilder
    let pipe: SAXEventPipe

    /// After how many blocks this thread's heap is marked for huge pages (0: at once; nil: never, as when the
    /// events are replayed on the parsing thread, whose heap the reader marks itself).
    let adviseAfterBlocks: Int?

    func run() {
        var blocks = 0
        if adviseAfterBlocks == 0 { HugePageHeap.adviseCurrentThread() }
        while let block = pipe.receive() {
            Self.consume(block, into: builder)
            pipe.recycle(block)
            blocks += 1
            if blocks == adviseAfterBlocks { HugePageHeap.adviseCurrentThread() }
        }
    }

    /// Walks a block's records: replays them into `builder` while it has not failed, and releases every attribute
    /// string either way (unless `releasing` is false: the block is replayed again or released later). Without a
    /// builder (a block that will never be replayed) it only releases.
    static func consume(_ block: SAXEventPipe.Block, into builder: CsdlXmlBuilder?, releasing: Bool = true) {
        var p = UnsafeRawPointer(block.base)
        let end = p + block.used
        while p < end {
            // Read through the (borrowed) parameter on every event: binding it per event cost a retain and a release.
            let live = builder != nil && !builder.unsafelyUnwrapped.failed
            switch p.load(as: Int32.self) {
            case 1:
                let count = Int(p.load(fromByteOffset: 4, as: Int32.self))
                let attributes = UnsafeMutablePointer(mutating: (p + 32).assumingMemoryBound(to: CapturedAttribute.self))
                if live {
                    let b = builder.unsafelyUnwrapped
                    b.location = SourceLocation(line: Int(p.load(fromByteOffset: 8, as: Int32.self)),
                                                column: Int(p.load(fromByteOffset: 12, as: Int32.self)))
                    let localname = p.load(fromByteOffset: 16, as: UnsafeRawPointer.self).assumingMemoryBound(to: xmlChar.self)
                    let uri = p.load(fromByteOffset: 24, as: UnsafeRawPointer?.self)?.assumingMemoryBound(to: xmlChar.self)
                    b.startElement(local: localname, name: b.elementName(localname), namespace: uri,
                                   attributes: Attrs(UnsafeBufferPointer(start: attributes, count: count), builder: b, owning: releasing))
                }
                if releasing { attributes.deinitialize(count: count) }
                p += 32 + count * MemoryLayout<CapturedAttribute>.stride
            case 2:
                p += 8
                if live { builder.unsafelyUnwrapped.endElement() }
            case _:
                let length = Int(p.load(fromByteOffset: 4, as: Int32.self))
                if live, builder.unsafelyUnwrapped.wantsText {
                    let bytes = UnsafeBufferPointer(start: (p + 8).assumingMemoryBound(to: UInt8.self), count: length)
                    builder.unsafelyUnwrapped.text.append(String(decoding: bytes, as: UTF8.self))
                }
                p += 8 + SAXCapture.padded(length)
            }
        }
    }
}

// MARK: - libxml2 callbacks (top-level C functions; context through the user-data pointer)

/// The source of a document read by libxml2's pull parser (`CsdlXmlReader.read(pulling:)`), and the reader that
/// counts the bytes as `feed` does.
final class PullInput {
    let next: (UnsafeMutableRawBufferPointer) -> Int
    unowned let reader: CsdlXmlReader
    init(_ next: @escaping (UnsafeMutableRawBufferPointer) -> Int, reader: CsdlXmlReader) {
        self.next = next
        self.reader = reader
    }
}

private func pullRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ len: Int32) -> Int32 {
    guard let context, let buffer, len > 0 else { return 0 }
    return Unmanaged<PullInput>.fromOpaque(context)._withUnsafeGuaranteedRef { input in
        let n = input.next(UnsafeMutableRawBufferPointer(start: buffer, count: Int(len)))
        if n > 0 { input.reader.noteParsed(n) }
        return Int32(clamping: n)
    }
}

/// The capture, borrowed for one event without a retain and a release (two atomic operations per event: the reader
/// owns the capture for as long as libxml2 can call back).
@inline(__always)
private func withCapture(_ ctx: UnsafeMutableRawPointer?, _ body: (SAXCapture) -> Void) {
    Unmanaged<SAXCapture>.fromOpaque(ctx!)._withUnsafeGuaranteedRef(body)
}

private func captureStartElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                                 _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
                                 _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                                 _ nbAttributes: Int32, _ nbDefaulted: Int32,
                                 _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
    withCapture(ctx) { c in
        if c.failed { return }
        if c.pipe.stopRequested.load(ordering: .relaxed) {
            if let p = c.ctxt { xmlStopParser(p) }
            return
        }
        c.startElement(localname!, uri, Int(nbAttributes), attributes)
    }
}

private func captureEndElement(_ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?,
                               _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    withCapture(ctx) { c in
        if !c.failed { c.endElement() }
    }
}

private func captureCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    withCapture(ctx) { c in
        guard !c.failed, let ch = ch, len > 0 else { return }
        c.characters(ch, Int(len))
    }
}

private func captureStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let e = error?.pointee, ctx != nil else { return }
    withCapture(ctx) { c in
        // Warnings (e.g. an unknown encoding alias) do not make a document unreadable; errors and namespace
        // errors (an undeclared prefix such as `sap:`) do.
        guard !c.failed, let msg = libxml2ErrorMessage(e) else { return }
        let what = e.domain == Int32(XML_FROM_NAMESPACE.rawValue) ? "XML namespace error" : "not well-formed XML"
        c.fatal = MetadataIssue(.error, code: "not-well-formed", location: SourceLocation(line: Int(e.line), column: Int(e.int2)),
                                "\(what): \(msg)")
        if let p = c.ctxt { xmlStopParser(p) }
    }
}

/// The message of a libxml2 error that makes a document unreadable, trimmed; nil for warnings (e.g. an unknown
/// encoding alias), which do not. Shared by the CSDL reader and the Atom payload reader.
public func libxml2ErrorMessage(_ e: xmlError) -> String? {
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return nil }
    var msg = e.message.map { String(cString: $0) } ?? "XML error"
    while msg.last == "\n" || msg.last == " " { msg.removeLast() }
    return msg
}
