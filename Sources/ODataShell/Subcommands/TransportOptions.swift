import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// The options that say how to reach a service, whoever signs in: headers, TLS, timeouts, proxy, SAP client and
/// language. Every command that talks to a service has them (through `ConnectionOptions`), and `profile add` stores
/// them: one declaration, one validation.
struct TransportOptions: ParsableArguments {
    init() {}

    @Option(name: [.customShort("H"), .customLong("header")],
            help: ArgumentHelp("Send this header with every request (repeatable). \"Name;\" sends an empty value.",
                               valueName: "name: value"))
    var headers: [String] = []

    @Option(name: .customLong("user-agent"),
            help: ArgumentHelp("The User-Agent header (default: odsh/\(ODataClientVersion.version) ODataClient/\(ODataClientVersion.version) libcurl/VERSION).", valueName: "text"))
    var userAgent: String?

    @Option(name: .customLong("cert"),
            help: ArgumentHelp("Client certificate for mutual TLS (PEM; may include the key).", valueName: "file"), completion: .file())
    var certificate: String?

    @Option(name: .customLong("key"), help: ArgumentHelp("Private key of --cert (PEM).", valueName: "file"), completion: .file())
    var key: String?

    @Option(name: .customLong("cacert"),
            help: ArgumentHelp("Verify the server with these CA certificates (PEM) instead of the system's.", valueName: "file"), completion: .file())
    var caBundle: String?

    @Flag(name: .customLong("insecure"),
          help: "Do not verify the server's TLS certificate or host name. Anyone on the way can then read and change the traffic.")
    var insecure = false

    @Option(name: .customLong("timeout"),
            help: ArgumentHelp("Seconds a request may take in all, 0 for no limit (default: 30).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("connect-timeout"),
            help: ArgumentHelp("Seconds to connect, TLS handshake included (default: 30).", valueName: "seconds"))
    var connectTimeout: Double?

    @Option(name: .customLong("proxy"),
            help: ArgumentHelp("Send requests through this proxy (default: $https_proxy, $http_proxy, $all_proxy).",
                               valueName: "url"))
    var proxy: String?

    @Option(name: .customLong("sap-client"),
            help: ArgumentHelp("SAP client, sent as sap-client=N with every request.", valueName: "nnn"))
    var sapClient: String?

    @Option(name: .customLong("sap-language"),
            help: ArgumentHelp("SAP logon language, sent as sap-language=L with every request.", valueName: "language"))
    var sapLanguage: String?

    mutating func validate() throws {
        for header in headers {
            _ = try ConnectionOptions.parseHeader(header)
        }
        if key != nil && certificate == nil {
            throw ValidationError("--key needs --cert")
        }
        if let timeout, timeout < 0 || !timeout.isFinite { throw ValidationError("--timeout must be 0 or more seconds") }
        if let connectTimeout, connectTimeout < 0 || !connectTimeout.isFinite {
            throw ValidationError("--connect-timeout must be 0 or more seconds")
        }
        if let sapClient, sapClient.count != 3 || !sapClient.allSatisfy(\.isASCII) || !sapClient.allSatisfy(\.isNumber) {
            throw ValidationError("--sap-client is a three-digit client number, e.g. 100")
        }
        if let sapLanguage, sapLanguage.isEmpty || !sapLanguage.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw ValidationError("--sap-language is a language key such as EN or de")
        }
    }

    /// The headers given, parsed (`validate()` has checked them).
    func parsedHeaders() throws -> [(String, String)] { try headers.map(ConnectionOptions.parseHeader) }

    /// The options as the plain value the rest of the shell works with (`validate()` has checked the headers).
    var settings: TransportSettings {
        TransportSettings(headers: (try? parsedHeaders()) ?? [], userAgent: userAgent, certificate: certificate, key: key,
                          caBundle: caBundle, insecure: insecure, timeout: timeout, connectTimeout: connectTimeout, proxy: proxy,
                          sapClient: sapClient, sapLanguage: sapLanguage)
    }
}
