import Foundation
import Logging
import MCP

/// The stdio transport, with one change: when the client closes its end (stdin at EOF), the stream of messages ends
/// only once every request received has been answered or cancelled. The SDK's server answers each request in a
/// task of its own and stops when the stream ends; without this, a client that writes its requests and closes
/// stdin (a script, `odsh mcp URL < requests.jsonl`) could see the process exit before the answers are written.
actor DrainingTransport: Transport {
    private let inner: StdioTransport
    nonisolated var logger: Logger { inner.logger }
    /// Requests received and not yet answered or cancelled, by their JSON-RPC id (as JSON text).
    private var open: Set<String> = []
    private var drained: [CheckedContinuation<Void, Never>] = []

    init(_ inner: StdioTransport) { self.inner = inner }

    func connect() async throws { try await inner.connect() }
    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        if let message = Self.message(data), message["method"] == nil, let id = Self.id(message["id"]) { close(id) }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let incoming = Task { await inner.receive() }
        return AsyncThrowingStream { continuation in
            let pump = Task {
                do {
                    for try await data in await incoming.value {
                        self.note(data)
                        continuation.yield(data)
                    }
                    await self.untilAnswered()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in pump.cancel() }
        }
    }

    /// A request opens its id; a cancellation closes the id it names (no answer will come).
    private func note(_ data: Data) {
        guard let message = Self.message(data), let method = message["method"] as? String else { return }
        if let id = Self.id(message["id"]) {
            open.insert(id)
        } else if method == "notifications/cancelled", let params = message["params"] as? [String: Any],
                  let id = Self.id(params["requestId"]) {
            close(id)
        }
    }

    private func close(_ id: String) {
        open.remove(id)
        if open.isEmpty {
            for waiter in drained { waiter.resume() }
            drained = []
        }
    }

    private func untilAnswered() async {
        guard !open.isEmpty else { return }
        await withCheckedContinuation { drained.append($0) }
    }

    private static func message(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func id(_ value: Any?) -> String? {
        switch value {
        case let s as String: return "s:" + s
        case let n as NSNumber: return "n:" + n.stringValue
        default: return nil
        }
    }
}
