import Foundation
import ODataClient
import Testing
@testable import ODataShell

/// config.toml: the TOML subset, the table editor that keeps hand edits, profiles to and from TOML, XDG folders.
struct ProfileConfigTests {
    @Test func readsTheTOMLSubset() throws {
        let doc = try TOMLReader.parse("""
            # odsh profiles
            title = 'literal \\ kept'
            [profile.gw]
            url = "https://gw.example/sap/opu/odata/sap/ZSRV/"   # the service
            timeout = 60
            connect-timeout = 2.5
            insecure = false
            tags = [ "a", 'b',
                     "c", ]  # over lines
            login-fields = { login_submit = "on", "x y" = "\\u00e9\\"" }
            [profile.gw.headers]
            "X-Requested-With" = "XMLHttpRequest"
            [ profile . "odd name" ]
            url.inner = 1
            """, source: "c.toml")
        #expect(doc.root["title"] == .string("literal \\ kept"))
        let gw = try #require(doc.root["profile"]?.table?["gw"]?.table)
        #expect(gw["url"] == .string("https://gw.example/sap/opu/odata/sap/ZSRV/"))
        #expect(gw["timeout"] == .integer(60) && gw["connect-timeout"] == .float(2.5) && gw["insecure"] == .bool(false))
        #expect(gw["tags"] == .array([.string("a"), .string("b"), .string("c")]))
        #expect(gw["login-fields"]?.table?["x y"] == .string("é\""))
        #expect(gw["headers"]?.table?["X-Requested-With"] == .string("XMLHttpRequest"))
        #expect(doc.root["profile"]?.table?["odd name"]?.table?["url"]?.table?["inner"] == .integer(1))
        #expect(doc.headers.map(\.line) == [3, 11, 13])
    }

    @Test func refusesWhatItDoesNotReadWithTheLine() {
        for (text, line, words) in [("a = 1\na = 2", 2, "set twice"), ("[x]\n[x]", 2, "defined twice"), ("d = 2024-01-01", 1, "dates"),
                                    ("[[p]]", 1, "arrays of tables"), ("s = \"\"\"x\"\"\"", 1, "multi-line"), ("s = \"open", 1, "not closed"),
                                    ("v = bare", 1, "strings need quotes"), ("a = 1 b = 2", 1, "one setting a line"),
                                    ("t = { a = 1", 1, "inline table"), ("a = 1\n[a]", 2, "not a table")] {
            #expect(throws: TOMLError.self, "\(text)") { try TOMLReader.parse(text, source: "c.toml") }
            do {
                _ = try TOMLReader.parse(text, source: "c.toml")
            } catch let e as TOMLError {
                #expect(e.line == line && e.description.contains(words), "\(text): \(e)")
            } catch {}
        }
    }

