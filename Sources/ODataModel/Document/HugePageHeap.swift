import Glibc
import Synchronization

/// Asks for transparent huge pages under the calling thread's malloc heap, before a large document's model is
/// built there.
///
/// A model is tens of thousands of small objects written once into fresh memory, and each fresh 4 KiB page costs
/// a page fault: Graph's 3.4 MB document touches ~5,000 of them, and on a virtual machine a fault costs ~3 µs
/// (measured here: ~0.8 ms per MiB of fresh memory in 4 KiB pages against ~0.1 ms per MiB in 2 MiB pages). glibc's
/// `glibc.malloc.hugetlb=1` tunable does the same for a whole process, but only when set in the environment before
/// it starts; this marks the heap a thread is using now (`madvise(MADV_HUGEPAGE)`), which changes nothing but how
/// the kernel backs the pages not yet touched. Where transparent huge pages are off (`never`) it has no effect.
///
/// Which heap: glibc's main arena is the `brk` heap (from the kernel's `start_brk` to the current break); any other
/// thread's arena is a reservation of `heapMaxSize` bytes aligned to its size, as glibc's `heap_for_ptr` finds it.
enum HugePageHeap {
    /// glibc's `HEAP_MAX_SIZE` on 64-bit systems (2 × `DEFAULT_MMAP_THRESHOLD_MAX`).
    static let heapMaxSize: UInt = 64 << 20

    /// Marks the calling thread's current heap. Costs a small allocation and one or two system calls.
    static func adviseCurrentThread() {
        guard let probe = malloc(16) else { return }
        defer { free(probe) }
        let address = UInt(bitPattern: probe)
        let breakEnd = UInt(bitPattern: sbrk(0))
        // Without the start of the brk heap, a main-arena address cannot be told from another heap's: nothing is
        // marked rather than a guessed range.
        guard let start = startBrk else { return }
        if address >= start, address < breakEnd {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(breakEnd - start), MADV_HUGEPAGE)
            skipToHugePage(from: address, within: start..<breakEnd)
        } else {
            let heap = address & ~(heapMaxSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: heap), Int(heapMaxSize), MADV_HUGEPAGE)
            // The heap's first 2 MiB hold the arena's own header and the thread's first allocations, touched before
            // the advice: the kernel then backs the rest of that stretch with 4 KiB pages, one fault each (~500 of
            // Graph's ~1,500). Collapsing it into a huge page now (MADV_COLLAPSE, Linux 6.1; older kernels refuse,
            // which changes nothing) spares them: page faults per Graph load 1,489 → 1,010 (`perf stat -e
            // page-faults -r 10`); the call takes 0.3–1.2 ms on the building thread while it waits for its first
            // events. (Taking up the rest of the stretch, as `skipToHugePage` does for the `brk` heap, measured the
            // same: -0.29 ms median on Graph, -0.08 on FAR_MANAGE, 60 and 40 interleaved rounds.)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: heap), Int(hugePageSize), madvCollapse)
        }
    }

    /// The 2 MiB stretch of the `brk` heap where the next allocations go was touched before the advice (the
    /// runtime's and the command line's first allocations): the kernel backs the rest of it with 4 KiB pages, one
    /// fault each, which the parsing thread's first event blocks and strings then took (~120 faults per Graph load).
    /// The rest of that stretch is taken up by blocks never touched nor freed (only their headers touch a page
    /// each), so that allocations go on from the next 2 MiB boundary, on huge pages: Graph -0.74 ms median,
    /// FAR_MANAGE -0.70 (interleaved rounds). Once per heap: a later load's probe may come from memory freed below
    /// the boundary, and filling again would only keep that memory from use. Returns where the blocks it took
    /// reach (the end of the highest one; `address` when it took none), or nil when it did not fill.
    @discardableResult
    static func skipToHugePage(from address: UInt, within heap: Range<UInt>) -> UInt? {
        let boundary = (address + hugePageSize - 1) & ~(hugePageSize - 1)
        guard boundary > address, boundary <= heap.upperBound, boundary - address < hugePageSize else { return nil }
        guard skippedHeaps.withLock({ heaps in
            if heaps.contains(heap.lowerBound) { return false }
            heaps.append(heap.lowerBound)
            return true
        }) else { return nil }
        var reach = address
        for _ in 0..<64 {
            // Below malloc's mmap threshold (128 KiB unless changed), so they come from the heap; a block that does
            // not stops it.
            guard let block = malloc(fillerSize) else { break }
            let at = UInt(bitPattern: block)
            if !heap.contains(at) { free(block); break }
            reach = max(reach, at + UInt(fillerSize))
            if reach >= boundary { break }
        }
        return reach
    }
    static let fillerSize = 64 << 10
    /// Where the heaps skipped to a huge page start.
    private static let skippedHeaps = Mutex<[UInt]>([])

    /// The size of a transparent huge page on x86-64 and most arm64 kernels.
    static let hugePageSize: UInt = 2 << 20
    /// `MADV_COLLAPSE` (Linux 6.1), which Glibc's headers here do not define yet.
    static let madvCollapse: Int32 = 25

    /// Where the `brk` heap starts: field 47 of `/proc/self/stat` (counted after the command name, which may hold
    /// spaces and parentheses). Nil when it cannot be read.
    static let startBrk: UInt? = {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0, let close = buffer[..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // After ")" comes field 3 (state); start_brk is field 47.
        let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 44, let value = UInt(String(decoding: fields[44], as: UTF8.self)), value > 0 else { return nil }
        return value
    }()
}
