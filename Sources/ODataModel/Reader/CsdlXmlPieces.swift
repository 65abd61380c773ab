import CLibXML2
import Glibc
import Synchronization

/// Reads a large CSDL XML document held whole in memory (a file's) in pieces, on two threads at once.
///
/// `CsdlXmlReader` parses on one thread and builds on another, so the parsing thread's speed bounds the whole read:
/// libxml2 and the recording of its events cannot be shared out, and when that thread's CPU is the slower of the two
/// the other waits. Here the document is cut where children of a `Schema` begin, each piece a fifth of what is left
/// (down to `pieceSize` bytes), and each piece has a parser and a builder of its own (`CsdlXmlBuilder(tailOf:)`, as
/// `TailSplit` uses). Both threads take the next piece until none is left, parse it and build it as they go (no
/// events cross between cores), and the thread that built the first piece takes in the others front first as they
/// are done (`CsdlXmlBuilder.absorb`). A faster CPU simply reads more pieces. Bytes that arrive in chunks (a download)
/// still go through `CsdlXmlReader`.
///
/// A piece's parser first reads the start tags of the elements open where it begins (the root, `DataServices`, the
/// `Schema`), copied from the document, so that it knows the same XML namespaces; and, unless it is the last piece,
/// after its end, end tags that close them. Where a piece begins is found by looking at the bytes, not by parsing,
/// so each cut is checked when the pieces are put together: the parser of the piece before must have read to the
/// cut without an error, its end tags must have closed the same elements there, at the same position, and the
/// builders must fit. When any check fails, or any piece is not well-formed or not CSDL, the caller reads the
/// document whole instead (`read` returns nil): its errors, and their positions, are those of one parser.
final class CsdlXmlPieces {
    /// Documents from this size on are read in pieces.
    static let minimumSize = 1 << 20
    /// The fewest bytes a piece has (save the last).
    static let pieceSize = 1 << 16

    /// Why a document was not read in pieces, or that it was. For tests.
    enum Outcome: Equatable {
        case read(pieces: Int)
        /// Not tried: too small, no place to cut, or a start that looks unlike CSDL in UTF-8.
        case notCut
        /// Tried, and a piece did not fit or was not well-formed: read whole instead.
        case refused(String)
    }

    private let p: UnsafePointer<UInt8>
    private let n: Int
    private let source: String
    private let freesLeftovers: Bool
    private let root: Tag
    private let dataServices: Tag
    /// Where each piece after the first begins: the `<` of a start tag of a child of a `Schema`.
    private let cuts: [Int]
    /// Each piece once read, set by the thread that read it (`done` tells).
    private let pieces: [Slot]
    private final class Slot {
        var piece: Piece?
        let done = Atomic<Bool>(false)
    }
    private let nextPiece = Atomic<Int>(1)
    /// How many pieces, front first, the first builder has taken in; why it stopped, if it did.
    private var absorbed = 1
    private var refusal: String?

    /// Tests: other sizes, and who is told each outcome, for the reads of the task that sets them.
    struct Testing: Sendable {
        var pieceSize: Int
        var minimumSize = 0
        var outcome: @Sendable (Outcome) -> Void = { _ in }
    }
    @TaskLocal static var forTesting: Testing?

    /// The document read in pieces (not yet resolved), with the second thread, lingering (`WorkerThread`), for the
    /// resolver; nil when it is not to be read so, or could not be: the caller then reads it whole.
    static func read(_ bytes: UnsafeRawBufferPointer, source: String, freesLeftovers: Bool) -> (CsdlDocument, WorkerThread?)? {
        let testing = forTesting
        let minimumSize = testing?.minimumSize ?? minimumSize, pieceSize = testing?.pieceSize ?? pieceSize
        let outcome = testing?.outcome
        guard bytes.count >= minimumSize, let base = bytes.baseAddress,
              let reading = CsdlXmlPieces(base.assumingMemoryBound(to: UInt8.self), bytes.count, source: source,
                                          freesLeftovers: freesLeftovers, pieceSize: pieceSize) else {
            outcome?(.notCut)
            return nil
        }
        return reading.run(outcome: outcome)
    }

