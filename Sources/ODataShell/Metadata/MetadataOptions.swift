import ArgumentParser

/// `--no-cache` and `--metadata-fix`: how the commands that load metadata treat it.
struct MetadataOptions: ParsableArguments {
    @Flag(name: .customLong("no-cache"), help: "Fetch $metadata afresh; neither read nor write the metadata cache.")
    var noCache = false

    @Option(name: .customLong("metadata-fix"),
            help: ArgumentHelp("Apply this fix-up file (lines like `Type/Property: Scale=2 sap:label=\"Amount\"`) after loading.",
                               valueName: "file"), completion: .file())
    var metadataFix: String?
}
