/// A `$batch` request: requests on their own and change sets (atomicity groups) whose requests succeed or fail
/// together. Written by `MultipartBatchWriter` (V2, V4) or `JSONBatchWriter` (4.01).
public struct BatchRequest: Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        case operation(BatchOperation)
        /// Requests applied all or none; `id` names the atomicity group in a JSON batch.
        case changeSet([BatchOperation], id: String?)
    }
    public var parts: [Part]

    public init(_ parts: [Part] = []) { self.parts = parts }

    public mutating func add(_ op: BatchOperation) { parts.append(.operation(op)) }
    public mutating func addChangeSet(_ ops: [BatchOperation], id: String? = nil) { parts.append(.changeSet(ops, id: id)) }

    /// A boundary no body is likely to contain: `prefix_` and 32 random hex digits.
    public static func makeBoundary(_ prefix: String) -> String {
        var g = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef")
        return prefix + "_" + String((0..<32).map { _ in hex[Int(g.next() % 16)] })
    }
}
