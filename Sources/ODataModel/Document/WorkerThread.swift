import Glibc
import Synchronization

/// A joinable POSIX thread that runs one closure, with a stack size given by the caller (the metadata readers ask
/// for 4 MiB). Whatever the closure wrote is visible to the thread that returns from `join()`: `pthread_join`
/// orders it, so no semaphore is needed for that.
///
/// With `lingers`, the thread stays a while after its closure for one more (`then`): the XML reader's building
/// thread is done as the document is resolved, and the resolver's second thread then starts on it at once, where a
/// new thread took about 1 ms (0.1 to 4) to run on this project's virtual machine: the other virtual CPU, idle
/// meanwhile, has to be woken. Lingering, the thread yields its CPU in a loop rather than sleeping, for the same
/// reason, and `waitForFirst` waits for its first closure the same way (where `pthread_join` sleeps).
final class WorkerThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false

    // What a lingering thread does next. `running` → `lingering` when the first closure is done; the caller of
    // `then` moves it from either to `posted`; the thread moves it from `lingering` to `ended` when nothing came.
    private let state = Atomic<Int>(State.running)
    private enum State {
        static let running = 0, lingering = 1, posted = 2, ended = 3
    }
    /// The closure `then` gave; read by the thread once it sees `posted`.
    private var next: (() -> Void)?
    private let lingers: Bool
    private let firstDone = YieldingFlag()

    /// How long a lingering thread waits for another closure.
    static let lingerNanoseconds = 30_000_000

    /// Starts the thread at once; nil when the system cannot start one (a limit on threads or memory reached), and
    /// the caller then does the work itself.
    ///
    /// With `apart`, the thread starts on another CPU than the caller's when there is one (after that it goes
    /// wherever the system puts it). Started where the caller runs, a thread meant to run beside it shares that CPU
    /// until the system moves one of them: seen in 10 of 60 Graph loads, which then took 1.9 ms longer (medians).
    init?(stackSize: Int, lingers: Bool = false, apart: Bool = false, _ body: @escaping () -> Void) {
        self.lingers = lingers
        if Self.refusedForTesting { return nil }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        // A lingering thread refers to its `WorkerThread` until it ends (its creator may let go of it first).
        let job = Job(body, then: lingers ? self : nil)
        if apart { job.allowedCPUs = Affinity.startElsewhere(&attributes) }
        let context = Unmanaged.passRetained(job).toOpaque()
        let rc = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            if let allowed = job.allowedCPUs { Affinity.allow(allowed) }
            job.body()
            if let owner = job.owner {
                job.owner = nil
                owner.firstDone.raise()
                owner.linger()
            }
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

    /// A lingering thread: waits (yielding) until its first closure is done; what it wrote is visible then.
    func waitForFirst() {
        precondition(lingers, "only a lingering thread tells when its first closure is done")
        firstDone.wait()
    }

    /// Runs `body` on this thread after its first closure, if it lingers and has not ended; false otherwise (the
    /// caller then runs it elsewhere). `join()` waits for it.
    func then(_ body: @escaping () -> Void) -> Bool {
        guard lingers else { return false }
        next = body
        for from in [State.lingering, State.running] {
            if state.compareExchange(expected: from, desired: State.posted, ordering: .acquiringAndReleasing).exchanged { return true }
        }
        next = nil
        return false
    }

    /// Tells a lingering thread that nothing more comes: it ends now.
    func release() {
        _ = state.compareExchange(expected: State.lingering, desired: State.ended, ordering: .acquiringAndReleasing)
        _ = state.compareExchange(expected: State.running, desired: State.ended, ordering: .acquiringAndReleasing)
    }

    /// On the thread, after its first closure: runs the next one if it comes in time.
    private func linger() {
        if state.compareExchange(expected: State.running, desired: State.lingering, ordering: .acquiringAndReleasing).exchanged {
            while !yieldUntil(atMost: Self.lingerNanoseconds, { state.load(ordering: .acquiring) != State.lingering }) {
                if state.compareExchange(expected: State.lingering, desired: State.ended, ordering: .acquiringAndReleasing).exchanged {
                    return
                }
            }
        }
        guard state.load(ordering: .acquiring) == State.posted, let body = next else { return }
        next = nil
        body()
    }

    deinit {
        // A thread nobody joins is detached, so that its stack goes when it ends.
        if !joined { pthread_detach(thread) }
    }

    private final class Job {
        let body: () -> Void
        var owner: WorkerThread?
        /// The CPUs the thread may run on once it has started (`apart`).
        var allowedCPUs: [UInt8]?
        init(_ body: @escaping () -> Void, then owner: WorkerThread?) { self.body = body; self.owner = owner }
    }
}

