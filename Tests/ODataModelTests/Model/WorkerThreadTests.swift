import Glibc
import Synchronization
import Testing
@testable import ODataModel

/// A lingering `WorkerThread` runs one more closure after its first when given one in time (the XML reader's building
/// thread takes the resolver's second thread's work that way), and ends when told nothing comes or when none came.
@Suite("Worker threads that linger")
struct WorkerThreadTests {
    final class Box: @unchecked Sendable {
        var first: pthread_t?
        var second: pthread_t?
        var order: [String] = []
        let release = Atomic<Bool>(false)
    }

    @Test("a closure given after the first runs on the same thread, after the first; join waits for it")
    func secondOnTheSameThread() throws {
        let box = Box()
        let thread = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {
            box.first = pthread_self()
            box.order.append("first")
        })
        thread.waitForFirst()
        #expect(box.order == ["first"])
        #expect(thread.then { box.second = pthread_self(); box.order.append("second") })
        thread.join()
        #expect(box.order == ["first", "second"])
        #expect(box.first.map { f in box.second.map { pthread_equal(f, $0) != 0 } ?? false } == true)
    }

    @Test("given while the first still runs, the second closure waits for it")
    func secondGivenEarly() throws {
        let box = Box()
        let thread = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {
            while !box.release.load(ordering: .acquiring) { sched_yield() }
            box.order.append("first")
        })
        #expect(thread.then { box.order.append("second") })
        box.release.store(true, ordering: .releasing)
        thread.join()
        #expect(box.order == ["first", "second"])
    }

    @Test("released, or given nothing for longer than it lingers, the thread ends and takes nothing more")
    func endsWhenNothingComes() throws {
        let released = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {})
        released.waitForFirst()
        released.release()
        released.join()
        #expect(!released.then { Issue.record("ran after release") })

        let timedOut = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {})
        timedOut.join()   // returns once it gave up waiting
        #expect(!timedOut.then { Issue.record("ran after the thread ended") })
    }

    @Test("a thread that does not linger takes no second closure")
    func noLinger() throws {
        let thread = try #require(WorkerThread(stackSize: 1 << 20) {})
        #expect(!thread.then { Issue.record("ran on a thread that does not linger") })
        thread.join()
    }

    /// The CPU the calling thread runs on, and the CPUs it may run on (glibc's, looked up: Swift's Glibc module does
    /// not show them).
    static func currentCPU() -> Int32 {
        typealias F = @convention(c) () -> Int32
        return dlsym(nil, "sched_getcpu").map { unsafeBitCast($0, to: F.self)() } ?? -1
    }
    static func allowedCPUs() -> [UInt8] {
        typealias F = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        var mask = [UInt8](repeating: 0, count: 128)
        if let f = dlsym(nil, "sched_getaffinity").map({ unsafeBitCast($0, to: F.self) }) {
            _ = mask.withUnsafeMutableBytes { f(0, 128, $0.baseAddress!) }
        }
        return mask
    }

    @Test("started apart, a thread begins on another CPU than its creator's, then may run on all of them again")
    func apart() throws {
        let allowed = Self.allowedCPUs()
        let cpus = allowed.reduce(0) { $0 + $1.nonzeroBitCount }
        guard cpus >= 2 else {
            print("skipped: this process may run on \(cpus) CPU")
            return
        }
        final class Seen: @unchecked Sendable { var cpu: Int32 = -1; var allowed: [UInt8] = [] }
        // Another CPU is kept busy meanwhile (a thread spins there, held to it), so that the system would rather start
        // a new thread where its creator runs: without `apart`, most of them began there.
        let spinner = Box()
        let busy = try #require(WorkerThread(stackSize: 1 << 20, apart: true) {
            typealias F = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
            var mask = [UInt8](repeating: 0, count: 128)
            let cpu = Int(Self.currentCPU())
            if cpu >= 0, cpu < 1024, let f = dlsym(nil, "pthread_setaffinity_np").map({ unsafeBitCast($0, to: F.self) }) {
                mask[cpu / 8] |= UInt8(1) << (cpu % 8)
                _ = mask.withUnsafeBytes { f(pthread_self(), 128, $0.baseAddress!) }
            }
            while !spinner.release.load(ordering: .acquiring) {}
        })
        defer {
            spinner.release.store(true, ordering: .releasing)
            busy.join()
        }
        var elsewhere = 0
        for _ in 0..<10 {
            let seen = Seen()
            let creator = Self.currentCPU()
            let thread = try #require(WorkerThread(stackSize: 1 << 20, apart: true) {
                seen.cpu = Self.currentCPU()
                seen.allowed = Self.allowedCPUs()
            })
            thread.join()
            if seen.cpu != creator { elsewhere += 1 }
            #expect(seen.allowed == allowed)
        }
        // The creator may move to another CPU between telling its own and starting the thread: a rare race.
        #expect(elsewhere >= 8, "\(elsewhere) of 10 threads began on another CPU than their creator's")
    }

    @Test("let go of by its creator, a lingering thread still runs what it was given")
    func creatorLetsGo() throws {
        let box = Box()
        // The first closure waits until the second is given: done at once, the thread could otherwise linger its
        // whole 30 ms before the test gives it (seen with the other suites running).
        let given = Atomic<Bool>(false)
        do {
            let thread = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {
                while !given.load(ordering: .acquiring) { sched_yield() }
            })
            #expect(thread.then { box.release.store(true, ordering: .releasing) })
            given.store(true, ordering: .releasing)
        }
        var waited = 0
        while !box.release.load(ordering: .acquiring) && waited < 5_000 { usleep(1_000); waited += 1 }
        let ran = box.release.load(ordering: .acquiring)
        #expect(ran)
    }
}
