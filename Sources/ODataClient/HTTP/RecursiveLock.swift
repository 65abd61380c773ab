import Glibc

/// A lock the thread that holds it may take again (what Foundation's `NSRecursiveLock` is), over a recursive
/// pthread mutex: code called back while a client or a sign-in holds its lock (a response callback that sends
/// again gets an error, not a deadlock). The mutex lives in memory of its own, since it must not move once in use.
// @unchecked: the mutex is the synchronisation; its memory is allocated once and never moves.
final class RecursiveLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
