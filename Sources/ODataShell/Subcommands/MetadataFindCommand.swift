import ArgumentParser
import ODataModel

extension MetadataCommand {
    /// `odsh metadata find SOURCE TEXT`: the one-shot form of the shell's `.find`.
    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find", _superCommandName: "odsh metadata",
            abstract: "Search names, SAP labels and descriptions of sets, types, properties, navigation properties and functions.",
            discussion: """
                Case-insensitive; best first: the exact name, a name that starts with the text, the text at the start \
                of a word in a name, then labels (sap:label, sap:quickinfo, Common.Label), then descriptions \
                (Core.Description). Several words also match when each is found somewhere in one element. \
                Exit status 2 when nothing matches.
                """)
        @OptionGroup var source: MetadataSourceOptions
        @Argument(help: "The word or phrase to look for.")
        var text: [String]
        func run() throws { try Self.run(source.settings, text: text.joined(separator: " ")) }
        static func run(_ source: MetadataSource, text: String) throws {
            guard !text.allSatisfy({ $0 == " " }) else { throw UsageError("find needs a word to look for") }
            let doc = try source.load()
            let listing = ModelSearchListing(doc: doc, text: text)
            if source.json {
                Stdout.write(listing.json())
            } else if !listing.matches.isEmpty {
                Stdout.write(listing.textOutput(width: TerminalFacts.process.stdoutWidth))
            }
            if listing.matches.isEmpty {
                throw ModelLookupError(name: text, message: "nothing in the metadata is named, labelled or described \"\(text)\"")
            }
        }
    }
}
