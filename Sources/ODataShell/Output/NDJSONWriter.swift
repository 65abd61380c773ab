import ODataClient
import ODataModel
import FoundationEssentials
import Glibc

/// Writes entities (or values) as newline-delimited JSON, one per line: properties with their values in metadata
/// order (or in `memberOrder`, the order a query's select named them), expanded navigation nested, dynamic
/// properties last; V4 value forms (Int64 and Decimal as exact numbers,
/// `NaN`/`INF` as strings, dates as ISO text, binary as base64). With `annotations`, entity metadata comes first
/// as `@odata.*` members. This is what `odsh payload decode` and `odsh -o ndjson` write.
final class NDJSONWriter {
    struct Options {
        /// Write `@odata.id`, `@odata.etag`, edit/read/media links and navigation links too.
        var annotations = false
        /// Flush to the sink when this many bytes are buffered.
        var bufferSize = 1 << 16
        /// Write one JSON array (`[` ... `,` ... `]`, closed by `finish()`) instead of one object per line.
        var jsonArray = false
        /// The order of the members, as a query's select and expand named them (nil: metadata order).
        var memberOrder: MemberOrder?
        init(annotations: Bool = false, jsonArray: Bool = false, memberOrder: MemberOrder? = nil) {
            self.annotations = annotations; self.jsonArray = jsonArray; self.memberOrder = memberOrder
        }
    }

    private let out: JSONOutput
    private let writer: JSONValueWriter
    private let options: Options
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    /// Lines written so far.
    private(set) var count = 0

    /// A writer that hands full buffers to `sink`.
    init(options: Options = Options(), sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.options = options
        self.sink = sink
        out = JSONOutput(capacity: options.bufferSize + 4096)
        var w = JSONValueWriter(dialect: .output)
        w.annotations = options.annotations
        writer = w
    }

    /// A writer to a C stream (stdout), which must stay open while the writer is used.
    convenience init(file: UnsafeMutablePointer<FILE>, options: Options = Options()) {
        self.init(options: options) { bytes in
            guard bytes.count > 0 else { return }
            if fwrite(bytes.baseAddress, 1, bytes.count, file) < bytes.count {
                throw NDJSONWriteError(message: String(cString: strerror(errno)))
            }
        }
    }

    func write(_ entity: EntityValue) throws {
        startItem()
        writer.writeEntity(entity, to: out, order: options.memberOrder)
        try endLine()
    }

    func write(_ value: DataValue) throws {
        startItem()
        writer.write(value, to: out, order: options.memberOrder)
        try endLine()
    }

    private func startItem() {
        guard options.jsonArray else { return }
        out.ascii(count == 0 ? "[\n" : ",\n")
    }

    /// Ends the output (closes the array in `jsonArray` mode) and flushes.
    func finish() throws {
        if options.jsonArray { out.ascii(count == 0 ? "[]\n" : "\n]\n") }
        try flush()
    }

    private func endLine() throws {
        if !options.jsonArray { out.byte(0x0A) }
        count += 1
        if out.count >= options.bufferSize { try flush() }
    }

    /// Hands what is buffered to the sink.
    func flush() throws {
        guard out.count > 0 else { return }
        try sink(out.bytesView)
        out.removeAll()
    }
}

/// The output of an NDJSON writer could not be written.
struct NDJSONWriteError: CategorizedError, CustomStringConvertible {
    var category: ErrorCategory { .usage }

    var message: String
    var description: String { "cannot write output: \(message)" }
}
