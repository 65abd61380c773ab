import ArgumentParser
import FoundationEssentials
import ODataClient
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

        @Option(name: .long, help: ArgumentHelp("The service class's name (default: named for the service, from its entity container's).", valueName: "name"))
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

        @Flag(name: .long, help: "No property is optional: one that was not read (left out by $select) or is null reads as its type's default (\"\", 0, false), which only isLoaded tells from a real value.")
        var disableOptionals = false

        @Option(name: .long, help: ArgumentHelp("A CSDL file with Proxy.ClassName / Proxy.PropertyName annotations that rename classes and properties.",
                                                valueName: "file"),
                completion: .file())
        var annotations: String?

        @Flag(name: .long, help: "Rename names that differ only in case with a suffix instead of refusing them.")
        var allowCaseConflicts = false

        @Option(name: .long, help: ArgumentHelp("--package: where the package gets the odsh library: the URL of its git repository, or the path of a checkout (default: the source this odsh was built from, when it is still there).",
                                                valueName: "url|path"),
                completion: .directory)
        var library: String?

        @Option(name: .long, help: ArgumentHelp("--package with a --library URL: the version of the odsh library to depend on (from:; default: this odsh's).", valueName: "version"))
        var libraryVersion: String?

        @Flag(name: .long, help: "Overwrite files in the way that are not this service's proxies (the user's own, another service's).")
        var force = false

        @Flag(name: .long, help: "Write nothing: list the files that would be written, left unchanged and removed, those in the way, and every rename.")
        var dryRun = false

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
            if (library != nil || libraryVersion != nil) && !package {
                throw UsageError("--library and --library-version go with --package")
            }
            if package { options.library = try librarySource() }

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
            let generator = ProxyGenerator(document: document, metadataText: text, source: label, options: options)
            let files = try generator.generate()
            var folder = destination
            while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
            let target = ProxyDestination(folder: folder, service: generator.serviceIdentity)
            let plan = try target.plan(files)
            if dryRun {
                var lines = plan.write.map { "write \($0)" } + plan.unchanged.map { "unchanged \($0)" } + plan.remove.map { "remove \($0)" }
                lines += plan.inTheWay.map { "in the way \($0.path) (\($0.origin))\(force ? ": --force overwrites it" : ": the run would stop")" }
                lines += try generator.renames().map { "rename \($0)" }
                Stdout.write(lines.map { $0 + "\n" }.joined())
                return
            }
            if !plan.inTheWay.isEmpty && !force { throw target.obstacleError(plan.inTheWay) }
            try target.apply(plan, files)
            if !quiet {
                let written = plan.write.count
                let noun = written == 1 ? "file" : "files"
                let kept = plan.unchanged.isEmpty ? "" : ", \(plan.unchanged.count) unchanged"
                let gone = plan.remove.isEmpty ? "" : ", removed \(plan.remove.count) an earlier generation of the service wrote"
                Stdout.write("wrote \(written) \(noun) to \(destination)\(kept)\(gone)\(package ? " (a Swift package: swift build --package-path \(destination))" : "")\n")
            }
        }

        /// Where a generated package gets the library: `--library` (a URL, or a path, made absolute), else the
        /// source this odsh was built from; nil when neither is known (the generator then says what to give).
        private func librarySource() throws -> ProxyGeneratorOptions.LibrarySource? {
            guard let library else {
                return BuiltFromSource.root.map { .path($0) }
            }
            if library.contains("://") || library.hasPrefix("git@") {
                return .repository(url: library, from: libraryVersion ?? ODataClientVersion.version)
            }
            if libraryVersion != nil { throw UsageError("--library-version goes with a --library URL, not a path") }
            var path = FileSystemPath.expandingTilde(library)
            if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            guard BuiltFromSource.isLibrarySource(path) else {
                throw UsageError("--library \(library): \(path) is not a checkout of odsh (no Package.swift with Sources/ODataClient there)")
            }
            return .path(path)
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
    }
}
