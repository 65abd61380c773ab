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

    @Test("let go of by its creator, a lingering thread still runs what it was given")
    func creatorLetsGo() throws {
        let box = Box()
        do {
            let thread = try #require(WorkerThread(stackSize: 1 << 20, lingers: true) {})
            #expect(thread.then { box.release.store(true, ordering: .releasing) })
        }
        var waited = 0
        while !box.release.load(ordering: .acquiring) && waited < 5_000 { usleep(1_000); waited += 1 }
        let ran = box.release.load(ordering: .acquiring)
        #expect(ran)
    }
}
