import FoundationEssentials
import Glibc

/// Reads a metadata document (CSDL XML or CSDL JSON, told apart by its first byte), resolves it and validates it.
///
/// Bytes can be pushed in chunks as they arrive (`feed`), which is how live `$metadata` is read: XML goes
/// straight into the SAX push parser; JSON is collected and parsed at the end.
public final class MetadataReader {
    /// How a document is read.
    public struct Options: Sendable {
        /// Turn warnings into errors.
        public var strict = false
        /// Local corrections applied to the document once it is resolved, before it is handed out (a loaded
        /// document cannot be changed afterwards: see `CsdlElement`); a fix that does not apply is an error.
        public var fixup: MetadataFixup?
        /// Options with `strict` and `fixup` as given.
        public init(strict: Bool = false, fixup: MetadataFixup? = nil) {
            self.strict = strict
            self.fixup = fixup
        }
    }

    private enum Format { case undecided, xml(CsdlXmlReader), json }
    private var format: Format = .undecided
    private var jsonBytes: [UInt8] = []
    private var pending: [UInt8] = []
    /// Where the document comes from (a path or URL), for messages.
    public let source: String
    /// How the document is read.
    public let options: Options
    /// The document's size in bytes when known beforehand (a CSDL JSON document is collected into a buffer of
    /// that size).
    public private(set) var expectedSize: Int?

    /// The document's size once it is known but before any of it was fed (a response's Content-Length, known when
    /// its headers come): as `expectedSize` given at the start. Ignored once bytes were fed.
    public func expect(size: Int) {
        guard case .undecided = format, pending.isEmpty else { return }
        expectedSize = size
    }

    /// A reader for a document from `source`, of `expectedSize` bytes when known.
    public init(source: String = "", options: Options = Options(), expectedSize: Int? = nil) {
        self.source = source
        self.options = options
        self.expectedSize = expectedSize
    }