    private init?(_ p: UnsafePointer<UInt8>, _ n: Int, source: String, freesLeftovers: Bool, pieceSize: Int) {
        self.p = p
        self.n = n
        self.source = source
        self.freesLeftovers = freesLeftovers
        guard let (root, dataServices) = Self.head(p, n) else { return nil }
        self.root = root
        self.dataServices = dataServices
        // Each piece a fifth of what is left, down to `pieceSize`: large pieces cost less to set up and put
        // together, small ones at the end leave the thread that ends first little to wait for.
        var cuts: [Int] = []
        var at = dataServices.end
        let smallest = max(pieceSize, 64)
        while true {
            let length = max(smallest, (n - at) / 5)
            let from = at + length
            guard from + smallest / 2 < n else { break }
            let to = min(n, from + length)
            if let cut = Self.cut(p, from: from, to: to) { cuts.append(cut); at = cut } else { at = to }
        }
        guard !cuts.isEmpty else { return nil }
        self.cuts = cuts
        pieces = (0...cuts.count).map { _ in Slot() }
    }

    // MARK: Two threads, each taking the next piece

    private func run(outcome: ((Outcome) -> Void)?) -> (CsdlDocument, WorkerThread?)? {
        // About half the model is built on this thread: room for it on huge pages (Graph's main heap took about
        // twice the document's bytes).
        let grown = HugePageHeap.growAndAdviseCurrentHeap(by: 3 * n)
        defer { if grown { HugePageHeap.endMainHeapGrowth() } }
        let helper = WorkerThread(stackSize: 1 << 22, lingers: true, apart: true) { [self] in
            HugePageHeap.adviseCurrentThread()
            let parser = PieceParser(freesLeftovers: freesLeftovers)
            takePieces(parser)
        }
        let parser = PieceParser(freesLeftovers: freesLeftovers)
        read(0, with: parser)
        takePieces(parser, absorbing: true)
        yieldUntil { [self] in
            absorbReady()
            return absorbed == pieces.count || refusal != nil
        }
        if refusal != nil {
            // What is left is not needed: no more pieces are taken, and those being read are waited for.
            let taken = min(nextPiece.exchange(pieces.count, ordering: .relaxed), pieces.count)
            yieldUntil { pieces.prefix(taken).allSatisfy { $0.done.load(ordering: .acquiring) } }
        }
        helper?.waitForFirst()
        defer { for slot in pieces { slot.piece?.free() } }
        switch finish() {
        case .success(let doc):
            outcome?(.read(pieces: pieces.count))
            return (doc, helper)
        case .failure(let refused):
            helper?.release()
            outcome?(.refused(refused.reason))
            return nil
        }
    }

    /// Reads the next piece not yet taken until none is left; the first builder's thread takes in the pieces read
    /// so far after each (`absorbing`).
    private func takePieces(_ parser: PieceParser, absorbing: Bool = false) {
        while true {
            let k = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < pieces.count else { return }
            read(k, with: parser)
            if absorbing { absorbReady() }
        }
    }

    private func read(_ k: Int, with parser: PieceParser) {
        defer { pieces[k].done.store(true, ordering: .releasing) }
        let start = k == 0 ? 0 : cuts[k - 1]
        let end = k < cuts.count ? cuts[k] : n
        let builder: CsdlXmlBuilder
        var prefix: [UInt8] = []
        var at: CutContext?
        if k == 0 {
            builder = CsdlXmlBuilder(source: source)
        } else {
            guard let context = plan.context(k - 1, of: self) else { return }
            at = context
            let schema = context.schema
            builder = CsdlXmlBuilder(source: source, tailOf: schema.namespace, alias: schema.alias, aliases: context.aliases)
            prefix = bytes(root) + bytes(dataServices) + bytes(schema.tag) + [0x0A]
        }
        let input = PieceInput(prefix: prefix, body: UnsafeBufferPointer(start: p + start, count: end - start))
        var contentEnd = -1
        if k < cuts.count {
            contentEnd = prefix.count + (end - start)
            input.suffix = { [self] in
                guard let next = plan.context(k, of: self) else { return [] }
                // End tags of the elements open where the next piece begins.
                let schema = next.schema.tag
                return [0x3C, 0x2F] + name(schema) + [0x3E, 0x3C, 0x2F] + name(dataServices) + [0x3E, 0x3C, 0x2F] + name(root) + [0x3E]
            }
        }
        pieces[k].piece = parser.read(input, into: builder, at: at, startSchema: at?.schemaIndex ?? -1, prefixLines: prefix.count { $0 == 0x0A },
                                      contentEnd: contentEnd)
    }

