import Foundation
import Testing
@testable import ODataModel

/// `HugePageHeap` marks the heap a thread allocates from for transparent huge pages, as the kernel reports it.
@Suite("Huge-page heap")
struct HugePageHeapTests {
    /// The `VmFlags` of the mapping holding `address`, from `/proc/self/smaps`; nil when no mapping holds it.
    static func vmFlags(at address: UInt) -> [String]? {
        // Read to the end with read(2): /proc files report a size of 0, which Foundation's file reading trusts.
        let fd = open("/proc/self/smaps", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = start <= address && address < end
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ").map(String.init)
            }
        }
        return nil
    }

    /// The kernel has transparent huge pages (set to `always` or `madvise`): otherwise nothing can be marked.
    static var kernelHasHugePages: Bool {
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else { return false }
        return !mode.contains("[never]")
    }

    /// Advises on the calling thread and returns the flags of the mapping its next small allocation lands in.
    static func adviseAndLook() -> [String]? {
        HugePageHeap.adviseCurrentThread()
        guard let p = malloc(16) else { return nil }
        defer { free(p) }
        return vmFlags(at: UInt(bitPattern: p))
    }

    @Test("marks the heap of the thread that asks, on that thread and on a new one")
    func marksHeap() throws {
        guard Self.kernelHasHugePages else {
            print("skipped: this kernel has no transparent huge pages")
            return
        }
        let here = Self.adviseAndLook()
        #expect(here?.contains("hg") == true, "\(here ?? [])")
        final class Box: @unchecked Sendable { var flags: [String]? }
        let box = Box()
        let thread = try #require(WorkerThread(stackSize: 1 << 20) { box.flags = Self.adviseAndLook() })
        thread.join()
        #expect(box.flags?.contains("hg") == true, "\(box.flags ?? [])")
    }

    @Test("finds where the brk heap starts, below the current break")
    func startOfBreak() throws {
        let start = try #require(HugePageHeap.startBrk)
        #expect(start <= UInt(bitPattern: sbrk(0)))
        #expect(Self.vmFlags(at: start) != nil || start == UInt(bitPattern: sbrk(0)))
    }
}
