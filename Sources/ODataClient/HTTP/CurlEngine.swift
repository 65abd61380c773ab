import CCurl
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The process's one I/O thread: it owns a libcurl multi handle and drives every transfer of every `HTTPClient`
/// (`curl_multi_poll`, woken by `curl_multi_wakeup` when work is handed over or a transfer is cancelled). It only
/// moves bytes: each transfer's body goes to its `TransferFlow`, whose consumer decodes it in its own task or
/// thread, so no thread waits per request and one slow consumer pauses its own transfer only.
///
/// Requests beyond a client's per-host limit (`HTTPConfiguration.maxConnectionsPerHost`) wait in the order they
/// were handed over and start as earlier ones end. Nothing but the engine's thread touches the multi handle or a
/// handle while it is in it; other threads talk to the engine through its inbox.
// @unchecked: `multi`, `running` and `queues` are only touched on the engine's thread (`loop`); the inbox is a Mutex.
final class CurlEngine: @unchecked Sendable {
    private enum Command {
        case start(CurlConnection, key: String, limit: Int)
        case cancel(CurlConnection)
        case resume(CurlConnection)
    }

    /// A started transfer's slot: which queue it counts against.
    private struct Running {
        let connection: CurlConnection
        let key: String
    }

    /// The transfers of one client and origin: how many run, and those that wait for a slot, in order.
    private struct Queue {
        var running = 0
        var limit = 8
        var waiting: [CurlConnection] = []
        var head = 0
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex<[Command]>([])
    private var running: [UnsafeMutableRawPointer: Running] = [:]
    private var queues: [String: Queue] = [:]
    /// Flows with news for their consumers this turn, woken at its end.
    private var woken: [TransferFlow] = []

    /// The engine, started on first use (after libcurl is loaded).
    static let shared: CurlEngine? = CurlEngine()

    private init?() {
        guard let m = odsh_curl_multi_init() else { return nil }
        multi = m
        let me = Unmanaged.passRetained(self)  // the engine lives as long as the process
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            Unmanaged<CurlEngine>.fromOpaque(raw).takeUnretainedValue().loop()
        }, me.toOpaque())
        if made != 0 {
            me.release()
            odsh_curl_multi_cleanup(m)
            return nil
        }
    }

    // MARK: other threads

    /// Hands a transfer set up on `connection` to the engine. `key` names the queue it waits in (a client and an
    /// origin), `limit` how many of that queue may run at once. Its end is told to the connection's flow.
    func start(_ connection: CurlConnection, key: String, limit: Int) {
        send(.start(connection, key: key, limit: max(1, limit)))
    }

    /// Ends a transfer, waiting or running, at once; its flow completes with `CURLE_ABORTED_BY_CALLBACK`.
    func cancel(_ connection: CurlConnection) { send(.cancel(connection)) }

    /// Resumes a transfer that its flow paused.
    func resume(_ connection: CurlConnection) { send(.resume(connection)) }

    private func send(_ command: Command) {
        inbox.withLock { $0.append(command) }
        _ = odsh_curl_multi_wakeup(multi)
    }

    // MARK: the engine's thread

    private func loop() -> Never {
        var active: Int32 = 0
        while true {
            let commands = inbox.withLock { list -> [Command] in
                defer { list = [] }
                return list
            }
            for command in commands { apply(command) }
            _ = odsh_curl_multi_perform(multi, &active)
            let ended = collectEnded()
            for flow in woken { flow.notify() }
            woken.removeAll(keepingCapacity: true)
            // Transfers started by those that ended need a perform before the wait.
            if ended { continue }
            // curl waits no longer than its own next timeout; the wake-up ends the wait for new commands.
            _ = odsh_curl_multi_poll(multi, nil, 0, 60_000, nil)
        }
    }

    private func apply(_ command: Command) {
        switch command {
        case .start(let connection, let key, let limit):
            var queue = queues[key] ?? Queue()
            queue.limit = limit
            if connection.transfer.flow.isCancelled {
                complete(connection, CURLE_ABORTED_BY_CALLBACK)
            } else if queue.running < queue.limit {
                queue.running += 1
                queues[key] = queue
                add(connection, key: key)
                return
            } else {
                queue.waiting.append(connection)
            }
            queues[key] = queue
        case .cancel(let connection):
            if running[connection.handle] != nil {
                remove(connection.handle)
                complete(connection, CURLE_ABORTED_BY_CALLBACK)
            } else {
                for (key, var queue) in queues {
                    guard let i = queue.waiting[queue.head...].firstIndex(where: { $0 === connection }) else { continue }
                    queue.waiting.remove(at: i)
                    queues[key] = queue
                    complete(connection, CURLE_ABORTED_BY_CALLBACK)
                    break
                }
            }
        case .resume(let connection):
            if running[connection.handle] != nil { _ = odsh_curl_easy_pause(connection.handle, ODSH_CURLPAUSE_CONT) }
        }
    }

    /// On the engine's thread: wakes the flow's consumer at the end of this turn.
    func wake(_ flow: TransferFlow) { woken.append(flow) }

    private func complete(_ connection: CurlConnection, _ result: CURLcode) {
        if connection.transfer.flow.complete(result) { woken.append(connection.transfer.flow) }
    }

    private func add(_ connection: CurlConnection, key: String) {
        guard odsh_curl_multi_add_handle(multi, connection.handle) == CURLM_OK else {
            release(key)
            complete(connection, CURLE_FAILED_INIT)
            return
        }
        running[connection.handle] = Running(connection: connection, key: key)
    }

    /// Takes a transfer out of the multi handle and gives its slot to the next that waits.
    private func remove(_ handle: UnsafeMutableRawPointer) {
        guard let entry = running.removeValue(forKey: handle) else { return }
        odsh_curl_multi_remove_handle(multi, handle)
        release(entry.key)
    }

    private func release(_ key: String) {
        guard var queue = queues[key] else { return }
        queue.running -= 1
        var next: CurlConnection?
        while next == nil, queue.head < queue.waiting.count {
            let candidate = queue.waiting[queue.head]
            queue.head += 1
            if candidate.transfer.flow.isCancelled {
                complete(candidate, CURLE_ABORTED_BY_CALLBACK)
            } else {
                next = candidate
            }
        }
        if queue.head == queue.waiting.count {
            queue.waiting = []
            queue.head = 0
        }
        if let next {
            queue.running += 1
            queues[key] = queue
            add(next, key: key)
        } else if queue.running == 0 && queue.waiting.isEmpty {
            queues[key] = nil
        } else {
            queues[key] = queue
        }
    }

    /// Hands each transfer that ended to its flow. True when any did.
    private func collectEnded() -> Bool {
        var ended = false
        var left: Int32 = 0
        while let message = odsh_curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let entry = running[handle] else { continue }
            let result = message.pointee.data.result
            remove(handle)
            let transfer = entry.connection.transfer
            if result == CURLE_OK { transfer.finish() }
            complete(entry.connection, result)
            ended = true
        }
        return ended
    }
}
