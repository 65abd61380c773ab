import ArgumentParser
import FoundationEssentials
import ODataModel
import ODataProxyGen

/// `odsh generate swift SOURCE --destination DIR`: proxy classes for a service, built on the `OData` library
/// (SAP's proxy class generator, on Linux).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        _superCommandName: "odsh",
        abstract: "Generate code for a service from its metadata.",
        subcommands: [SwiftProxies.self]
    )

    struct SwiftProxies: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swift",
            abstract: "Write typed Swift proxy classes for a service (a service class, a class per entity and complex type, enums).",
            discussion: """
                The classes are built on this repository's OData library: typed functions for every entity set, singleton, \
                function and action (blocking and async), static property descriptors for DataQuery \
                (Customer.companyName.equal("Alfreds")), and the metadata itself, so that the service starts without a \
                $metadata request and refreshMetadata() checks the live service against it. With --package the \
                destination becomes a Swift package: swift build there just works.
                """
        )

        @Argument(help: ArgumentHelp("A metadata file (CSDL XML or CSDL JSON), a service URL whose $metadata is fetched, or a profile's name.",
                                     valueName: "source"),
                  completion: CommandLineCompletion.fileOrProfile)
        var source: String

        @Option(name: .long, help: ArgumentHelp("The folder to write the Swift files to (created when missing).", valueName: "dir"),
                completion: .directory)
        var destination: String

        @Option(name: .long, help: ArgumentHelp("The service class's name (default: the entity container's).", valueName: "name"))
        var service: String?

        @Option(name: .long, help: ArgumentHelp("A prefix for the classes of entity, complex and enumeration types.", valueName: "prefix"))
        var prefix: String = ""

        @Option(name: .long, help: ArgumentHelp("The Swift module and package name (default: the service class's name).", valueName: "name"))
        var module: String?

        @Flag(name: .long, help: "Write a complete Swift package: Package.swift and Sources/MODULE.")
        var package = false

        @Flag(name: .customLong("internal"), help: "Declare everything internal instead of public.")
        var isInternal = false

        @Flag(name: .long, help: "Enums accept members added to the service later (and refreshMetadata pre-approves them).")
        var openEnumerations = false

        @Flag(name: .long, help: "Nullable properties are not optionals: a missing value reads as the type's default.")
        var disableOptionals = false

        @Option(name: .long, help: ArgumentHelp("A CSDL file with Proxy.ClassName / Proxy.PropertyName annotations that rename classes and properties.",
                                                valueName: "file"),
                completion: .file())
        var annotations: String?

        @Flag(name: .long, help: "Rename names that differ only in case with a suffix instead of refusing them.")
        var allowCaseConflicts = false

        @Option(name: .long, help: ArgumentHelp("--package: the URL of the odsh repository to depend on.", valueName: "url"))
        var libraryURL: String?

        @Option(name: .long, help: ArgumentHelp("--package: the version of the odsh library to depend on (from:).", valueName: "version"))
        var libraryVersion: String?

        @Flag(name: .long, help: "Treat metadata warnings as errors (exit 4).")
        var strict = false

        @Flag(name: [.short, .long], help: "Do not list metadata warnings nor the files written.")
        var quiet = false

        @OptionGroup(title: "Metadata")
        var metadataOptions: MetadataOptions

        @OptionGroup(title: "Connection (for a service URL)")
        var connection: ConnectionOptions

        func run() throws {
            var options = ProxyGeneratorOptions()
            options.serviceName = service
            options.classPrefix = prefix
            options.moduleName = module
            options.makePackage = package
            options.isInternal = isInternal
            options.openEnumerations = openEnumerations
            options.disableOptionals = disableOptionals
            options.allowCaseConflicts = allowCaseConflicts
            if let libraryURL { options.libraryURL = libraryURL }
            if let libraryVersion { options.libraryVersion = libraryVersion }
            if (libraryURL != nil || libraryVersion != nil) && !package {
                throw UsageError("--library-url and --library-version go with --package")
            }

            // The text is embedded as the service sent it: read from the file, or from the cache entry the load
            // wrote (so the cache stays on for a URL: --no-cache only makes the load ask the service).
            let loader = MetadataLoader(connections: ServiceConnections(connection.settings), strict: strict, noCache: false, fixFile: metadataOptions.metadataFix,
                                        maxAge: metadataOptions.noCache ? 0 : metadataOptions.metadataMaxAge)
            let document = try loader.load(source)
            if !quiet, !document.warnings.isEmpty {
                Stderr.write(IssueList.text(Array(document.warnings.prefix(10)), source: document.source))
            }
            let text = try metadataText(loader: loader)
            options.renames = ProxyRenames()
            try options.renames.add(from: document, checkingAgainst: document)
            if let annotations {
                let file = try MetadataReader.read(file: FileSystemPath.expandingTilde(annotations))
                try options.renames.add(from: file, checkingAgainst: document)
            }
            let label = MetadataLoader.isURL(source) ? MetadataLoader.serviceRoot(of: source) : source
            let files = try ProxyGenerator(document: document, metadataText: text, source: label, options: options).generate()
            let unchanged = try write(files)
            let removed = try removeStale(keeping: files)
            if !quiet {
                let written = files.count - unchanged
                let noun = written == 1 ? "file" : "files"
                let kept = unchanged > 0 ? ", \(unchanged) unchanged" : ""
                let gone = removed > 0 ? ", removed \(removed) an earlier generation wrote" : ""
                Stdout.write("wrote \(written) \(noun) to \(destination)\(kept)\(gone)\(package ? " (a Swift package: swift build --package-path \(destination))" : "")\n")
            }
        }

        /// The metadata text the document was read from.
        private func metadataText(loader: MetadataLoader) throws -> String {
            let path: String
            switch try loader.classify(source) {
            case .file(let file):
                path = file
            case .profile(let profile) where profile.metadata != nil:
                path = FileSystemPath.expandingTilde(profile.metadata ?? "")
            case .url, .profile:
                guard let entry = loader.lastLoad?.entry else {
                    throw UsageError("the metadata of \(source) could not be kept in the metadata cache, so it cannot be embedded; "
                                     + "save it to a file (odsh metadata) and generate from the file")
                }
                path = MetadataCache(directory: loader.context.dirs.metadataCache).documentPath(entry.key.hash)
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("cannot read \(path)")
            }
            return String(decoding: data, as: UTF8.self)
        }

        /// Removes the Swift files of the folders written to that an earlier generation wrote (they begin with the
        /// generator's header line) and this one did not: the classes of types the service no longer has, or of
        /// names that changed. Files without the header are the user's and stay. Returns how many were removed.
        private func removeStale(keeping files: [GeneratedFile]) throws -> Int {
            let fm = FileManager.default
            let written = Set(files.map { destination + "/" + $0.path })
            let folders = Set(written.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) })
            let mark = Data(ProxyGenerator.headerPrefix.utf8)
            var removed = 0
            for folder in folders.sorted() {
                for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".swift") {
                    let path = folder + "/" + name
                    guard !written.contains(path), let data = fm.contents(atPath: path), data.starts(with: mark) else { continue }
                    do { try fm.removeItem(atPath: path) } catch { throw UsageError("cannot remove \(path): \(error)") }
                    removed += 1
                }
            }
            return removed
        }

        /// Writes the files; returns how many were left as they were, having the same contents already.
        private func write(_ files: [GeneratedFile]) throws -> Int {
            let fm = FileManager.default
            var folders: Set<String> = []
            var unchanged = 0
            for f in files {
                let path = destination + "/" + f.path
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
                do {
                    if folders.insert(folder).inserted { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                    let bytes = Data(f.contents.utf8)
                    // A file that would not change is left alone: generating again after a change of the service
                    // then rebuilds only the classes that changed (SwiftPM goes by the files' times).
                    if fm.contents(atPath: path) == bytes { unchanged += 1; continue }
                    try bytes.write(to: URL(fileURLWithPath: path))
                } catch {
                    throw UsageError("cannot write \(path): \(error)")
                }
            }
            return unchanged
        }
    }
}