    @Test func theEditorRemovesOneProfileAndKeepsEverythingElse() throws {
        let text = """
            # my services

            [profile.a]
            url = "http://a/"   # keep me? no: a goes

            # production: careful
            [profile.b]
            url = "http://b/"

            # a's headers
            [profile.a.headers]
            X = "1"

            [profile.c]
            url = "http://c/"
            """
        var editor = TOMLEditor(text)
        #expect(try editor.removeTables(under: ["profile", "a"]) == 2)
        #expect(editor.text == """
            # my services

            # production: careful
            [profile.b]
            url = "http://b/"

            [profile.c]
            url = "http://c/"

            """)
        editor.append("[profile.d]\nurl = \"http://d/\"\n")
        #expect(editor.text.hasSuffix("url = \"http://c/\"\n\n[profile.d]\nurl = \"http://d/\"\n"))
    }

    @Test func aProfileSurvivesTheRoundTrip() throws {
        var p = Profile(name: "hr-prod", url: "https://hr.example/odata/v2/")
        p.auth = .form
        p.user = "DEVELOPER"
        p.secretFrom = .command("pass show sap/hr")
        p.loginURL = "https://hr.example/irj/portal"
        p.userField = "sap-user"
        p.passwordField = "sap-password"
        p.loginFields = [.init(name: "login_submit", value: "on")]
        p.loginUserAgent = "Mozilla/5.0"
        p.headers = ["X-Requested-With": "XMLHttpRequest", "sap-cancel-on-close": "true"]
        p.sapClient = "100"
        p.sapLanguage = "DE"
        p.timeout = 90
        p.connectTimeout = 2.5
        p.proxy = "http://proxy:3128"
        p.caBundle = "~/ca.pem"
        p.insecure = true
        p.output = "table"
        p.pageSize = 50
        p.pager = false
        p.metadataFix = "~/hr.fix"
        let text = p.tomlText
        #expect(!text.contains("password ="), "no secret is written")
        #expect(text.contains("pager = false"))
        let table = try #require(try TOMLReader.parse(text).root["profile"]?.table?["hr-prod"]?.table)
        #expect(try Profile(name: "hr-prod", table: table, place: "t") == p)
    }

    @Test func settingsAreCheckedWithHelpfulWords() throws {
        func profile(_ body: String) throws -> Profile {
            let table = try TOMLReader.parse("[profile.p]\n" + body).root["profile"]!.table!["p"]!.table!
            return try Profile(name: "p", table: table, place: "config.toml: [profile.p]")
        }
        for (body, words) in [("url = \"http://h/\"\nsecert-from = \"file\"", "unknown setting secert-from (did you mean secret-from?)"),
                              ("url = \"http://h/\"\nauth = \"ntlm\"", "expected none|basic|bearer"),
                              ("url = \"http://h/\"\nauth = \"basic\"", "needs user"),
                              ("url = \"http://h/\"\nauth = \"form\"\nuser = \"u\"", "needs login-url"),
                              ("url = \"http://h/\"\nauth = \"oauth2-client\"", "needs token-endpoint"),
                              ("url = \"http://h/\"\nsecret-from = \"vault\"", "env:VAR, command:CMD"),
                              ("url = \"http://h/\"\ntimeout = \"long\"", "timeout must be a number"),
                              ("url = \"ftp://h/\"", "http:// or https://"), ("auth = \"none\"", "url is missing"),
                              ("url = \"http://h/\"\nsap-client = \"1\"", "three-digit"),
                              ("url = \"http://h/\"\npager = \"less\"", "pager must be true or false")] {
            #expect(throws: ProfileError.self, "\(body)") { try profile(body) }
            do { _ = try profile(body) } catch { #expect("\(error)".contains(words), "\(error)") }
        }
    }

    @Test func profileNames() {
        for good in ["gw", "hr-prod", "S4_100", "1a"] { #expect(Profile.isValidName(good), "\(good)") }
        for bad in ["", "-x", "a.b", "a/b", "http://x", "metadata", "profile", "cache", "sp ace", String(repeating: "x", count: 65)] {
            #expect(!Profile.isValidName(bad), "\(bad)")
        }
    }

    @Test func secretSourcesReadAndWrite() {
        for text in ["env:SAP_PW", "command:pass show sap/dev", "file", "file:~/x.toml", "prompt"] {
            #expect(SecretSource(text)?.description == text)
        }
        for bad in ["env:", "env:A-B", "command: ", "file:", "vault", "plain"] { #expect(SecretSource(bad) == nil, "\(bad)") }
    }

    @Test func xdgFoldersFollowTheSpec() {
        let set = XDGDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k"])
        #expect(set.configFile == "/c/odsh/config.toml" && set.secretsFile == "/c/odsh/secrets.toml")
        #expect(set.cookieJar(profile: "gw") == "/s/odsh/cookies-gw.txt" && set.historyFile(profile: "gw") == "/s/odsh/history-gw")
        #expect(set.metadataCache == "/k/odsh/metadata")
        let defaults = XDGDirectories(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative", "XDG_CACHE_HOME": ""])
        #expect(defaults.config == "/home/u/.config/odsh" && defaults.state == "/home/u/.local/state/odsh"
                && defaults.cache == "/home/u/.cache/odsh")
    }

    @Test func commandLineOptionsWinOverTheProfile() throws {
        let xdg = TestXDG()
        var p = Profile(name: "p", url: "http://h/svc/")
        p.auth = .basic
        p.user = "alice"
        p.secretFrom = .environment("P_PW")
        p.headers = ["X-A": "profile", "X-B": "profile"]
        p.sapClient = "100"
        p.timeout = 90
        let context = ProfileContext(environment: ["P_PW": "pw", "ODSH_BEARER_TOKEN": "env-token", "ODSH_STORE": "plain"],
                                     dirs: XDGDirectories(environment: xdg.environment), readSecret: { _ in "typed" })
        let plain = try ProfileConnection(serviceRoot: "http://h/svc/", profile: p, connections: ServiceConnections(context: context))
        #expect(plain.configuration.authentication == .basic(user: "alice", password: "pw"), "the environment's bearer does not win")
        #expect(plain.configuration.timeout == 90 && plain.configuration.sapClient == "100")
        #expect(plain.configuration.cookieJar == xdg.cookieJar("p"))
        #expect(plain.identity == "alice")
        let options = try ConnectionOptions.parse(["--sap-client", "200", "-H", "X-A: flag", "--timeout", "5", "-u", "bob:x"])
        let over = try ProfileConnection(serviceRoot: "http://h/svc/", profile: p, connections: ServiceConnections(options.settings, context: context))
        #expect(over.configuration.sapClient == "200" && over.configuration.timeout == 5)
        #expect(over.configuration.headers.fields.map { "\($0.name)=\($0.value)" } == ["X-B=profile", "X-A=flag"])
        #expect(over.configuration.authentication == .basic(user: "bob", password: "x") && over.identity == "bob")
    }

    @Test func theCacheKeyKeepsServicesUsersAndProfilesApart() {
        let a = MetadataCache.Key(profile: nil, serviceURL: "http://h/svc/", user: "alice", sapClient: nil, sapLanguage: nil)
        let b = MetadataCache.Key(profile: nil, serviceURL: "http://h/svc/", user: "bob", sapClient: nil, sapLanguage: nil)
        let c = MetadataCache.Key(profile: "p", serviceURL: "http://h/svc/", user: "alice", sapClient: nil, sapLanguage: nil)
        let d = MetadataCache.Key(profile: nil, serviceURL: "http://h/svc/", user: "alice", sapClient: "100", sapLanguage: nil)
        let hashes = Set([a, b, c, d].map(\.hash))
        #expect(hashes.count == 4 && hashes.allSatisfy { $0.count == 16 })
        #expect(a.hash == MetadataCache.Key(profile: nil, serviceURL: "http://h/svc/", user: "alice", sapClient: nil, sapLanguage: nil).hash)
    }
}
