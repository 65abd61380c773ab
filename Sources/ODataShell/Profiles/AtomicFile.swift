import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes files the safe way: a temporary file beside the target, then rename, so that readers see the old or
/// the new content and never half of it.
enum AtomicFile {
    static func write(_ data: Data, to path: String, mode: mode_t) throws {
        let directory = FileSystemPath.deletingLastComponent(path)
        try XDGDirectories.ensure(directory)
        let temporary = "\(directory)/.\(FileSystemPath.lastComponent(path)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { ok = false; return }
                offset += n
            }
        }
        fchmod(fd, mode)  // the umask may have taken bits away; never more than asked
        if fsync(fd) != 0 { ok = false }
        Glibc.close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw UsageError("cannot write \(path): \(reason)")
        }
    }
}