    // MARK: Putting the pieces together

    /// Takes in, front first, the pieces read since last time, as long as each fits where the one before ended.
    private func absorbReady() {
        while refusal == nil, absorbed < pieces.count, pieces[absorbed].done.load(ordering: .acquiring) {
            let k = absorbed
            if let why = absorb(k) { refusal = why; return }
            absorbed += 1
        }
    }

    /// Takes in piece `k` (`k` > 0); why not, when it does not fit.
    private func absorb(_ k: Int) -> String? {
        guard let first = pieces[0].piece, let before = pieces[k - 1].piece, let piece = pieces[k].piece,
              let at = plan.known(k - 1) else { return "piece \(k) not read" }
        for (i, x) in [(0, first), (k, piece)] {
            if x.fatal != nil { return "piece \(i) not well-formed" }
            if x.builder.fatal != nil || x.builder.failed { return "piece \(i) not built" }
        }
        // The piece before read up to this cut, and its end tags closed the elements the prefix opens again there.
        let closing = at.schema.tag.nameEnd - at.schema.tag.start + 2
        guard let end = before.contentEndPosition, end == SourceLocation(line: at.line, column: at.column + closing) else {
            return "piece \(k - 1) ended elsewhere: \(String(describing: before.contentEndPosition)), not line \(at.line) column \(at.column + closing)"
        }
        guard before.startSchema + before.schemasOpened == at.schemaIndex else { return "piece \(k - 1) ended in another schema" }
        guard first.builder.absorb(piece.builder, schema: at.schemaIndex) else { return "piece \(k) does not fit" }
        return nil
    }

    private struct Refusal: Error { let reason: String }

    private func finish() -> Result<CsdlDocument, Refusal> {
        if let refusal { return .failure(Refusal(reason: refusal)) }
        guard let first = pieces[0].piece, let last = pieces[pieces.count - 1].piece, let end = last.endPosition else {
            return .failure(Refusal(reason: "not read"))
        }
        if first.fatal != nil || first.builder.fatal != nil { return .failure(Refusal(reason: "piece 0 not well-formed or not CSDL")) }
        first.builder.location = end
        do {
            return .success(try first.builder.finishDocument())
        } catch {
            return .failure(Refusal(reason: "\(error)"))
        }
    }

    // MARK: One piece

    /// A piece read: its builder, and what its parser told.
    private final class Piece {
        let builder: CsdlXmlBuilder
        /// The index of the `Schema` open where the piece begins (-1 for the first).
        let startSchema: Int
        var ctxt: xmlParserCtxtPtr?
        var fatal: MetadataIssue?
        /// How many `Schema` elements the piece opened.
        var schemasOpened = 0
        /// Where its parser read the end tag of the `Schema` open where the next piece begins.
        var contentEndPosition: SourceLocation?
        /// Where the last piece's parser ended.
        var endPosition: SourceLocation?

        init(builder: CsdlXmlBuilder, startSchema: Int) {
            self.builder = builder
            self.startSchema = startSchema
        }

        /// The parser stays until all pieces are put together: names are interned in its dictionary, and
        /// builders find them again by their pointers (a freed dictionary's pointers could come back as other names).
        func free() {
            if let c = ctxt { xmlFreeParserCtxt(c) }
            ctxt = nil
        }
    }

    /// What a thread reads its pieces with: one capture, whose table of long values the pieces share, and a parser
    /// for each piece.
    private final class PieceParser {
        var handler = CsdlXmlReader.saxHandler()
        let capture = SAXCapture(pipe: SAXEventPipe())

        init(freesLeftovers: Bool) { capture.freesLeftovers = freesLeftovers }

