import Foundation
import Synchronization
import Testing
@testable import ODataShell

/// Secrets: written 0600, refused when others may read them (like ssh), kept apart per profile, and resolved
/// from the environment, a command, a file or the terminal.
struct ProfileSecretsTests {
    func resolver(_ xdg: TestXDG, _ environment: [String: String] = [:]) -> SecretResolver {
        SecretResolver(dirs: XDGDirectories(environment: xdg.environment), environment: environment.merging(["ODSH_STORE": "plain"]) { $1 },
                       readSecret: { prompt in throw ProfileError("asked: \(prompt)") }, canAsk: { false })
    }

    func profile(_ source: SecretSource) -> Profile {
        var p = Profile(name: "dev", url: "http://h/")
        p.auth = .basic
        p.user = "alice"
        p.secretFrom = source
        return p
    }

    @Test func theSecretsFileIsPrivateAndKeepsProfilesApart() throws {
        let xdg = TestXDG()
        try SecretsFile.update(xdg.secretsFile, profile: "dev", [("password", .string("pw-dev"))])
        try SecretsFile.update(xdg.secretsFile, profile: "prod", [("password", .string("pw \"prod\""))])
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)
        let file = try SecretsFile.load(xdg.secretsFile)
        #expect(file.value(profile: "dev", key: "password") == "pw-dev")
        #expect(file.value(profile: "prod", key: "password") == "pw \"prod\"")
        #expect(try SecretsFile.removeProfile(xdg.secretsFile, profile: "dev"))
        let after = try SecretsFile.load(xdg.secretsFile)
        #expect(after.table(profile: "dev") == nil && after.value(profile: "prod", key: "password") == "pw \"prod\"")
        #expect(try !SecretsFile.removeProfile(xdg.secretsFile, profile: "dev"))
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func aSecretsFileOthersMayReadIsRefused(_ mode: Int) throws {
        let xdg = TestXDG()
        try SecretsFile.update(xdg.secretsFile, profile: "dev", [("password", .string("pw"))])
        chmod(xdg.secretsFile, mode_t(mode))
        let error = try #require(throws: ProfileError.self) { try SecretsFile.load(xdg.secretsFile) }
        #expect(error.message.contains(xdg.secretsFile))
        #expect(error.message.contains("mode \(String(mode, radix: 8))"))
        #expect(error.message.contains("chmod 600 \(xdg.secretsFile)"))
        #expect(!error.message.contains("pw\""))
        #expect(throws: ProfileError.self) { try resolver(xdg).secret("password", of: profile(.file(nil)), from: .file(nil)) }
    }

    @Test func sourcesResolve() throws {
        let xdg = TestXDG()
        // A resolver each: one run resolves a profile's secret once, whatever its source says later.
        var r: SecretResolver { resolver(xdg, ["DEV_PW": "from-env", "EMPTY": ""]) }
        #expect(try r.secret("password", of: profile(.environment("DEV_PW")), from: .environment("DEV_PW")) == "from-env")
        #expect(try r.secret("password", of: profile(.command("printf 'from-cmd\\n'")), from: .command("printf 'from-cmd\\n'")) == "from-cmd")
        try SecretsFile.update(xdg.secretsFile, profile: "dev", [("password", .string("from-file"))])
        #expect(try r.secret("password", of: profile(.file(nil)), from: .file(nil)) == "from-file")
        let own = xdg.root.appendingPathComponent("dev-secrets.toml").path
        try SecretsFile.update(own, profile: "dev", [("password", .string("own-file"))])
        #expect(try r.secret("password", of: profile(.file(own)), from: .file(own)) == "own-file")
        var pending = r
        pending.pending = ["password": "typed-now"]
        #expect(try pending.secret("password", of: profile(.prompt), from: .prompt) == "typed-now")
    }

