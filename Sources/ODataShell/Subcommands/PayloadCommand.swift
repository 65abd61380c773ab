import CStdio
import ArgumentParser
import FoundationEssentials
import Glibc
import ODataClient
import ODataModel

/// `odsh payload`: read OData data payloads saved to files.
struct PayloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payload",
        _superCommandName: "odsh",
        abstract: "Read OData data payloads (V4 JSON, V2 JSON, Atom) from files.",
        subcommands: [Decode.self]
    )

    struct Decode: ParsableCommand {
        /// A write to stdout failed; `Stdout.finish` says so as the process ends.
        private struct StdoutFailed: Error {}

        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Decode a payload against its metadata and write the entities as NDJSON, one per line.",
            discussion: """
                Values are checked against the metadata; a value that does not fit its type is kept as it came and \
                reported as a warning on stderr (with --strict it ends the run, exit status 4). The next link and the \
                count of a paged response are reported on stderr, so that stdout holds only the entities.
                """)

        @Option(name: .long, help: ArgumentHelp("The service's metadata (CSDL XML or JSON).", valueName: "file"), completion: .file())
        var metadata: String

        @Option(name: .customLong("entity-set"), help: ArgumentHelp("The entity set (or singleton) the payload holds.", valueName: "name"))
        var entitySet: String

        @Option(name: .long, help: ArgumentHelp("v4json, v2json or atom (default: guessed from the payload).", valueName: "format"))
        var format: String?

        @Flag(name: .long, help: "Write entity metadata (@odata.id, @odata.etag, links) too.")
        var annotations = false

        @Flag(name: .long, help: "Treat values that do not fit the metadata as errors.")
        var strict = false

        @Flag(name: [.short, .long], help: "Do not report warnings, next link or count on stderr.")
        var quiet = false

        @Flag(name: [.short, .long], help: "Report every warning (not only the first 10).")
        var verbose = false

        @Argument(help: ArgumentHelp("The payload file; - reads standard input.", valueName: "payload"), completion: .file())
        var payload: String

        func validate() throws {
            if let format { _ = try Self.parseFormat(format) }
        }

        func run() throws {
            let reporter = ErrorReporter(verbose: verbose)
            let (doc, target) = try reporter.exitOnError { () throws -> (CsdlDocument, PayloadTarget) in
                let doc = try MetadataReader.read(file: metadata)
                do {
                    return (doc, .entitySet(try doc.entitySet(withName: entitySet)))
                } catch {
                    // Not a set: a singleton, else the set's error (with its suggestions).
                    guard let s = try? doc.singleton(withName: entitySet) else { throw error }
                    return (doc, .singleton(s))
                }
            }
            guard let input = payload == "-" ? odsh_stdin() : fopen(payload, "rb") else {
                throw OdshExit(reporter.report(PayloadFileError(path: payload, message: String(cString: strerror(errno)))))
            }
            defer { if payload != "-" { fclose(input) } }

            var options = PayloadReadOptions(mode: strict ? .strict : .lenient)
            options.maxCollectedWarnings = verbose ? Int.max : 10
            // Its failures are stdout's: reported once, as the process ends (Stdout.finish).
            let writer = NDJSONWriter(options: NDJSONWriter.Options(annotations: annotations)) { bytes in
                guard bytes.count > 0 else { return }
                if fwrite(bytes.baseAddress, 1, bytes.count, odsh_stdout()) < bytes.count {
                    Stdout.remember(errno)
                    throw StdoutFailed()
                }
            }
            var reader: PayloadReader?
            let size = 256 * 1024
            let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            defer { buf.deallocate() }
            do {
                while true {
                    let n = fread(buf, 1, size, input)
                    if n > 0 {
                        let chunk = UnsafeRawBufferPointer(start: buf, count: n)
                        if reader == nil {
                            let f = try format.map(Self.parseFormat) ?? Self.guessFormat(chunk, version: doc.version)
                            reader = PayloadReader(format: f, model: doc, target: target, options: options) { try writer.write($0) }
                        }
                        try reader!.feed(chunk)
                    }
                    if n < size {
                        if ferror(input) != 0 { throw PayloadFileError(path: payload, message: String(cString: strerror(errno))) }
                        break
                    }
                }
                guard let r = reader else {
                    throw PayloadError(PayloadIssue(kind: .malformed, message: "the payload is empty"))
                }
                let info = try r.finish()
                try writer.flush()
                fflush(odsh_stdout())
                if !quiet { report(r, info) }
            } catch is StdoutFailed {
                // Said once as the process ends, with its status (Stdout.finish): a full disk is 2, a closed pipe quiet.
                return
            } catch let e as PayloadError {
                try? writer.flush()
                fflush(odsh_stdout())
                if let r = reader, !quiet { reportWarnings(r) }
                throw OdshExit(reporter.report(e, context: payload))
            } catch {
                throw OdshExit(reporter.report(error))
            }
        }

        private func report(_ r: PayloadReader, _ info: PageInfo) {
            reportWarnings(r)
            if let c = info.count { Stderr.write("odsh: count: \(c)\n") }
            if let n = info.nextLink { Stderr.write("odsh: next link: \(TerminalEscaping.oneLine(n))\n") }
            if let d = info.deltaLink { Stderr.write("odsh: delta link: \(TerminalEscaping.oneLine(d))\n") }
        }

        private func reportWarnings(_ r: PayloadReader) {
            for w in r.warnings { Stderr.write("odsh: warning: \(TerminalEscaping.oneLine("\(w)"))\n") }
            if r.warningCount > r.warnings.count {
                Stderr.write("odsh: \(r.warningCount - r.warnings.count) more warnings (--verbose lists them all)\n")
            }
        }

        static func parseFormat(_ s: String) throws -> PayloadFormat {
            guard let f = PayloadFormat(rawValue: s.lowercased()) else {
                throw ValidationError("unknown format \(s): use v4json, v2json or atom")
            }
            return f
        }

        /// `<` starts Atom; a JSON object whose first member is `"d"` is V2; other JSON follows the metadata's version.
        static func guessFormat(_ b: UnsafeRawBufferPointer, version: ODataVersion) -> PayloadFormat {
            var i = 0
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
            func skip() { while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 } }
            skip()
            guard i < b.count else { return PayloadFormat.json(for: version) }
            if b[i] == UInt8(ascii: "<") { return .atom }
            if b[i] == UInt8(ascii: "{") {
                i += 1; skip()
                if i + 3 <= b.count, b[i] == UInt8(ascii: "\""), b[i + 1] == UInt8(ascii: "d"), b[i + 2] == UInt8(ascii: "\"") { return .v2JSON }
                if i + 3 <= b.count, b[i] == UInt8(ascii: "\""), b[i + 1] == UInt8(ascii: "@") { return .v4JSON }
            }
            return PayloadFormat.json(for: version)
        }
    }
}