        func read(_ input: PieceInput, into builder: CsdlXmlBuilder, at: CutContext?, startSchema: Int, prefixLines: Int,
                  contentEnd: Int) -> Piece {
            let piece = Piece(builder: builder, startSchema: startSchema)
            let me = Unmanaged.passUnretained(capture).toOpaque()
            guard let c = xmlCreateIOParserCtxt(&handler, me, pieceRead, nil, Unmanaged.passUnretained(input).toOpaque(),
                                                XML_CHAR_ENCODING_NONE) else {
                piece.fatal = MetadataIssue(.error, code: "internal", "could not create an XML parser")
                return piece
            }
            piece.ctxt = c
            xmlCtxtUseOptions(c, CsdlXmlReader.parserOptions)
            capture.startPiece(c, into: builder)
            let pipe = capture.pipe
            builder.onFatal = { pipe.stopRequested.store(true, ordering: .releasing) }
            if let at {
                // The piece begins on the line after the prefix: there, the document's line and column are the cut's.
                capture.skippedStarts = 3
                capture.firstLine = Int32(1 + prefixLines)
                capture.lineDelta = Int32(at.line) - capture.firstLine
                capture.firstColumnDelta = Int32(at.column - 1)
            }
            capture.contentEnd = contentEnd
            withExtendedLifetime(input) { _ = xmlParseDocument(c) }
            capture.flush()
            builder.onFatal = nil
            piece.fatal = capture.fatal
            piece.schemasOpened = capture.schemas.count
            piece.contentEndPosition = capture.contentEndPosition
            if contentEnd < 0 {
                piece.endPosition = capture.documentPosition(line: Int(xmlSAX2GetLineNumber(c)), column: Int(xmlSAX2GetColumnNumber(c)))
            }
            capture.inlineBuilder = nil
            return piece
        }
    }

    /// What a piece's parser reads: the prefix, the piece, then the suffix (made when it is needed).
    final class PieceInput {
        let prefix: [UInt8]
        let body: UnsafeBufferPointer<UInt8>
        var suffix: (() -> [UInt8])?
        private var made: [UInt8]?
        private var offset = 0

        init(prefix: [UInt8], body: UnsafeBufferPointer<UInt8>) {
            self.prefix = prefix
            self.body = body
        }

        func next(_ out: UnsafeMutableRawBufferPointer) -> Int {
            var filled = 0
            func take(_ from: UnsafeRawBufferPointer, at base: Int) {
                let i = offset - base
                guard i >= 0, i < from.count, filled < out.count else { return }
                let k = min(from.count - i, out.count - filled)
                (out.baseAddress! + filled).copyMemory(from: from.baseAddress! + i, byteCount: k)
                filled += k
                offset += k
            }
            prefix.withUnsafeBytes { take($0, at: 0) }
            take(UnsafeRawBufferPointer(body), at: prefix.count)
            if filled < out.count, offset >= prefix.count + body.count, let make = suffix {
                if made == nil { made = make() }
                made!.withUnsafeBytes { take($0, at: prefix.count + body.count) }
            }
            return filled
        }
    }

    // MARK: The plan: what each piece begins in

    private struct SchemaTag {
        let tag: Tag
        let namespace: String
        let alias: String?
    }

    /// Where a piece begins: the document's line and column, the `Schema` open there (and its index among the
    /// document's), and the aliases declared before.
    private struct CutContext {
        let line: Int
        let column: Int
        let schema: SchemaTag
        let schemaIndex: Int
        let aliases: [String: String]
    }

    /// What each cut begins in, found by looking at the bytes up to it, cut after cut, by whichever thread needs
    /// the next first (the other waits, yielding: the work is short).
    private let plan = Plan()

    private final class Plan: @unchecked Sendable {
        private let busy = Atomic<Bool>(false)
        /// The contexts of the first `made` cuts, read without a lock once made (never moved: room for all is
        /// taken at the start), and whether the rest cannot be made.
        private var contexts: UnsafeMutablePointer<CutContext>?
        private let made = Atomic<Int>(0)
        private var failed = false
        /// The document's `Schema` start tags up to the last cut looked at, in order (under `busy`).
        private var schemas: [SchemaTag] = []
        private var aliases: [String: String]?
        private var scanned = 0
        private var line = 1
        /// Where the line `scanned` is on begins, and how many continuation bytes of UTF-8 lie between there and `scanned`.
        private var lineStart = 0
        private var continuation = 0

