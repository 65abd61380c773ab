import ArgumentParser

/// `--no-cache`, `--metadata-max-age` and `--metadata-fix`: how the commands that load metadata treat it.
struct MetadataOptions: ParsableArguments {
    @Flag(name: .customLong("no-cache"), help: "Fetch $metadata afresh; neither read nor write the metadata cache.")
    var noCache = false

    @Option(name: .customLong("metadata-max-age"),
            help: ArgumentHelp("Use cached metadata without asking the service for this long after it was last checked "
                               + "(0: always ask; default: the profile's metadata-max-age, else the service's Cache-Control max-age, else 300).",
                               valueName: "seconds"))
    var metadataMaxAge: Int?

    @Option(name: .customLong("metadata-fix"),
            help: ArgumentHelp("Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label=\"Amount\"`) after loading.",
                               valueName: "file"), completion: .file())
    var metadataFix: String?

    func validate() throws {
        if let age = metadataMaxAge, age < 0 {
            throw ValidationError("--metadata-max-age takes a number of seconds, 0 or more")
        }
    }
}

extension MetadataLoader {
    /// A loader on connections of its own, made from the command line's options.
    init(connection: ConnectionOptions?, strict: Bool, options: MetadataOptions? = nil) {
        self.init(connections: ServiceConnections(connection?.settings ?? ConnectionSettings(terminal: .process)), strict: strict,
                  noCache: options?.noCache ?? false, fixFile: options?.metadataFix, maxAge: options?.metadataMaxAge)
    }

    /// A loader on the run's connections, with the metadata options of the command line.
    init(connections: ServiceConnections, strict: Bool, options: MetadataOptions) {
        self.init(connections: connections, strict: strict, noCache: options.noCache, fixFile: options.metadataFix,
                  maxAge: options.metadataMaxAge)
    }
}