    /// Parses the next chunk.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        switch format {
        case .xml(let r): try r.feed(bytes)
        case .json: jsonBytes.append(contentsOf: bytes)
        case .undecided:
            // The first chunk nearly always decides, and is then handed on as it is rather than copied; only chunks
            // of nothing but blanks (or a byte-order mark) wait in `pending` for more.
            if pending.isEmpty {
                if let first = Self.firstSignificantByte(bytes) { try start(json: first == UInt8(ascii: "{"), with: bytes) }
                else { pending.append(contentsOf: bytes) }
                return
            }
            pending.append(contentsOf: bytes)
            guard let first = pending.withUnsafeBytes(Self.firstSignificantByte) else { return }
            let held = pending
            pending = []
            try held.withUnsafeBytes { try start(json: first == UInt8(ascii: "{"), with: $0) }
        }
    }

    /// The first byte after a byte-order mark and blanks, or nil when there is none yet (nor all of the mark).
    private static func firstSignificantByte(_ bytes: UnsafeRawBufferPointer) -> UInt8? {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.count < mark.count, mark.starts(with: bytes) { return nil }
        var i = bytes.starts(with: mark) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count ? bytes[i] : nil
    }

    /// Settles the format with the document's first bytes: `{` starts CSDL JSON, anything else XML.
    private func start(json: Bool, with bytes: UnsafeRawBufferPointer) throws {
        if json {
            format = .json
            if let expectedSize { jsonBytes.reserveCapacity(expectedSize) }
            jsonBytes.append(contentsOf: bytes)
        } else {
            let r = CsdlXmlReader(source: source, expectedSize: expectedSize)
            format = .xml(r)
            try r.feed(bytes)
        }
    }

    /// Reads the rest of the document from `input` and returns it resolved, as `finish()` does. `first`: the bytes
    /// already read; `input` puts the next bytes into the buffer it is given and returns how many (0 at the end;
    /// -1 on an error, and again on every later call). XML goes through libxml2's pull parser, which asks for bytes
    /// as it needs them; otherwise (JSON, or a start of nothing but blanks) the bytes are fed as they come.
    public func finish(first: UnsafeRawBufferPointer, pulling input: @escaping (UnsafeMutableRawBufferPointer) -> Int) throws -> CsdlDocument {
        if case .undecided = format, pending.isEmpty, let b = Self.firstSignificantByte(first), b != UInt8(ascii: "{") {
            let r = CsdlXmlReader(source: source, expectedSize: expectedSize)
            format = .xml(r)
            // libxml2 asks for a few KiB at a time: first what was read already, then from `input`. Each request is
            // filled whole unless the document ends: the pull parser takes a short read for the end of what there is
            // (the XML declaration cut after `<?xm` reads as a processing instruction).
            var held = first
            var failed = false
            func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
                var filled = 0
                while filled < buffer.count {
                    let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                    if held.isEmpty {
                        let n = input(rest)
                        if n < 0 { failed = true; return filled > 0 ? filled : -1 }
                        if n == 0 { break }
                        filled += n
                    } else {
                        let n = min(held.count, rest.count)
                        rest.copyMemory(from: UnsafeRawBufferPointer(rebasing: held.prefix(n)))
                        held = UnsafeRawBufferPointer(rebasing: held.dropFirst(n))
                        filled += n
                    }
                }
                return filled
            }
            let doc: CsdlDocument
            do {
                doc = try r.read(pulling: fill)
            } catch where failed {
                throw unreadable
            }
            if failed { throw unreadable }
            return try resolved(doc)
        }
        try feed(first)
        let size = 64 * 1024
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { buf.deallocate() }
        while true {
            let n = input(buf)
            if n < 0 { throw unreadable }
            if n == 0 { break }
            try feed(UnsafeRawBufferPointer(rebasing: buf.prefix(n)))
        }
        return try finish()
    }

    /// The source of `finish(first:pulling:)` failed before the document's end.
    private var unreadable: MetadataError {
        MetadataError(source: source, MetadataIssue(.error, code: "unreadable", "the document could not be read to its end"))
    }

    /// Ends the input and returns the resolved document; throws `MetadataError` when it is unreadable
    /// (or, with `strict`, has warnings).
    public func finish() throws -> CsdlDocument {
        let doc: CsdlDocument
        switch format {
        case .undecided:
            throw MetadataError(source: source, MetadataIssue(.error, code: "empty", location: SourceLocation(line: 1, column: 1), "the document is empty"))
        case .xml(let r):
            doc = try r.finish()
        case .json:
            doc = try jsonBytes.withUnsafeBytes { try CsdlJsonReader.read(bytes: $0, source: source) }
            jsonBytes = []
        }
        return try resolved(doc)
    }

    /// Resolves and validates a document just read.
    private func resolved(_ doc: CsdlDocument) throws -> CsdlDocument {
        doc.source = source
        ModelResolver(doc).resolve()
        try options.fixup?.apply(to: doc)
        if options.strict, !doc.warnings.isEmpty {
            throw MetadataError(source: source, issues: doc.warnings.map { var w = $0; w.severity = .error; return w })
        }
        return doc
    }

    /// Reads a document held in memory.
    public static func read(bytes: UnsafeRawBufferPointer, source: String = "", options: Options = Options()) throws -> CsdlDocument {
        let r = MetadataReader(source: source, options: options)
        try r.feed(bytes)
        return try r.finish()
    }

    /// Reads a file, streaming it through the parser in blocks.
    public static func read(file path: String, options: Options = Options()) throws -> CsdlDocument {
        guard let fh = fopen(path, "rb") else {
            throw MetadataFileError(path: path, message: String(cString: strerror(errno)))
        }
        defer { fclose(fh) }
        var info = stat()
        let fileSize = fstat(fileno(fh), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        return try MetadataReader(source: path, options: options, expectedSize: fileSize).finish(reading: fh, path: path)
    }

    /// Reads the document from an open file (from where it stands to its end) and returns it resolved, as
    /// `finish()` does; a read error is a `MetadataFileError` naming `path`.
    package func finish(reading fh: UnsafeMutablePointer<FILE>, path: String) throws -> CsdlDocument {
        // Read 64 KiB at a time; a read error ends the document and is reported instead of what the parser makes of
        // the cut.
        let size = 64 * 1024
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { buf.deallocate() }
        var readError: Int32 = 0
        func fill(_ into: UnsafeMutableRawBufferPointer) -> Int {
            guard readError == 0 else { return -1 }
            let n = fread(into.baseAddress, 1, into.count, fh)
            if n == 0, ferror(fh) != 0 { readError = errno; return -1 }
            return n
        }
        let first = fill(buf)
        if readError != 0 { throw MetadataFileError(path: path, message: String(cString: strerror(readError))) }
        // libxml2 asks for ~4 KiB at a time: served from the block read last, refilled as it empties.
        var held = UnsafeRawBufferPointer(start: nil, count: 0)
        do {
            let doc = try finish(first: UnsafeRawBufferPointer(rebasing: buf.prefix(first))) { out in
                if held.isEmpty {
                    let n = fill(buf)
                    guard n > 0 else { return n }
                    held = UnsafeRawBufferPointer(rebasing: buf.prefix(n))
                }
                let n = min(held.count, out.count)
                out.copyMemory(from: UnsafeRawBufferPointer(rebasing: held.prefix(n)))
                held = UnsafeRawBufferPointer(rebasing: held.dropFirst(n))
                return n
            }
            if readError != 0 { throw MetadataFileError(path: path, message: String(cString: strerror(readError))) }
            return doc
        } catch let error where readError != 0 && !(error is MetadataFileError) {
            throw MetadataFileError(path: path, message: String(cString: strerror(readError)))
        }
    }
}

/// A metadata file that could not be opened or read. Its category is `.usage`: the caller named a file that is not
/// there or cannot be read.
public struct MetadataFileError: CategorizedError, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// What went wrong (the system's message).
    public var message: String
    /// Always `.usage`.
    public var category: ErrorCategory { .usage }
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
