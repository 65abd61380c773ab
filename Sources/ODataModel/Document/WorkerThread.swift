import Glibc

/// A joinable POSIX thread that runs one closure, with a stack size given by the caller (the metadata readers ask
/// for 4 MiB). Whatever the closure wrote is visible to the thread that returns from `join()`: `pthread_join`
/// orders it, so no semaphore is needed for that.
final class WorkerThread {
    private var thread = pthread_t()
    private var joined = false

    /// Starts the thread at once; nil when the system cannot start one (a limit on threads or memory reached), and
    /// the caller then does the work itself.
    init?(stackSize: Int, _ body: @escaping () -> Void) {
        if Self.refusedForTesting { return nil }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Job(body)).toOpaque()
        let rc = pthread_create(&thread, &attributes, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        if rc != 0 {
            Unmanaged<Job>.fromOpaque(context).release()
            joined = true
            return nil
        }
    }

    /// Tests set this (for the task they run in) to see what readers do when no thread can be started.
    @TaskLocal static var refusedForTesting = false

    /// Waits until the closure has returned (once; later calls return at once).
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit {
        // A thread nobody joins is detached, so that its stack goes when it ends.
        if !joined { pthread_detach(thread) }
    }

    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

/// A mutex with a condition variable (what Foundation's `NSCondition` is), over pthreads. Both live in memory of
/// their own, since a pthread mutex must not move once in use.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
    /// Wakes one waiting thread; called with the lock held.
    @inline(__always) func signal() { pthread_cond_signal(condition) }
    /// Releases the lock until signalled (or woken spuriously: callers wait in a loop), then takes it again.
    @inline(__always) func wait() { pthread_cond_wait(condition, mutex) }
}