/// Waits for another thread by giving up the CPU in a loop until `done`, rather than sleeping: for waits of a
/// millisecond or two while that thread has a core of its own. Woken from a sleep, a thread on this project's virtual
/// machine has been seen to take up to 3 ms to run again (its virtual CPU halted meanwhile).
@inline(__always)
func yieldUntil(_ done: () -> Bool) {
    while !done() { sched_yield() }
}

/// `yieldUntil` for at most about `nanoseconds`: true once `done`, false when the time ran out first (the caller
/// then sleeps, or gives up).
func yieldUntil(atMost nanoseconds: Int, _ done: () -> Bool) -> Bool {
    if done() { return true }
    var start = timespec(), now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    repeat {
        sched_yield()
        if done() { return true }
        clock_gettime(CLOCK_MONOTONIC, &now)
    } while (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) < nanoseconds
    return false
}

/// A one-way signal between two threads: one raises it, the other waits (`yieldUntil`) until it is raised; what the
/// first wrote before raising it is visible to the second after its wait.
struct YieldingFlag: ~Copyable, Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .releasing) }
    func wait() { yieldUntil { raised.load(ordering: .acquiring) } }
}

/// CPU affinity, through glibc functions that Swift's Glibc module does not show (GNU extensions), looked up once.
private enum Affinity {
    private typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private typealias SetAttribute = @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer) -> Int32
    private typealias SetThread = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
    private typealias CurrentCPU = @convention(c) () -> Int32
    private static func look<T>(_ name: String, _: T.Type) -> T? { dlsym(nil, name).map { unsafeBitCast($0, to: T.self) } }
    private static let getAffinity = look("sched_getaffinity", GetAffinity.self)
    private static let setAttribute = look("pthread_attr_setaffinity_np", SetAttribute.self)
    private static let setThread = look("pthread_setaffinity_np", SetThread.self)
    private static let currentCPU = look("sched_getcpu", CurrentCPU.self)
    /// Bytes of a CPU mask: glibc's `cpu_set_t`, 1,024 CPUs.
    private static let maskBytes = 128

    /// Sets `attributes` to start a thread on any allowed CPU but the current one, and returns the allowed ones; nil
    /// (and nothing set) when there is no other or it cannot be told.
    static func startElsewhere(_ attributes: inout pthread_attr_t) -> [UInt8]? {
        guard let getAffinity, let setAttribute, let currentCPU else { return nil }
        var allowed = [UInt8](repeating: 0, count: maskBytes)
        guard allowed.withUnsafeMutableBytes({ getAffinity(0, maskBytes, $0.baseAddress!) }) == 0 else { return nil }
        let cpu = Int(currentCPU())
        guard cpu >= 0, cpu < maskBytes * 8 else { return nil }
        var others = allowed
        others[cpu / 8] &= ~(UInt8(1) << (cpu % 8))
        guard others.contains(where: { $0 != 0 }),
              others.withUnsafeBytes({ setAttribute(&attributes, maskBytes, $0.baseAddress!) }) == 0 else { return nil }
        return allowed
    }

    /// Lets the calling thread run on `allowed` again.
    static func allow(_ allowed: [UInt8]) {
        guard let setThread else { return }
        _ = allowed.withUnsafeBytes { setThread(pthread_self(), maskBytes, $0.baseAddress!) }
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