    @Test func missingSecretsAreClearErrorsThatNameTheSource() throws {
        let xdg = TestXDG()
        let r = resolver(xdg, ["EMPTY": ""])
        func message(_ source: SecretSource?) -> String {
            do {
                _ = try r.secret("password", of: profile(source ?? .prompt), from: source)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(message(.environment("EMPTY")).contains("$EMPTY, which is not set"))
        #expect(message(.command("exit 3")).contains("failed (exit status 3)"))
        #expect(message(.command("true")).contains("printed nothing"))
        #expect(message(.file(nil)).contains("odsh profile secret dev"))
        #expect(message(.prompt).contains("asked: Password of alice for profile dev"))
        #expect(message(nil).contains("secret-from"))
    }

    /// A run builds a profile's connection for the metadata and again for the data (and on `.open`): a secret is
    /// asked for (or its command run) once per run all the same, and again in the next run.
    @Test func aSecretIsAskedForOncePerRun() throws {
        let xdg = TestXDG()
        let asked = Mutex(0)
        let ran = xdg.root.appendingPathComponent("ran").path
        func context() -> ProfileContext {
            ProfileContext(environment: ["ODSH_STORE": "plain"], dirs: XDGDirectories(environment: xdg.environment),
                           readSecret: { _ in asked.withLock { $0 += 1 }; return "typed" }, canAsk: { true })
        }
        var prompted = profile(.prompt)
        prompted.name = "prompted"
        var commanded = profile(.command("echo x >> '\(ran)'; echo from-cmd"))
        commanded.name = "commanded"
        let run = context()
        for _ in 0..<3 {
            for p in [prompted, commanded] {
                let c = try ProfileConnection(serviceRoot: "http://h/svc/", profile: p, connections: ServiceConnections(context: run))
                #expect(c.configuration.authentication == .basic(user: "alice", password: p.name == "prompted" ? "typed" : "from-cmd"))
            }
        }
        #expect(asked.withLock { $0 } == 1)
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == "x\n")
        _ = try ProfileConnection(serviceRoot: "http://h/svc/", profile: prompted, connections: ServiceConnections(context: context()))
        #expect(asked.withLock { $0 } == 2, "the next run asks again")
    }

    /// A secret the store should hold but does not give is asked for on a terminal, with a line that says why;
    /// with no terminal the error stands.
    @Test func aSecretTheStoreCannotGiveIsAskedForOnATerminal() throws {
        let xdg = TestXDG()
        let prompts = Mutex<[String]>([])
        var r = resolver(xdg)
        r.readSecret = { prompt in prompts.withLock { $0.append(prompt) }; return "typed" }
        r.canAsk = { true }
        #expect(try r.secret("password", of: profile(.file(nil)), from: .file(nil)) == "typed")
        #expect(prompts.withLock { $0 } == ["Password of alice for profile dev: "])
        r.canAsk = { false }
        r.resolved = ResolvedSecrets()
        let error = try #require(throws: ProfileError.self) { try r.secret("password", of: profile(.file(nil)), from: .file(nil)) }
        #expect(error.message.contains("none is stored there; store one with: odsh profile secret dev"), "\(error)")
    }

    @Test func aTokenStoreKeepsTokensWithTheirExpiry() throws {
        let xdg = TestXDG()
        try SecretsFile.update(xdg.secretsFile, profile: "api", [("client-secret", .string("s"))])
        let store = SecretsTokenStore(path: xdg.secretsFile, profile: "api")
        #expect(store.loadToken() == nil)
        let token = ODataClientTokenFixture.token
        store.saveToken(token)
        #expect(store.loadToken() == token)
        #expect(try SecretsFile.load(xdg.secretsFile).value(profile: "api", key: "client-secret") == "s", "the other secrets stay")
        #expect(TestXDG.mode(xdg.secretsFile) == 0o600)
    }
}

import ODataClient

enum ODataClientTokenFixture {
    static let token = OAuth2Token(accessToken: "tok", tokenType: "bearer", obtainedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                   expiresAt: Date(timeIntervalSince1970: 1_800_003_600))
}
