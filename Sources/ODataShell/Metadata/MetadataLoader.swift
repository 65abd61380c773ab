import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// Loads a service's metadata; the one place that does. A source is a file, a service URL or a profile's name.
/// From a URL, `SERVICE/$metadata` is streamed into the SAX push parser and, at the same time, into the metadata
/// cache (no whole-document buffer). A cached copy is used without asking the service for a freshness window after
/// it was last checked (`--metadata-max-age`, else the profile's `metadata-max-age`, else the service's
/// `Cache-Control: max-age`, else `defaultMaxAge`), so that a one-shot query costs one request; after it, the next
/// load revalidates the copy with a conditional GET, and when the service cannot be reached the cached copy is used
/// with a warning. A fix-up document (`--metadata-fix`, else the profile's `metadata-fix`) is applied after every
/// load.
struct MetadataLoader {
    /// The run's connections: the `$metadata` request goes through the service's, which its statements use next.
    let connections: ServiceConnections
    var strict: Bool
    /// Neither read nor write the metadata cache (`--no-cache`).
    var useCache = true
    /// Seconds a cached copy is used without asking the service (`--metadata-max-age`; 0: always ask); nil: the
    /// profile's, else the service's, else `defaultMaxAge`.
    var maxAge: Int?
    /// The freshness window when neither the user nor the service gives one: five minutes.
    static let defaultMaxAge = 300
    /// A fix-up document, applied instead of the profile's.
    var fixFile: String?
    /// Profiles, directories and environment; read on first use.
    var context: ProfileContext {
        get { connections.context }
        nonmutating set { connections.context = newValue }
    }
    /// Secrets already at hand for the profile being loaded (`profile add` checks a profile before storing it).
    var pendingSecrets: [String: String] = [:]

    /// How the last load from a service went (nil after a file): `ShellCommand` revalidates a trusted copy when a
    /// request fails in a way that can mean the metadata moved on.
    var lastLoad: LoadInfo? { loadHolder.value }
    private final class LoadHolder { var value: LoadInfo? }
    private let loadHolder = LoadHolder()

    /// How a document came from a service.
    struct LoadInfo {
        enum Origin {
            /// Downloaded whole (no cached copy, or it had changed).
            case downloaded
            /// The service said the cached copy is current (304).
            case revalidated
            /// The cached copy, used within its freshness window without asking the service.
            case trusted
            /// The cached copy, because the service could not be reached.
            case offline
        }
        var origin: Origin
        /// The cache entry read or written (nil with `--no-cache`, or when the cache could not be written).
        var entry: MetadataCache.Entry?
    }

    init(connections: ServiceConnections, strict: Bool, noCache: Bool = false, fixFile: String? = nil, maxAge: Int? = nil) {
        self.connections = connections
        self.strict = strict
        useCache = !noCache
        self.fixFile = fixFile
        self.maxAge = maxAge
    }

    /// True for `http://` and `https://` sources.
    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The service root of a URL given either as the root or as its `$metadata` document, with its own query.
    static func serviceRoot(of url: String) -> String { ServiceRoot(url).description }

    /// What a source on the command line names.
    enum Source {
        case file(String)
        case url(String)
        case profile(Profile)
    }

    /// A URL; else the name of a profile in config.toml; else a file. A name that could be a profile's but is
    /// neither one nor an existing file is reported as an unknown profile.
    func classify(_ source: String) throws -> Source {
        if Self.isURL(source) { return .url(source) }
        guard Profile.isValidName(source) else { return .file(source) }
        let store = try context.profiles()
        if let profile = store.profile(named: source) { return .profile(profile) }
        if FileManager.default.fileExists(atPath: source) { return .file(source) }
        _ = try store.require(source)
        return .file(source)
    }

    /// The metadata of a file, URL or profile.
    func load(_ source: String) throws -> CsdlDocument {
        switch try classify(source) {
        case .file(let path):
            return try fixed(MetadataReader.read(file: path, options: readerOptions), profile: nil)
        case .url(let url):
            return try fixed(loadURL(url, profile: nil), profile: nil)
        case .profile(let profile):
            return try load(profile: profile, metadataFile: nil)
        }
    }

    /// The metadata of a profile: its local `metadata` file (or `metadataFile`), else its service's.
    func load(profile: Profile, metadataFile: String?) throws -> CsdlDocument {
        if let file = metadataFile ?? profile.metadata {
            return try fixed(MetadataReader.read(file: FileSystemPath.expandingTilde(file), options: readerOptions), profile: profile)
        }
        return try fixed(loadURL(profile.url, profile: profile), profile: profile)
    }

