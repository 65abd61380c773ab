import ArgumentParser
import Foundation
import ODataClient
import Testing
import TestSupport
@testable import ODataShell

/// `--negotiate` and profiles with `auth = "kerberos"` against the realm and Apache of scripts/testenv/kerberos.sh.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("kerberos (KDC, apache2)", KerberosFixture.isAvailable, Comment(rawValue: KerberosFixture.missing)))
struct KerberosSignInTests {
    let xdg = TestXDG()
    let kerberos: KerberosFixture
    var url: String { "\(kerberos.http)/northwind/" }

    init() throws {
        kerberos = try KerberosFixture.shared()
    }

    @Test func negotiateSignsInWithTheCredentialCache() throws {
        let r = try xdg.odsh(["shell", "--negotiate", url, "-c", "Customers top 1 select CustomerID"], environment: kerberos.environment())
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ALFKI"))
        let log = try String(contentsOf: kerberos.directory.appendingPathComponent("access.log"), encoding: .utf8)
        #expect(log.contains(" tester@ODSH.TEST \"GET /northwind/Customers?"), "Apache saw tester sign in")
    }

    @Test func withoutTicketsTheSignInFailsWithAHint() throws {
        let r = try xdg.odsh(["shell", "--negotiate", url, "-c", "Customers top 1"], environment: kerberos.environment(withTickets: false))
        #expect(r.status == 1)
        #expect(r.stderr.contains("Kerberos (SPNEGO) sign-in refused by localhost: no valid ticket for HTTP@localhost"), "\(r.stderr)")
        #expect(r.stderr.contains("kinit"))
        let plain = try xdg.odsh(["shell", url, "-c", "Customers top 1"], environment: kerberos.environment())
        #expect(plain.status == 1 && plain.stderr.contains("401"), "without --negotiate no ticket is offered")
    }

    @Test func profileWithKerberos() throws {
        let add = try xdg.odsh(["profile", "add", "gw", url, "--auth", "kerberos"], environment: kerberos.environment())
        #expect(add.status == 0, "\(add.stderr)")
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("auth = \"kerberos\""))
        #expect(!FileManager.default.fileExists(atPath: xdg.secretsFile), "Kerberos keeps no secret in odsh")
        let summary = try xdg.odsh(["metadata", "summary", "gw", "--no-cache"], environment: kerberos.environment())
        #expect(summary.status == 0 && summary.stdout.contains("entity sets         26"), "\(summary.stderr)")
        let none = try xdg.odsh(["metadata", "summary", "gw", "--no-cache"], environment: kerberos.environment(withTickets: false))
        #expect(none.status == 1 && none.stderr.contains("kinit"), "\(none.stderr)")
    }
}

struct NegotiateOptionTests {
    @Test func negotiateSetsSPNEGOAndReplacesAProfilesSignIn() throws {
        let options = try ConnectionOptions.parse(["--negotiate"])
        var c = HTTPConfiguration(serviceRoot: "http://h/svc/")
        c.authentication = .bearer(token: "from-profile")
        try options.settings.apply(to: &c, environment: ["ODSH_BEARER_TOKEN": "env"], run: RunCredentials())
        #expect(c.authentication == .negotiate)
        #expect(c.signIn == nil)
    }

    @Test func negotiateExcludesUserAndBearer() {
        for other in [["--user", "a:b"], ["--bearer", "t"]] {
            #expect(throws: (any Error).self) { try ConnectionOptions.parse(["--negotiate"] + other) }
        }
        #expect(ConnectionOptions.helpMessage(columns: 100).contains("--negotiate"))
    }
}
