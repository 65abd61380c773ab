import FoundationEssentials
import ODataModel
import ODataClient
#if canImport(Glibc)
import Glibc
#endif

/// Downloaded `$metadata` documents under `$XDG_CACHE_HOME/odsh/metadata/`, one per service URL, user, SAP
/// client and language (and profile, so that each profile's files stay apart): `HASH.metadata` holds the bytes as
/// the service sent them, `HASH.json` the URL, user, ETag, Last-Modified and when it was fetched. Both are
/// written to a temporary file first and renamed into place. The next load sends the validators along
/// (`If-None-Match`, `If-Modified-Since`); a 304 means the cached bytes are read again.
struct MetadataCache {
    let directory: String

    /// What a cached document is kept by. Its fields are normalised once, when it is made from a service URL
    /// (`init(profile:serviceURL:...)`), and stored so in the sidecar: the key read back from a sidecar is the key
    /// the document was filed under, and both files carry the same name.
    struct Key: Equatable {
        let profile: String?
        /// The service URL without its passwords (`user:pw@`, `sap-password=`): the sidecar never holds them, and
        /// the user is part of the key anyway.
        let url: String
        let user: String
        let sapClient: String?
        let sapLanguage: String?

        /// The key of a service URL as given (passwords and all).
        init(profile: String?, serviceURL: String, user: String, sapClient: String?, sapLanguage: String?) {
            self.init(stored: profile, url: Redaction.redactURLPasswords(serviceURL), user: user, sapClient: sapClient, sapLanguage: sapLanguage)
        }

        /// A key whose URL is normalised already (as a sidecar holds it): taken as it is, never normalised twice.
        fileprivate init(stored profile: String?, url: String, user: String, sapClient: String?, sapLanguage: String?) {
            self.profile = profile
            self.url = url
            self.user = user
            self.sapClient = sapClient
            self.sapLanguage = sapLanguage
        }

        /// FNV-1a over the fields: a stable file name. The sidecar repeats the fields, so a collision is noticed.
        var hash: String {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            let text = ["odsh-metadata-1", profile ?? "", url, user, sapClient ?? "", sapLanguage ?? ""].joined(separator: "\n")
            for b in text.utf8 {
                h ^= UInt64(b)
                h = h &* 0x0000_0100_0000_01B3
            }
            return String(h, radix: 16).leftPadded(16)
        }
    }

    /// The sidecar of a cached document.
    struct Entry: Codable, Equatable {
        var url: String
        var user: String
        var profile: String?
        var sapClient: String?
        var sapLanguage: String?
        var etag: String?
        var lastModified: String?
        var contentType: String?
        var bytes: Int
        var fetchedAt: Date
        /// When a conditional GET last said the copy is current.
        var checkedAt: Date?
        /// How many seconds after `checkedAt` the service said the copy stays fresh (`Cache-Control: max-age`, less
        /// the response's `Age`); nil when it said nothing.
        var maxAge: Int?

        var key: Key { Key(stored: profile, url: url, user: user, sapClient: sapClient, sapLanguage: sapLanguage) }

        /// Whether the copy may be used without asking the service, `window` seconds after it was last checked.
        func isFresh(window: Int, now: Date = Date()) -> Bool {
            let age = now.timeIntervalSince(checkedAt ?? fetchedAt)
            // A clock that went back makes no copy fresh.
            return age >= 0 && age < Double(window)
        }
    }

    func documentPath(_ hash: String) -> String { "\(directory)/\(hash).metadata" }
    func sidecarPath(_ hash: String) -> String { "\(directory)/\(hash).json" }

    /// The cached document of `key`, when both files are there and agree.
    func entry(for key: Key) -> Entry? {
        guard let entry = readSidecar(key.hash), entry.key == key else { return nil }
        return entry
    }

    private func readSidecar(_ hash: String) -> Entry? {
        guard let data = FileManager.default.contents(atPath: sidecarPath(hash)),
              let entry = try? Self.decoder.decode(Entry.self, from: data) else { return nil }
        var st = stat()
        guard stat(documentPath(hash), &st) == 0, Int(st.st_size) == entry.bytes else { return nil }
        return entry
    }

    /// Every cached document, oldest fetch first.
    func list() -> [(hash: String, entry: Entry)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { name in
            let hash = String(name.dropLast(5))
            return readSidecar(hash).map { (hash, $0) }
        }.sorted { $0.entry.fetchedAt < $1.entry.fetchedAt }
    }

