import FoundationEssentials
import Glibc
import ODataModel

/// Reads an OData data payload as it arrives — V4 JSON, V2 verbose JSON or Atom — and hands out entities one by
/// one (or, for operation results, values), never building the whole payload.
///
/// Feed it the bytes of a response in chunks of any size, as the transport receives them (`feed` has the shape of
/// the transport's consumer); each entity goes to `onEntity` as soon as its last byte has arrived, and is not kept
/// afterwards. `finish()` ends the input and returns the page information (next link, count, delta link); the
/// caller follows the next link with a new reader for the next page, so that reading all pages holds one entity
/// at a time. `PayloadReader.readAll` collects everything of small payloads.
public final class PayloadReader {
    /// The wire format being read.
    public let format: PayloadFormat
    /// The metadata the payload is read against.
    public let model: CsdlDocument
    /// What the payload is expected to hold.
    public let target: PayloadTarget
    private let ctx: DecodingContext
    private var json: JSONPayloadReader?
    private var atom: AtomPayloadReader?
    private var failure: PayloadError?
    private var finishedInfo: PageInfo?

    /// A reader of entities: `target` is an entity set, singleton or entity type.
    public convenience init(format: PayloadFormat, model: CsdlDocument, target: PayloadTarget,
                            options: PayloadReadOptions = PayloadReadOptions(),
                            onEntity: @escaping (EntityValue) throws -> Void) {
        self.init(format: format, model: model, target: target, options: options, onEntity: onEntity, onValue: { _ in })
    }

    /// A reader of values (`target` is `.values(type)`); entities of an entity-typed result go to `onEntity`.
    public init(format: PayloadFormat, model: CsdlDocument, target: PayloadTarget,
                options: PayloadReadOptions = PayloadReadOptions(),
                onEntity: @escaping (EntityValue) throws -> Void = { _ in },
                onValue: @escaping (DataValue) throws -> Void) {
        self.format = format
        self.model = model
        var target = target
        if case .values(let t) = target, case .entity(let e) = model.resolveType(t.qualifiedName) {
            target = .entityType(e, set: nil)
        }
        self.target = target
        ctx = DecodingContext(model: model, options: options)
        if target.entityType == nil, !target.isValues {
            failure = PayloadError(PayloadIssue(kind: .unknownType,
                                                message: "\(target.name): its entity type is not defined in the metadata"))
        }
        switch format {
        case .v4JSON, .v2JSON:
            json = JSONPayloadReader(ctx: ctx, target: target, v2: format == .v2JSON, emitEntity: onEntity, emitValue: onValue)
        case .atom:
            atom = AtomPayloadReader(ctx: ctx, target: target, emitEntity: onEntity, emitValue: onValue)
        }
    }

    /// Reads the next chunk; entities complete in it are handed out before this returns.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if let f = failure { throw f }
        guard finishedInfo == nil else { return }
        do {
            if let j = json { try j.feed(bytes) } else { try atom!.feed(bytes) }
        } catch {
            throw fail(error)
        }
    }

    /// Reads the next bytes of the payload (see `feed(_:)` for a buffer).
    public func feed(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try feed($0) } }

    /// Ends the input: throws when the payload is incomplete; returns next link, count and delta link.
    @discardableResult
    public func finish() throws -> PageInfo {
        if let f = failure { throw f }
        if let info = finishedInfo { return info }
        do {
            let info = try json?.finish() ?? atom!.finish()
            finishedInfo = info
            return info
        } catch {
            throw fail(error)
        }
    }

    private func fail(_ error: Error) -> Error {
        let e: PayloadError
        switch error {
        case let p as PayloadError: e = p
        case let j as JSONError:
            e = PayloadError(PayloadIssue(kind: .malformed, message: "malformed JSON: \(j.message)", line: j.line, column: j.column, offset: j.offset))
        default:
            return error   // the consumer's own error
        }
        failure = e
        return e
    }

    /// Page information as far as read (V4 services may send the next link before or after the entities).
    public var pageInfo: PageInfo { finishedInfo ?? json?.pageInfo ?? atom?.pageInfo ?? PageInfo() }
    /// Warnings of lenient reading (at most `options.maxCollectedWarnings`).
    public var warnings: [PayloadIssue] { ctx.warnings }
    /// Bytes the reader holds on to (JSON: the capacity of its chunk buffer), for tests of memory use.
    var bufferCapacity: Int { json?.bufferCapacity ?? 0 }

    /// How many warnings there were in all.
    public var warningCount: Int { ctx.warningCount }

    // MARK: Convenience

    /// Everything a small payload holds.
    public struct Result {
        /// The entities, in the order of the payload.
        public var entities: [EntityValue] = []
        /// The values (operation results, a property's value), in order.
        public var values: [DataValue] = []
        /// The next link, count and delta link the payload carried.
        public var pageInfo = PageInfo()
        /// What lenient reading let pass (at most `PayloadReadOptions.maxCollectedWarnings`).
        public var warnings: [PayloadIssue] = []
    }

    /// Reads a payload held in memory, in one piece (or in chunks of `chunkSize`).
    public static func readAll(_ bytes: [UInt8], format: PayloadFormat, model: CsdlDocument, target: PayloadTarget,
                               options: PayloadReadOptions = PayloadReadOptions(), chunkSize: Int? = nil) throws -> Result {
        var result = Result()
        var entities: [EntityValue] = []
        var values: [DataValue] = []
        let r = PayloadReader(format: format, model: model, target: target, options: options,
                              onEntity: { entities.append($0) }, onValue: { values.append($0) })
        try bytes.withUnsafeBytes { raw in
            let step = max(1, chunkSize ?? max(raw.count, 1))
            var i = 0
            while i < raw.count {
                try r.feed(UnsafeRawBufferPointer(rebasing: raw[i..<min(raw.count, i + step)]))
                i += step
            }
        }
        result.pageInfo = try r.finish()
        result.entities = entities
        result.values = values
        result.warnings = r.warnings
        return result
    }

    /// Streams a file through a reader in blocks of 256 KiB.
    public static func read(file path: String, format: PayloadFormat, model: CsdlDocument, target: PayloadTarget,
                            options: PayloadReadOptions = PayloadReadOptions(),
                            onEntity: @escaping (EntityValue) throws -> Void,
                            onValue: @escaping (DataValue) throws -> Void = { _ in }) throws -> (PageInfo, PayloadReader) {
        guard let fh = fopen(path, "rb") else { throw PayloadFileError(path: path, message: String(cString: strerror(errno))) }
        defer { fclose(fh) }
        let r = PayloadReader(format: format, model: model, target: target, options: options, onEntity: onEntity, onValue: onValue)
        let size = 256 * 1024
        let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buf.deallocate() }
        while true {
            let n = fread(buf, 1, size, fh)
            if n > 0 { try r.feed(UnsafeRawBufferPointer(start: buf, count: n)) }
            if n < size {
                if ferror(fh) != 0 { throw PayloadFileError(path: path, message: String(cString: strerror(errno))) }
                break
            }
        }
        return (try r.finish(), r)
    }
}

/// A payload file that could not be opened or read.
public struct PayloadFileError: CategorizedError, CustomStringConvertible {
    /// `usage`: the file named cannot be read.
    public var category: ErrorCategory { .usage }

    /// The file's path, as given.
    public var path: String
    /// Why it cannot be read (the system's words).
    public var message: String
    /// The error for this file and reason.
    public init(path: String, message: String) { self.path = path; self.message = message }
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
