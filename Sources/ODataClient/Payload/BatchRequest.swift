/// A `$batch` request: requests on their own and change sets (atomicity groups) whose requests succeed or fail
/// together. Written by `MultipartBatchWriter` (V2, V4) or `JSONBatchWriter` (4.01).
public struct BatchRequest: Equatable, Sendable {
    /// One part of a batch: a request on its own, or a change set.
    public enum Part: Equatable, Sendable {
        /// A request on its own.
        case operation(BatchOperation)
        /// Requests applied all or none; `id` names the atomicity group in a JSON batch.
        case changeSet([BatchOperation], id: String?)
    }
    /// The parts, in the order they are sent.
    public var parts: [Part]

    /// A batch of these parts.
    public init(_ parts: [Part] = []) { self.parts = parts }

    /// Adds a request on its own.
    public mutating func add(_ op: BatchOperation) { parts.append(.operation(op)) }
    /// Adds a change set of these requests; `id` names its atomicity group in a JSON batch.
    public mutating func addChangeSet(_ ops: [BatchOperation], id: String? = nil) { parts.append(.changeSet(ops, id: id)) }

    /// A boundary no body is likely to contain: `prefix_` and 32 random hex digits.
    public static func makeBoundary(_ prefix: String) -> String {
        var g = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef")
        return prefix + "_" + String((0..<32).map { _ in hex[Int(g.next() % 16)] })
    }
}
