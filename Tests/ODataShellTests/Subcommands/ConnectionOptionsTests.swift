import ArgumentParser
import Glibc
import ODataClient
import Testing
@testable import ODataShell

struct ConnectionOptionsTests {
    /// What parsing `arguments` says: "parsed", or the message of its error.
    func message(_ arguments: [String]) -> String {
        do {
            _ = try ConnectionOptions.parse(arguments)
            return "parsed"
        } catch {
            return ConnectionOptions.message(for: error)
        }
    }

    func configuration(_ arguments: [String], environment: [String: String] = [:],
                       password: String = "typed") throws -> HTTPConfiguration {
        let options = try ConnectionOptions.parse(arguments)
        return try options.httpConfiguration(serviceRoot: "http://h/svc/", environment: environment, readPassword: { _ in password })
    }

    @Test func helpNamesEveryOption() {
        let help = ConnectionOptions.helpMessage(columns: 100)
        for option in ["-H, --header <name: value>", "--user-agent", "-u, --user <user[:password]>", "--bearer", "--cookie ",
                       "--cookie-jar", "--netrc", "--cert", "--key", "--cacert", "--insecure", "--timeout", "--connect-timeout",
                       "--sap-client", "--sap-language", "--trace ", "--trace-data", "--trace-pretty", "--trace-file",
                       "--trace-secrets"] {
            #expect(help.contains(option), "\(option)")
        }
    }

    @Test func defaults() throws {
        let c = try configuration([])
        #expect(c.serviceRoot == "http://h/svc/")
        #expect(c.timeout == 30 && c.connectTimeout == 30)
        #expect(c.authentication == .none)
        #expect(c.userAgent == "odsh/\(ODataClientVersion.version) \(ODataClientVersion.userAgent)")
        #expect(!c.isTracing && !c.insecure)
    }

    @Test func everyOption() throws {
        let c = try configuration([
            "-H", "X-A: 1", "--header", "X-B:two words ", "-H", "X-Empty;", "--user-agent", "ua/1",
            "-u", "alice:se:cret", "--cookie", "a=b", "--cookie-jar", "/tmp/jar", "--netrc",
            "--cert", "/c.pem", "--key", "/k.pem", "--cacert", "/ca.pem", "--insecure",
            "--timeout", "2.5", "--connect-timeout", "0", "--sap-client", "100", "--sap-language", "EN",
            "--trace-pretty", "--trace-secrets",
        ])
        #expect(c.headers.fields.map { "\($0.name)=\($0.value)" } == ["X-A=1", "X-B=two words", "X-Empty="])
        #expect(c.userAgent == "ua/1")
        #expect(c.authentication == .basic(user: "alice", password: "se:cret"))
        #expect(c.cookie == "a=b" && c.cookieJar == "/tmp/jar" && c.useNetrc)
        #expect(c.clientCertificate == "/c.pem" && c.clientKey == "/k.pem" && c.caBundle == "/ca.pem" && c.insecure)
        #expect(c.timeout == 2.5 && c.connectTimeout == 0)
        #expect(c.sapClient == "100" && c.sapLanguage == "EN")
        #expect(c.traceRequests && c.traceWithData && c.prettyTracing && c.traceSecrets)
    }

    @Test func missingPasswordIsAskedFor() throws {
        let c = try configuration(["--user", "bob"], password: "from-terminal")
        #expect(c.authentication == .basic(user: "bob", password: "from-terminal"))
    }

    @Test func bearerFromTheEnvironment() throws {
        #expect(try configuration([], environment: ["ODSH_BEARER_TOKEN": "env-token"]).authentication == .bearer(token: "env-token"))
        #expect(try configuration(["--bearer", "flag"], environment: ["ODSH_BEARER_TOKEN": "env"]).authentication == .bearer(token: "flag"))
        #expect(try configuration(["-u", "a:b"], environment: ["ODSH_BEARER_TOKEN": "env"]).authentication == .basic(user: "a", password: "b"))
    }

    @Test func traceLevels() throws {
        let plain = try configuration(["--trace"])
        #expect(plain.traceRequests && !plain.traceWithData && !plain.prettyTracing)
        let data = try configuration(["--trace-data"])
        #expect(data.traceRequests && data.traceWithData && !data.prettyTracing)
        let secrets = try configuration(["--trace-secrets"])
        #expect(!secrets.isTracing)
    }

    @Test func invalidOptionsAreRefused() {
        for arguments in [["-H", "no colon"], ["-H", "Bad Name: x"], ["-u", ":pw"], ["-u", "a:b", "--bearer", "t"],
                          ["--key", "k.pem"], ["--timeout", "-1"], ["--sap-client", "1000"], ["--sap-client", "abc"],
                          ["--sap-language", "e n"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try ConnectionOptions.parse(arguments) }
        }
    }

