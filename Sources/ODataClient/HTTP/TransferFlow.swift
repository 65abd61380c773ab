import CCurl
import Synchronization

/// The hand-over between the engine's thread, which receives a transfer's bytes, and the task that consumes them
/// (decodes a payload, collects a body). The engine only appends; the consumer takes what has come, in order.
/// Backpressure: past `highWater` bytes not yet taken, the engine pauses the transfer (its write callback answers
/// `CURL_WRITEFUNC_PAUSE`, so curl keeps the chunk), and the consumer resumes it once it has taken them. The engine
/// wakes a waiting consumer once per turn of its loop (`notify()`), not once per chunk: a small answer's head, body
/// and end reach it in one go.
final class TransferFlow: Sendable {
    /// What the consumer gets from one `next()`.
    struct Batch {
        /// The head of a response whose body is for the consumer, once, before its first bytes.
        var head: HTTPResponseHead?
        var bytes: [UInt8] = []
        /// curl's result, once the transfer is over (the engine no longer touches it).
        var result: CURLcode?
    }

    fileprivate struct State {
        var head: HTTPResponseHead?
        var bytes: [UInt8] = []
        var result: CURLcode?
        var paused = false
        var waiter: CheckedContinuation<Void, Never>?
        /// Set once by `cancel()`; the engine ends the transfer.
        var cancelled = false
        /// Something came since the engine last woke the consumer.
        var news = false
        /// Ends the transfer on the engine (set when it is handed to the engine).
        var onCancel: (@Sendable () -> Void)?
        var onResume: (@Sendable () -> Void)?
        var onPause: (@Sendable () -> Void)?
    }

    /// Bytes a consumer may lag behind before its transfer is paused.
    static let highWater = 1 << 20

    /// Called on the engine's thread when a transfer started in its scope is first paused: a test waits for that
    /// event instead of for a while.
    @TaskLocal static var onPause: (@Sendable () -> Void)?

    private let state = Mutex(State())

    /// Readies the flow for a new transfer; `cancel` and `resume` ask the engine to end or resume it.
    func reset(onCancel: @escaping @Sendable () -> Void, onResume: @escaping @Sendable () -> Void) {
        state.withLock { $0 = State(onCancel: onCancel, onResume: onResume, onPause: Self.onPause) }
    }

    // MARK: the engine's side

    /// The head of a response whose body goes to the consumer.
    /// Returns true when the consumer is to be woken at the end of the engine's turn (`notify()`).
    func deliverHead(_ head: HTTPResponseHead) -> Bool {
        state.withLock { s in
            s.head = head
            return s.markNews()
        }
    }

    /// Takes a chunk unless the consumer lags by `highWater` bytes: then `taken` is false, and the transfer is to
    /// pause (the chunk is offered again when it resumes). `news`: the consumer is to be woken (`notify()`).
    func offer(_ chunk: UnsafeRawBufferPointer) -> (taken: Bool, news: Bool) {
        let (offered, pausedNow) = state.withLock { s -> ((taken: Bool, news: Bool), (@Sendable () -> Void)?) in
            if s.bytes.count >= Self.highWater {
                let first = s.paused ? nil : s.onPause
                s.paused = true
                return ((false, false), first)
            }
            s.bytes.append(contentsOf: chunk)
            return ((true, s.markNews()), nil)
        }
        pausedNow?()
        return offered
    }

    /// The transfer is over with curl's `result`. Returns true when the consumer is to be woken (`notify()`).
    func complete(_ result: CURLcode) -> Bool {
        state.withLock { s in
            s.result = result
            return s.markNews()
        }
    }

    /// Wakes the consumer if it waits for what came this turn.
    func notify() {
        let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
            s.news = false
            return s.takeWaiter()
        }
        waiter?.resume()
    }

    /// Whether the consumer asked to end the transfer.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    // MARK: the consumer's side

    /// What has come since the last call, waiting until something has. A paused transfer is resumed once its
    /// bytes are taken.
    func next() async -> Batch {
        while true {
            let (batch, resume) = state.withLock { s -> (Batch?, (@Sendable () -> Void)?) in
                guard s.head != nil || !s.bytes.isEmpty || s.result != nil else { return (nil, nil) }
                let batch = Batch(head: s.head, bytes: s.bytes, result: s.result)
                s.head = nil
                s.bytes = []
                var resume: (@Sendable () -> Void)?
                if s.paused, s.result == nil {
                    s.paused = false
                    resume = s.onResume
                }
                return (batch, resume)
            }
            resume?()
            if let batch { return batch }
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { s -> Bool in
                    if s.head != nil || !s.bytes.isEmpty || s.result != nil { return true }
                    s.waiter = c
                    return false
                }
                if ready { c.resume() }
            }
        }
    }

    /// Ends the transfer (cancellation, or a consumer that failed or has enough); `next()` then sees its result.
    func cancel() {
        let onCancel = state.withLock { s -> (@Sendable () -> Void)? in
            guard !s.cancelled, s.result == nil else { return nil }
            s.cancelled = true
            return s.onCancel
        }
        onCancel?()
    }
}

private extension TransferFlow.State {
    /// Notes that something came; true the first time since the last `notify()`.
    mutating func markNews() -> Bool {
        defer { news = true }
        return !news
    }

    mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}
