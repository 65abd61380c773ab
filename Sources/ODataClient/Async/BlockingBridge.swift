import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The blocking API on top of the async one: runs async work to its end with the calling thread waiting, and doing
/// the work. The task runs on an executor of the calling thread (`CallerThreadExecutor`), so its callbacks (a
/// payload's entities, a body's chunks) run on the caller's thread, as the caller expects of a blocking call, no
/// thread of Swift's pool is held, and a call from inside the pool cannot starve it. The transfers themselves run
/// on the engine's thread (`CurlEngine`) as every other. Task-local values (the request's cancellation token, a
/// sign-in's scope) carry into the work.
package enum BlockingBridge {
    package static func wait<T>(_ body: () async throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            let executor = CallerThreadExecutor()
            let work = UncheckedBox(body)
            let outcome = UncheckedBox<Result<T, any Error>?>(nil)
            Task(executorPreference: executor) {
                let result: Result<T, any Error>
                do { result = .success(try await work.value()) } catch { result = .failure(error) }
                outcome.value = result
                executor.stop()
            }
            executor.run()
            return try outcome.value!.get()
        }
    }
}

/// Carries a value that is only ever used on one thread at a time into a task: the caller's closure and the result,
/// which the calling thread hands over and takes back while the task runs on that same thread.
// @unchecked: every use is on the calling thread (the task's jobs run there), ordered by the executor's lock.
private final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A task executor that runs its jobs on the thread that calls `run()`, until `stop()`.
// @unchecked: its state is guarded by its own pthread mutex, which the condition variable needs.
final class CallerThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(lock)
        condition.deallocate()
        lock.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(lock)
    }

    /// Ends `run()` once the jobs enqueued so far have run.
    func stop() {
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(lock)
    }

    /// Runs jobs as they come, on this thread, until `stop()`.
    func run() {
        while true {
            pthread_mutex_lock(lock)
            while jobs.isEmpty && !stopped { pthread_cond_wait(condition, lock) }
            let batch = jobs
            jobs = []
            let done = stopped && batch.isEmpty
            pthread_mutex_unlock(lock)
            if done { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
