import FoundationEssentials
import ODataProxyGen
#if canImport(Glibc)
import Glibc
#endif

/// The folder `odsh generate swift` writes to, and what a generation would do there: which files it writes, which
/// it leaves as they are, which of an earlier generation of the same service it removes, and which files stand in
/// the way (the user's own, another service's). Nothing is written while anything is in the way, unless forced.
struct ProxyDestination {
    /// A file that would be written over and is not the same service's.
    struct Obstacle {
        var path: String
        var origin: GeneratedFileOrigin
    }

    /// What a generation does, in the order it lists them (`--dry-run`).
    struct Plan {
        var write: [String] = []
        var unchanged: [String] = []
        var remove: [String] = []
        var inTheWay: [Obstacle] = []
    }

    let folder: String
    /// The service the files are for (`ProxyGenerator.serviceIdentity`).
    let service: String

    /// The plan for writing `files`; throws for a destination that is not a folder, and for a folder in the
    /// place of a file.
    func plan(_ files: [GeneratedFile]) throws -> Plan {
        var plan = Plan()
        try checkFolder(folder)
        let written = Set(files.map { folder + "/" + $0.path })
        for f in files {
            let path = folder + "/" + f.path
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { plan.write.append(path); continue }
            guard !isDirectory else { throw UsageError("cannot write \(path): a folder is in its place") }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("cannot read \(path): \(String(cString: strerror(access(path, R_OK) == 0 ? EIO : errno)))")
            }
            let origin = GeneratedFileOrigin(fileStart: String(decoding: data.prefix(4096), as: UTF8.self))
            if origin != .service(service) { plan.inTheWay.append(Obstacle(path: path, origin: origin)) }
            if data == Data(f.contents.utf8) { plan.unchanged.append(path) } else { plan.write.append(path) }
        }
        // The Swift files of the folders written to that an earlier generation of this service wrote and this one
        // does not: the classes of types the service no longer has, or of names that changed.
        let folders = Set(written.map { FileSystemPath.deletingLastComponent($0) })
        for f in folders.sorted() {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: f)) ?? []).sorted() where name.hasSuffix(".swift") {
                let path = f + "/" + name
                guard !written.contains(path), let data = FileManager.default.contents(atPath: path) else { continue }
                if GeneratedFileOrigin(fileStart: String(decoding: data.prefix(4096), as: UTF8.self)) == .service(service) {
                    plan.remove.append(path)
                }
            }
        }
        return plan
    }

    /// The error for files in the way: their names, what they are, and the ways forward.
    func obstacleError(_ obstacles: [Obstacle]) -> UsageError {
        let listed = obstacles.prefix(5).map { "\($0.path) (\($0.origin))" }.joined(separator: ", ")
        let more = obstacles.count > 5 ? " and \(obstacles.count - 5) more" : ""
        let noun = obstacles.count == 1 ? "a file that is not" : "files that are not"
        return UsageError("\(noun) this service's proxies would be overwritten: \(listed)\(more); nothing was written. "
                          + "Move \(obstacles.count == 1 ? "it" : "them") away, generate into another --destination, "
                          + "or give --force to overwrite \(obstacles.count == 1 ? "it" : "them") (--dry-run lists what would change)")
    }

    /// Carries out a plan: writes the files (all but those left unchanged) and removes the stale ones.
    func apply(_ plan: Plan, _ files: [GeneratedFile]) throws {
        let writing = Set(plan.write)
        var created: Set<String> = []
        for f in files {
            let path = folder + "/" + f.path
            guard writing.contains(path) else { continue }
            let parent = FileSystemPath.deletingLastComponent(path)
            if created.insert(parent).inserted { try Self.makeFolder(parent) }
            try Self.write(Data(f.contents.utf8), to: path)
        }
        for path in plan.remove where unlink(path) != 0 {
            throw UsageError("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The destination is a folder, or can be made one: nothing but folders on the way to it.
    private func checkFolder(_ path: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory else { throw UsageError("cannot write to \(path): it is a file, not a folder") }
            guard access(path, W_OK) == 0 else { throw UsageError("cannot write to \(path): \(String(cString: strerror(errno)))") }
            return
        }
        let parent = FileSystemPath.deletingLastComponent(path)
        if !parent.isEmpty, parent != path { try checkFolder(parent) }
    }

    /// Creates a folder and its parents, with the C library's reason when it cannot.
    static func makeFolder(_ path: String) throws {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory else { throw UsageError("cannot create \(path): a file is in its place") }
            return
        }
        let parent = FileSystemPath.deletingLastComponent(path)
        if !parent.isEmpty, parent != path { try makeFolder(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw UsageError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes a file in place, with the C library's reason when it cannot.
    static func write(_ data: Data, to path: String) throws {
        guard let file = fopen(path, "wb") else { throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let count = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let failure = count == data.count ? 0 : errno
        if fclose(file) != 0 || failure != 0 {
            throw UsageError("cannot write \(path): \(String(cString: strerror(failure != 0 ? failure : errno)))")
        }
    }
}