    /// Browser sign-in's options, declared in `ConnectionOptions` itself (no option group of their own): the values,
    /// the checks with their messages in the order they run, and their place in the help (after --negotiate).
    @Test func browserSignInOptions() throws {
        let given = try ConnectionOptions.parse(["--authorize-url", "https://id/authorize", "--token-endpoint", "https://id/token",
                                                 "--client-id", "odsh", "--scope", "odata.read"])
        #expect(given.settings.browserSignIn.isGiven)
        #expect(given.settings.browserSignIn.authorizeURL == "https://id/authorize" && given.settings.browserSignIn.tokenEndpoint == "https://id/token")
        #expect(given.settings.browserSignIn.clientID == "odsh" && given.settings.browserSignIn.scope == "odata.read")
        #expect(!(try ConnectionOptions.parse([])).settings.browserSignIn.isGiven)
        #expect(message(["--scope", "x"]) == "--token-endpoint, --client-id and --scope go with --authorize-url (browser sign-in) "
                + "or --device-authorization-url (device sign-in)")
        #expect(message(["--authorize-url", "https://id/a"]) == "--authorize-url needs --token-endpoint and --client-id")
        #expect(message(["--authorize-url", "id/a", "--token-endpoint", "https://id/t", "--client-id", "c"])
                == "--authorize-url must be an http:// or https:// URL")
        // Browser sign-in's own checks come before those of the options together, and after the transport's.
        #expect(message(["--scope", "x", "-u", "a:b", "--bearer", "t"])
                == "--token-endpoint, --client-id and --scope go with --authorize-url (browser sign-in) "
                + "or --device-authorization-url (device sign-in)")
        #expect(message(["--scope", "x", "--key", "k.pem"]) == "--key needs --cert")
        #expect(message(["--authorize-url", "https://id/a", "--token-endpoint", "https://id/t", "--client-id", "c", "--negotiate"])
                == "--authorize-url (browser sign-in) excludes --user, --bearer and --negotiate")
        let help = ConnectionOptions.helpMessage(columns: 200)
        let order = ["--negotiate", "--auth <browser|device>", "--authorize-url <url>", "--device-authorization-url <url>", "--token-endpoint <url>", "--client-id <id>", "--scope <scope>", "--cookie <"]
        let places = order.compactMap { help.range(of: $0)?.lowerBound }
        #expect(places.count == order.count && places == places.sorted(), "\(help)")
    }

    /// Device sign-in for one run: `--device-authorization-url` with the token endpoint and client (it implies
    /// `--auth device`), or `--auth device` alone for a profile's endpoints; the contradictions refused by name.
    @Test func deviceSignInOptions() throws {
        let given = try ConnectionOptions.parse(["--device-authorization-url", "https://id/devicecode", "--token-endpoint", "https://id/token",
                                                 "--client-id", "odsh"])
        #expect(given.settings.browserSignIn.isGiven && given.settings.browserSignIn.deviceAuthorizationURL == "https://id/devicecode")
        #expect(given.settings.browserSignIn.authorizeURL == nil && given.settings.personSignIn == .device)
        #expect(try ConnectionOptions.parse(["--auth", "device"]).settings.personSignIn == .device)
        #expect(!(try ConnectionOptions.parse(["--auth", "device"])).settings.browserSignIn.isGiven, "a profile's endpoints")
        guard case .deviceCode(let device)? = given.settings.browserSignIn.signIn(environment: [:], terminal: .none).settings.grant as OAuth2SignIn.Grant? else {
            Issue.record("expected the device grant")
            return
        }
        #expect(device.deviceAuthorizationEndpoint == "https://id/devicecode")
        #expect(message(["--auth", "form"]).hasPrefix("--auth is browser or device"))
        #expect(message(["--device-authorization-url", "https://id/d"]) == "--device-authorization-url needs --token-endpoint and --client-id")
        #expect(message(["--device-authorization-url", "id/d", "--token-endpoint", "https://id/t", "--client-id", "c"])
                == "--device-authorization-url must be an http:// or https:// URL")
        #expect(message(["--authorize-url", "https://id/a", "--device-authorization-url", "https://id/d"])
                == "--authorize-url (browser sign-in) and --device-authorization-url (device sign-in) exclude each other")
        #expect(message(["--auth", "device", "--authorize-url", "https://id/a", "--token-endpoint", "https://id/t", "--client-id", "c"])
                == "--auth device signs in with a code: give --device-authorization-url, not --authorize-url")
        #expect(message(["--auth", "device", "-u", "a:b"]) == "--auth device excludes --user, --bearer and --negotiate")
    }

    @Test(.enabled(if: isatty(0) == 0, "standard input is a terminal")) func passwordWithoutTerminalIsAnError() throws {
        let options = try ConnectionOptions.parse(["-u", "carol"])
        let error = try #require(throws: UsageError.self) { try options.httpConfiguration(serviceRoot: nil) }
        #expect(error.message.contains("not a terminal"))
    }
}
