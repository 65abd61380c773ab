import Dispatch
import Synchronization

/// Runs async work from synchronous code (the shell's commands, scripts) and waits for it on the calling thread,
/// which must not be a thread of Swift's cooperative pool (the main thread is fine).
package enum BlockingBridge {
    package static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