        /// The context of cut `k`, made now if it was not; nil when the document cannot be cut there.
        func context(_ k: Int, of r: CsdlXmlPieces) -> CutContext? {
            if let c = known(k) { return c }
            while busy.exchange(true, ordering: .acquiring) { sched_yield() }
            defer { busy.store(false, ordering: .releasing) }
            let room = contexts ?? {
                let room = UnsafeMutablePointer<CutContext>.allocate(capacity: r.cuts.count)
                contexts = room
                return room
            }()
            var count = made.load(ordering: .relaxed)
            while !failed, count <= k {
                if let c = make(count, r) {
                    (room + count).initialize(to: c)
                    count += 1
                    made.store(count, ordering: .releasing)
                } else {
                    failed = true
                }
            }
            return count > k ? room[k] : nil
        }

        /// The context of cut `k` when it was made.
        func known(_ k: Int) -> CutContext? {
            made.load(ordering: .acquiring) > k ? contexts![k] : nil
        }

        deinit {
            if let contexts {
                contexts.deinitialize(count: made.load(ordering: .acquiring))
                contexts.deallocate()
            }
        }

        private func make(_ k: Int, _ r: CsdlXmlPieces) -> CutContext? {
            let cut = r.cuts[k]
            if aliases == nil {
                // Aliases of included schemas (in `edmx:Reference`, before `DataServices`).
                var found: [String: String] = [:]
                var i = r.root.end
                while let j = r.find("Include", from: i, to: r.dataServices.start) {
                    i = j + 1
                    guard let tag = r.startTag(named: j, length: 7) else { continue }
                    guard let a = r.attributes(tag) else { return nil }
                    if let alias = a["Alias"], let ns = a["Namespace"] { found[alias] = ns }
                }
                aliases = found
                scanned = r.dataServices.end
                let head = CsdlXmlPieces.lines(r.p, 0, scanned)
                line += head.count
                if let last = head.last { lineStart = last + 1 }
                continuation = CsdlXmlPieces.continuationBytes(r.p, lineStart, scanned)
            }
            var i = scanned
            while let j = r.find("Schema", from: i, to: cut) {
                i = j + 1
                guard let tag = r.startTag(named: j, length: 6) else { continue }
                guard let a = r.attributes(tag) else { return nil }
                let s = SchemaTag(tag: tag, namespace: a["Namespace"] ?? "", alias: a["Alias"])
                if let alias = s.alias { aliases![alias] = s.namespace }
                schemas.append(s)
            }
            // Lines and columns as libxml2 counts them (a line ends at each LF; a column is a character); checked when
            // the pieces are put together.
            let counted = CsdlXmlPieces.lines(r.p, scanned, cut)
            line += counted.count
            if let last = counted.last {
                lineStart = last + 1
                continuation = CsdlXmlPieces.continuationBytes(r.p, lineStart, cut)
            } else {
                continuation += CsdlXmlPieces.continuationBytes(r.p, scanned, cut)
            }
            scanned = cut
            guard let schema = schemas.indices.last, !schemas[schema].tag.selfClosing else { return nil }
            return CutContext(line: line, column: cut - lineStart - continuation + 1, schema: schemas[schema], schemaIndex: schema,
                              aliases: aliases!)
        }
    }