    /// The shell's service: a URL or a profile's name, with `--metadata FILE` taking the place of `$metadata`.
    func load(service: String, metadataFile: String?) throws -> (document: CsdlDocument, serviceRoot: String, profile: Profile?) {
        switch try classify(service) {
        case .profile(let profile):
            return (try load(profile: profile, metadataFile: metadataFile), Self.serviceRoot(of: profile.url), profile)
        case .url(let url):
            if let file = metadataFile { return (try fixed(MetadataReader.read(file: file, options: readerOptions), profile: nil), url, nil) }
            return (try fixed(loadURL(url, profile: nil), profile: nil), url, nil)
        case .file:
            throw UsageError("\(service) is neither a service URL (http:// or https://) nor a profile (odsh profile list shows them)")
        }
    }

    private var readerOptions: MetadataReader.Options { MetadataReader.Options(strict: strict) }

    private func fixed(_ doc: CsdlDocument, profile: Profile?) throws -> CsdlDocument {
        guard let file = fixFile ?? profile?.metadataFix else { return doc }
        try MetadataFixup.read(file: FileSystemPath.expandingTilde(file)).apply(to: doc)
        return doc
    }

    // MARK: from the service

    private func loadURL(_ url: String, profile: Profile?) throws -> CsdlDocument {
        let root = Self.serviceRoot(of: url)
        let settings = try connections.connection(serviceRoot: root, profile: profile, pending: pendingSecrets)
        let display = HTTPClient.metadataURLForDisplay(root)
        let reader = MetadataReader(source: display, options: readerOptions)
        loadHolder.value = nil
        guard useCache else {
            let client = try settings.client()
            try client.fetchMetadata(serviceURL: root, into: reader)
            loadHolder.value = LoadInfo(origin: .downloaded, entry: nil)
            return try reader.finish()
        }

        let cache = MetadataCache(directory: context.dirs.metadataCache)
        let key = MetadataCache.Key(profile: profile?.name, serviceURL: root, user: settings.identity,
                                    sapClient: settings.configuration.sapClient, sapLanguage: settings.configuration.sapLanguage)
        let cached = cache.entry(for: key)
        if let cached, cached.isFresh(window: maxAge ?? profile?.metadataMaxAge ?? cached.maxAge ?? Self.defaultMaxAge) {
            // A copy the cache may no longer read (removed meanwhile) is fetched as if there were none.
            if let doc = try? cache.read(cached, into: MetadataReader(source: display, options: readerOptions, expectedSize: cached.bytes)) {
                loadHolder.value = LoadInfo(origin: .trusted, entry: cached)
                return doc
            }
        }
        let client = try settings.client()
        var validators = HTTPHeaders()
        if let etag = cached?.etag { validators.set("If-None-Match", etag) }
        if let date = cached?.lastModified { validators.set("If-Modified-Since", date) }
        let download = cache.startDownload(key)
        defer { download.discard() }
        let response: HTTPResponse
        do {
            response = try client.fetchMetadata(serviceURL: root, headers: validators, into: reader) { download.write($0) }
        } catch let error as ODataClientError where Self.isUnreachable(error) {
            guard let cached else { throw error }
            Stderr.write("odsh: warning: \(ErrorReporter.line(for: error))\nodsh: warning: using the metadata of \(display) cached on "
                         + "\(Self.dateText(cached.fetchedAt)) (--no-cache to fail instead)\n")
            loadHolder.value = LoadInfo(origin: .offline, entry: cached)
            return try cache.read(cached, into: MetadataReader(source: display, options: readerOptions, expectedSize: cached.bytes))
        }
        let freshFor = CacheControl(response.headers).freshFor
        if response.status == 304, let cached {
            cache.markChecked(cached, maxAge: freshFor)
            loadHolder.value = LoadInfo(origin: .revalidated, entry: cache.entry(for: key) ?? cached)
            return try cache.read(cached, into: MetadataReader(source: display, options: readerOptions, expectedSize: cached.bytes))
        }
        let doc = try reader.finish()
        do {
            try download.commit(etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
                                contentType: response.headers["Content-Type"], maxAge: freshFor)
        } catch {
            Stderr.write("odsh: warning: \(error)\n")
        }
        loadHolder.value = LoadInfo(origin: .downloaded, entry: cache.entry(for: key))
        return doc
    }

    /// The service could not be reached: the network, or a gateway in front of it that says its backend is down.
    static func isUnreachable(_ error: ODataClientError) -> Bool {
        error.isTransportFailure || [502, 503, 504].contains(error.httpStatus ?? 0)
    }

    /// `2024-05-01 14:03:59`: the date in the local time zone ($TZ, else /etc/localtime), whole seconds.
    static func dateText(_ date: Date) -> String {
        tzset()
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