    /// Removes the documents whose sidecar matches (both files); returns how many went.
    @discardableResult
    func remove(where matches: (Entry) -> Bool) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let hash = String(name.dropLast(5))
            guard let data = FileManager.default.contents(atPath: sidecarPath(hash)),
                  let entry = try? Self.decoder.decode(Entry.self, from: data), matches(entry) else { continue }
            unlink(sidecarPath(hash))
            unlink(documentPath(hash))
            removed += 1
        }
        return removed
    }

    /// Notes that a conditional GET found the copy current, and how long the service now says it stays fresh.
    func markChecked(_ entry: Entry, maxAge: Int?) {
        var e = entry
        e.checkedAt = Date()
        e.maxAge = maxAge
        try? writeSidecar(e)
    }

    /// Removes the temporary files of writers that are gone (a process killed while downloading or writing a
    /// sidecar): those whose process no longer runs, and any older than a day (a process id may be reused).
    func removeStaleTemporaries(now: Date = Date()) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let me = getpid()
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            // .HASH.PID.RANDOM.tmp (a document) or .HASH.json.PID.RANDOM.tmp (a sidecar)
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]), pid > 0 else { continue }
            let path = "\(directory)/\(name)"
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            let old = now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec) > 86_400
            let gone = pid != me && kill(pid, 0) != 0 && errno == ESRCH
            if gone || old { unlink(path) }
        }
    }

    private func writeSidecar(_ entry: Entry) throws {
        try AtomicFile.write(try Self.encoder.encode(entry), to: sidecarPath(entry.key.hash), mode: 0o600)
    }

    /// Reads the cached bytes of `entry` into a reader, as a file is read (make the reader with `expectedSize:
    /// entry.bytes`).
    func read(_ entry: Entry, into reader: MetadataReader) throws -> CsdlDocument {
        let path = documentPath(entry.key.hash)
        guard let fh = fopen(path, "rb") else { throw UsageError("cannot read the cached metadata \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(fh) }
        return try reader.finish(reading: fh, path: path)
    }

    // MARK: writing while downloading

    /// Starts writing a new copy of `key`'s document: chunks go to a temporary file beside the cache as they
    /// arrive; `commit` renames it into place with its sidecar, `discard` removes it.
    func startDownload(_ key: Key) -> Download {
        Download(cache: self, key: key)
    }

    final class Download {
        let cache: MetadataCache
        let key: Key
        let temporary: String
        private var fd: Int32 = -1
        private(set) var bytes = 0
        /// Set when writing failed (disk full, ...): the download goes on, the cache is just not updated.
        private(set) var failure: String?

        fileprivate init(cache: MetadataCache, key: Key) {
            self.cache = cache
            self.key = key
            temporary = "\(cache.directory)/.\(key.hash).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        }

        deinit { discard() }

        /// The temporary file is made with the first chunk: a failed request leaves no trace.
        private func openFile() {
            do {
                try XDGDirectories.ensure(cache.directory)
            } catch {
                failure = "\(error)"
                return
            }
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 { failure = String(cString: strerror(errno)) }
        }

        func write(_ chunk: UnsafeRawBufferPointer) {
            if fd < 0 && failure == nil { openFile() }
            guard fd >= 0, failure == nil, let base = chunk.baseAddress else { return }
            var offset = 0
            while offset < chunk.count {
                let n = Glibc.write(fd, base + offset, chunk.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
            bytes += chunk.count
        }

        /// Puts the downloaded bytes in place, then the sidecar.
        func commit(etag: String?, lastModified: String?, contentType: String?, maxAge: Int?) throws {
            if fd < 0 && failure == nil { openFile() }  // an empty body
            guard fd >= 0 else { throw UsageError("cannot write the metadata cache in \(cache.directory): \(failure ?? "?")") }
            let ok = fsync(fd) == 0
            Glibc.close(fd)
            fd = -1
            if let failure { throw UsageError("cannot write the metadata cache in \(cache.directory): \(failure)") }
            guard ok, rename(temporary, cache.documentPath(key.hash)) == 0 else {
                throw UsageError("cannot write the metadata cache in \(cache.directory): \(String(cString: strerror(errno)))")
            }
            let now = Date()
            try cache.writeSidecar(Entry(url: key.url, user: key.user, profile: key.profile, sapClient: key.sapClient,
                                         sapLanguage: key.sapLanguage, etag: etag, lastModified: lastModified,
                                         contentType: contentType, bytes: bytes, fetchedAt: now, checkedAt: now, maxAge: maxAge))
            cache.removeStaleTemporaries(now: now)
        }

        func discard() {
            if fd >= 0 {
                Glibc.close(fd)
                fd = -1
            }
            unlink(temporary)
        }
    }

    private static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .iso8601
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    private static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        // The dates are the encoder's `.iso8601`, read by hand: `.iso8601` decoding builds a Gregorian calendar and
        // its time zone first, most of the cost of reading a sidecar on a one-shot run (docs/performance.md).
        d.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = internetDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return d
    }()

    /// `2026-11-28T03:22:10Z` or `2026-11-28T04:22:10+01:00` (RFC 3339 in whole seconds, what `.iso8601` encodes),
    /// else nil.
    static func internetDate(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 25 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var offset = 0
        if b.count == 20 {
            guard b[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
                  let h = number(20, 2), let m = number(23, 2), h < 24, m < 60 else { return nil }
            offset = (h * 3600 + m * 60) * (b[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset))
    }

    /// The days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`), as
    /// `timegm` counts them: plain arithmetic, where glibc's `timegm` reads the local time zone (/etc/localtime) on
    /// its first call, which a one-shot run then pays for nothing.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1  // from March 1st
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
