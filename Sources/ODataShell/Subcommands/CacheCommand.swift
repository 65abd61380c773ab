import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel

/// `odsh cache list|clear`: the metadata cache under `$XDG_CACHE_HOME/odsh/metadata`.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        _superCommandName: "odsh",
        abstract: "The cached $metadata documents: list them, or clear all, a profile's or a service's.",
        discussion: """
            Every $metadata download is kept under $XDG_CACHE_HOME/odsh/metadata (default ~/.cache/odsh), one per \
            service URL, user, SAP client and language, and profile. The next load asks the service whether it \
            changed (If-None-Match, If-Modified-Since); when the service cannot be reached, the cached copy is used \
            with a warning. --no-cache on the commands that load metadata bypasses all of it.
            """,
        subcommands: [List.self, Clear.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the cached metadata documents.")

        func run() throws {
            let cache = MetadataCache(directory: ProfileContext.current(terminal: .process).dirs.metadataCache)
            let entries = cache.list()
            guard !entries.isEmpty else {
                Stderr.write("odsh: the metadata cache \(cache.directory) is empty\n")
                return
            }
            var table = TextTable(headers: ["PROFILE", "URL", "USER", "SIZE", "FETCHED", "VALIDATOR"])
            table.flexible = [1, 5]
            table.rightAligned = [3]
            for (_, e) in entries {
                table.add([e.profile ?? "", HTTPClient.urlForDisplay(e.url), e.user, CacheCommand.size(e.bytes),
                           MetadataLoader.dateText(e.fetchedAt), e.etag.map { "ETag \($0)" } ?? e.lastModified ?? ""])
            }
            Stdout.write(table.render(width: TerminalFacts.process.stdoutWidth))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove cached metadata: all, a profile's (by name) or a service's (by URL).")

        @Argument(help: ArgumentHelp("A profile's name or a service URL; nothing clears the whole cache.", valueName: "name|url"),
                  completion: CommandLineCompletion.profileOrURL)
        var target: String?

        func run() throws {
            let context = ProfileContext.current(terminal: .process)
            let cache = MetadataCache(directory: context.dirs.metadataCache)
            let removed: Int
            switch target {
            case nil:
                removed = cache.remove { _ in true }
            case let url? where MetadataLoader.isURL(url):
                let root = MetadataLoader.serviceRoot(of: url)
                removed = cache.remove { $0.url == root }
            case let name?:
                removed = cache.remove { $0.profile == name }
                // A profile with nothing cached is fine; a name that is neither a profile nor in the cache is a typo.
                let profiles = (try? ProfileStore.load(context.dirs))?.profiles.map(\.name) ?? []
                if removed == 0, !profiles.contains(name) {
                    let known = profiles + cache.list().compactMap(\.entry.profile)
                    throw ModelLookupError(name: name, message: "no profile named \(name) and no service URL: give a profile's name or a URL",
                                           suggestions: NameSuggester.closest(to: name, in: known))
                }
            }
            Stdout.write("removed \(removed) cached metadata document\(removed == 1 ? "" : "s")\n")
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) B" : bytes < 10_000_000 ? "\(bytes / 1000) KB" : "\(bytes / 1_000_000) MB"
    }

    /// One cached document in a few words.
    static func describe(_ e: MetadataCache.Entry) -> String {
        "\(size(e.bytes)) fetched \(MetadataLoader.dateText(e.fetchedAt))" + (e.etag.map { " (ETag \($0))" } ?? "")
    }
}