    /// The line feeds in `from..<to`: how many, and where the last is.
    static func lines(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> (count: Int, last: Int?) {
        var count = 0, last: Int?
        var i = from
        // Eight bytes at a time: a byte is a line feed where the word XOR 0x0A.. has a zero byte (exact test).
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while i + 8 <= to {
            let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
            let zero = ~(((x & low7) &+ low7) | x) & high
            if zero != 0 {
                count += zero.nonzeroBitCount
                last = i + (63 - zero.leadingZeroBitCount) / 8
            }
            i += 8
        }
        while i < to {
            if p[i] == 0x0A { count += 1; last = i }
            i += 1
        }
        return (count, last)
    }

    /// How many bytes in `from..<to` continue a character of UTF-8 (10xxxxxx).
    static func continuationBytes(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var i = from
        let high: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= to {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            count += (w & ~(w << 1) & high).nonzeroBitCount
            i += 8
        }
        while i < to {
            if p[i] & 0xC0 == 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    // MARK: Looking at the bytes

    /// A tag's bytes: `<` at `start`, its name up to `nameEnd`, `>` just before `end`.
    struct Tag {
        let start: Int
        let nameEnd: Int
        let end: Int
        let selfClosing: Bool
    }

    private func bytes(_ tag: Tag) -> [UInt8] { Array(UnsafeBufferPointer(start: p + tag.start, count: tag.end - tag.start)) }
    private func name(_ tag: Tag) -> [UInt8] { Array(UnsafeBufferPointer(start: p + tag.start + 1, count: tag.nameEnd - tag.start - 1)) }

    private func find(_ needle: StaticString, from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        guard let hit = odsh_memmem(p + from, to - from, needle.utf8Start, needle.utf8CodeUnitCount) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(p)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }
    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D || c == 0x2E || c >= 0x80
    }

    /// The start tag whose local name (`length` bytes) begins at `at`, with or without a prefix; nil when the name
    /// is only part of a longer one, or of an end tag, or of no tag.
    private func startTag(named at: Int, length: Int) -> Tag? {
        guard at + length < n, Self.isSpace(p[at + length]) || p[at + length] == 0x3E || p[at + length] == 0x2F else { return nil }
        var s = at - 1
        if s >= 0, p[s] == 0x3A {
            s -= 1
            while s >= 0, Self.isNameByte(p[s]) { s -= 1 }
        }
        guard s >= 0, p[s] == 0x3C else { return nil }
        return Self.tag(p, n, at: s)
    }

    /// The tag that begins at `start` (`<`), to its `>` (quotes respected); nil when it does not end.
    private static func tag(_ p: UnsafePointer<UInt8>, _ n: Int, at start: Int) -> Tag? {
        var i = start + 1
        while i < n, !isSpace(p[i]), p[i] != 0x3E, p[i] != 0x2F { i += 1 }
        let nameEnd = i
        guard nameEnd > start + 1 else { return nil }
        var quote: UInt8 = 0
        while i < n {
            let c = p[i]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if c == 0x3E {
                return Tag(start: start, nameEnd: nameEnd, end: i + 1, selfClosing: p[i - 1] == 0x2F)
            } else if c == 0x3C {
                return nil
            }
            i += 1
        }
        return nil
    }

    /// A tag's attributes by name (prefixed names as written); nil when one is not plain (a reference in its value).
    private func attributes(_ tag: Tag) -> [String: String]? {
        var out: [String: String] = [:]
        var i = tag.nameEnd
        while true {
            while i < tag.end, Self.isSpace(p[i]) { i += 1 }
            guard i < tag.end, p[i] != 0x3E, p[i] != 0x2F else { return out }
            let nameStart = i
            while i < tag.end, p[i] != 0x3D, !Self.isSpace(p[i]) { i += 1 }
            let name = String(decoding: UnsafeBufferPointer(start: p + nameStart, count: i - nameStart), as: UTF8.self)
            while i < tag.end, Self.isSpace(p[i]) { i += 1 }
            guard i < tag.end, p[i] == 0x3D else { return nil }
            i += 1
            while i < tag.end, Self.isSpace(p[i]) { i += 1 }
            guard i < tag.end, p[i] == 0x22 || p[i] == 0x27 else { return nil }
            let quote = p[i]
            i += 1
            let valueStart = i
            while i < tag.end, p[i] != quote {
                if p[i] == 0x26 || p[i] == 0x3C { return nil }
                i += 1
            }
            guard i < tag.end else { return nil }
            out[name] = String(decoding: UnsafeBufferPointer(start: p + valueStart, count: i - valueStart), as: UTF8.self)
            i += 1
        }
    }

    /// The root's and `DataServices`'s start tags, found by looking at the bytes; nil when the document does not
    /// begin as CSDL XML in UTF-8 does (an XML declaration naming another encoding, a document type declaration,
    /// no `DataServices`).
    private static func head(_ p: UnsafePointer<UInt8>, _ n: Int) -> (Tag, Tag)? {
        func starts(_ s: StaticString, at i: Int) -> Bool {
            i + s.utf8CodeUnitCount <= n && memcmp(p + i, s.utf8Start, s.utf8CodeUnitCount) == 0
        }
        func find(_ s: StaticString, from i: Int) -> Int? {
            guard i < n, let hit = odsh_memmem(p + i, n - i, s.utf8Start, s.utf8CodeUnitCount) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(p)
        }
        var i = starts("\u{FEFF}", at: 0) ? 3 : 0
        while true {
            while i < n, isSpace(p[i]) { i += 1 }
            if starts("<?xml", at: i) {
                guard let e = find("?>", from: i) else { return nil }
                // Only UTF-8 (named or not) is cut: the other encodings' bytes are not what the pieces' parsers read.
                if let at = odsh_memmem(p + i, e - i, "encoding", 8) {
                    var k = UnsafeRawPointer(at) - UnsafeRawPointer(p) + 8
                    while k < e, isSpace(p[k]) || p[k] == 0x3D || p[k] == 0x22 || p[k] == 0x27 { k += 1 }
                    let value = String(decoding: UnsafeBufferPointer(start: p + k, count: min(5, e - k)), as: UTF8.self).lowercased()
                    guard value == "utf-8" || value.hasPrefix("utf8") else { return nil }
                }
                i = e + 2
            } else if starts("<!--", at: i) {
                guard let e = find("-->", from: i) else { return nil }
                i = e + 3
            } else if starts("<?", at: i) {
                guard let e = find("?>", from: i) else { return nil }
                i = e + 2
            } else if starts("<!", at: i) {
                return nil
            } else {
                break
            }
        }
        guard i < n, p[i] == 0x3C, let root = tag(p, n, at: i), !root.selfClosing else { return nil }
        var j = root.end
        while let hit = find("DataServices", from: j) {
            j = hit + 1
            guard hit + 12 < n, isSpace(p[hit + 12]) || p[hit + 12] == 0x3E else { continue }
            var s = hit - 1
            if s >= 0, p[s] == 0x3A {
                s -= 1
                while s >= 0, isNameByte(p[s]) { s -= 1 }
            }
            guard s >= 0, p[s] == 0x3C, let ds = tag(p, n, at: s), !ds.selfClosing else { continue }
            return (root, ds)
        }
        return nil
    }

    /// Children of a `Schema` that pieces may begin with.
    private static let cutNames: [StaticString] = ["EntityType", "ComplexType", "Annotations", "EnumType", "Association",
                                                   "Function", "Action", "Term", "TypeDefinition", "EntityContainer"]

    /// The first place in `from..<to` where a piece may begin: the `<` of a start tag with one of `cutNames`, after
    /// a `>` and blanks only.
    private static func cut(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var i = from
        while i < to, let hit = memchr(p + i, 0x3C, to - i) {
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
            i = at + 1
            var b = at - 1
            while b > 0, isSpace(p[b]) { b -= 1 }
            guard b > 0, p[b] == 0x3E else { continue }
            for name in cutNames {
                let k = name.utf8CodeUnitCount
                if at + 1 + k < to, memcmp(p + at + 1, name.utf8Start, k) == 0,
                   isSpace(p[at + 1 + k]) || p[at + 1 + k] == 0x3E || p[at + 1 + k] == 0x2F {
                    return at
                }
            }
        }
        return nil
    }
}

private func pieceRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ len: Int32) -> Int32 {
    guard let context, let buffer, len > 0 else { return 0 }
    return Unmanaged<CsdlXmlPieces.PieceInput>.fromOpaque(context)._withUnsafeGuaranteedRef { input in
        Int32(input.next(UnsafeMutableRawBufferPointer(start: buffer, count: Int(len))))
    }
}
