import Foundation
import Testing
@testable import ODataShell
import TestSupport

/// The encrypted secure store through the built binary, against the sign-in gateway (form login, whose session
/// cookie is MYSAPSSO2): secrets and cookies written encrypted, read back by a new process, refused with a wrong
/// passphrase; a damaged store refused and left alone; migration from the plain files; `store` subcommands.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct SecureStoreTests {
    static let gatewayResult = Result { try AuthGateway() }
    static let passphrase = "a passphrase for the tests"
    let gateway: AuthGateway
    let xdg = TestXDG()

    init() throws {
        gateway = try Self.gatewayResult.get()
    }

    var storePath: String { xdg.root.appendingPathComponent("config/odsh/secrets.store").path }
    /// The encrypted store chosen, its passphrase given as a script gives it.
    var unlocked: [String: String] { ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": Self.passphrase] }
    var locked: [String: String] { ["ODSH_STORE": "file"] }

    func odsh(_ arguments: [String], stdin: String? = nil, _ environment: [String: String]) throws -> OdshProcess.Result {
        try xdg.odsh(arguments, stdin: stdin, environment: environment)
    }

    @discardableResult
    func addForm(_ name: String, _ environment: [String: String]) throws -> OdshProcess.Result {
        let r = try odsh(["profile", "add", name, gateway.base + "/form/northwind/", "--auth", "form", "--user", AuthGateway.user,
                          "--login-url", gateway.base + "/login", "--secret-from", "file"], stdin: AuthGateway.password + "\n", environment)
        #expect(r.status == 0, "\(r.stderr)")
        return r
    }

    func storeBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: storePath)) }

    @Test func secretsAndCookiesAreStoredEncryptedAndReadBackByANewProcess() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        #expect(TestXDG.mode(storePath) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: xdg.secretsFile))
        #expect(!FileManager.default.fileExists(atPath: xdg.cookieJar("hr")))
        let text = String(decoding: try storeBytes(), as: UTF8.self)
        for clear in [AuthGateway.password, "MYSAPSSO2", "password", "session-cookies", "[profile"] {
            #expect(!text.contains(clear), "\(clear) stands in clear in the store")
        }
        for (_, data) in xdg.snapshot() {
            #expect(!String(decoding: data, as: UTF8.self).contains(AuthGateway.password), "the password is nowhere in clear")
        }

        // A new process, the store locked: the passphrase opens it, and the stored session cookie is used.
        #expect(try odsh(["store", "lock"], locked).status == 0)
        let mark = gateway.mark
        let run = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], unlocked)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "7\n")
        #expect(gateway.count("login", since: mark) == 0, "the session cookie came from the store")

        // Unlocked for the session (the run's own passphrase opened it for that run only): no passphrase needed
        // until it is locked.
        #expect(try odsh(["store", "unlock"], unlocked).status == 0)
        let again = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], locked)
        #expect(again.status == 0, "\(again.stderr)")
        let status = try odsh(["store", "status"], locked)
        #expect(status.stdout.contains("unlocked for this session"), "\(status.stdout)")
        #expect(status.stdout.contains("hr (password, 1 cookie)"), "\(status.stdout)")
        #expect(!status.stdout.contains(AuthGateway.password))

        #expect(try odsh(["store", "lock"], locked).status == 0)
        #expect(try odsh(["store", "status"], locked).stdout.contains("locked (odsh store unlock"))
        // profile show says where the secret lives, never the secret, and does not ask to open a locked store.
        let shown = try odsh(["profile", "show", "hr"], locked)
        #expect(shown.status == 0 && shown.stdout.contains("password         in the secure store \(storePath) (locked"), "\(shown.stdout)")
        let opened = try odsh(["profile", "show", "hr"], unlocked)
        #expect(opened.stdout.contains("password         ******** (in \(storePath))"), "\(opened.stdout)")
        #expect(!opened.stdout.contains(AuthGateway.password) && !opened.stdout.contains("MYSAPSSO2"))
        #expect(try odsh(["store", "lock"], locked).status == 0)
        let noTerminal = try odsh(["hr", "-c", "count Customers"], locked)
        #expect(noTerminal.status == 2 && noTerminal.stderr.contains("locked and there is no terminal"), "\(noTerminal.stderr)")
    }

    @Test func aWrongPassphraseIsOneLineAndExitOne() throws {
        try addForm("hr", unlocked)
        #expect(try odsh(["store", "lock"], locked).status == 0)
        let before = try storeBytes()
        let started = Date()
        let r = try odsh(["hr", "-c", "count Customers"], ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": "not the passphrase"])
        #expect(r.status == 1)
        #expect(r.stderr == "odsh: wrong passphrase for the secure store \(storePath)\n", "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1, "after a delay")
        #expect(try storeBytes() == before)
        // From a passphrase file, as a script gives it.
        let file = xdg.root.appendingPathComponent("pass").path
        try (Self.passphrase + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        // Readable by others (mode 0644), it is refused, as ssh refuses such a key file, with the chmod that mends it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        for environment in [locked, locked.merging(["ODSH_STORE_PASSPHRASE_FILE": file]) { $1 }] {
            let open = try odsh(environment["ODSH_STORE_PASSPHRASE_FILE"] == nil ? ["store", "unlock", "--store-passphrase-file", file]
                                : ["store", "unlock"], environment)
            #expect(open.status == 2 && open.stderr.contains("is open to group or others (mode 644)")
                    && open.stderr.contains("chmod 600 \(file)"), "\(open.stderr)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        try "not the passphrase\n".write(toFile: file, atomically: false, encoding: .utf8)
        let unlock = try odsh(["store", "unlock", "--store-passphrase-file", file], locked)
        #expect(unlock.status == 1 && unlock.stderr.contains("wrong passphrase"))
        try (Self.passphrase + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let right = try odsh(["store", "unlock", "--store-passphrase-file", file], locked)
        #expect(right.status == 0 && right.stderr.contains("unlocked for 15 minutes"), "\(right.stderr)")
        #expect(try odsh(["store", "lock"], locked).status == 0)
    }

    /// Without a terminal and without a passphrase, `profile add` cannot make or open the encrypted store: it says so
    /// at once, naming what the profile would keep there, before any request reaches the service.
    @Test func profileAddThatCannotOpenTheStoreFailsBeforeAnyRequest() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        let mark = gateway.mark
        let add = try odsh(["profile", "add", "hr", gateway.base + "/form/northwind/", "--auth", "form", "--user", AuthGateway.user,
                            "--login-url", gateway.base + "/login", "--secret-from", "file"], stdin: AuthGateway.password + "\n", locked)
        #expect(add.status == 2, "\(add.stderr)")
        #expect(add.stderr == "odsh: profile hr keeps its password and session cookies in the secure store \(storePath), which needs a new "
                + "passphrase, and there is no terminal to ask on: set ODSH_STORE_PASSPHRASE or ODSH_STORE_PASSPHRASE_FILE, or choose "
                + "the plain files with ODSH_STORE=plain (nothing was checked or saved)\n", "\(add.stderr)")
        #expect(gateway.requests(since: mark).isEmpty, "no request before the failure")
        #expect(!FileManager.default.fileExists(atPath: xdg.configFile))

        // Made by another run, then locked: the same, with the way to unlock it.
        try addForm("crm", unlocked)
        #expect(try odsh(["store", "lock"], locked).status == 0)
        let later = gateway.mark
        let again = try odsh(["profile", "add", "hr", gateway.base + "/form/northwind/", "--auth", "form", "--user", AuthGateway.user,
                              "--login-url", gateway.base + "/login", "--secret-from", "file"], stdin: AuthGateway.password + "\n", locked)
        #expect(again.status == 2 && again.stderr.contains("which is locked, and there is no terminal to ask on: run odsh store unlock first"),
                "\(again.stderr)")
        #expect(gateway.requests(since: later).isEmpty, "no request before the failure")
    }

    /// A passphrase a script gives opens the store for that run only, and is checked even while a person has
    /// unlocked the store for the session.
    @Test func anEnvironmentPassphraseUnlocksItsOwnRunOnly() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        let run = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], unlocked)
        #expect(run.status == 0 && run.stdout == "7\n", "\(run.stderr)")
        let after = try odsh(["store", "status"], locked)
        #expect(after.status == 0 && after.stdout.contains("locked (odsh store unlock"), "\(after.stdout)")
        #expect(try odsh(["hr", "-c", "count Customers"], stdin: "", locked).status == 2, "nothing left unlocked for a run without it")
        // Unlocked for the session on purpose; a wrong passphrase in the environment is still wrong.
        #expect(try odsh(["store", "unlock"], unlocked).status == 0)
        let wrong = try odsh(["hr", "-c", "count Customers"], ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": "not the passphrase"])
        #expect(wrong.status == 1 && wrong.stderr.contains("wrong passphrase"), "\(wrong.stderr)")
        let held = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], locked)
        #expect(held.status == 0 && held.stdout == "7\n", "the session's unlock serves a run without a passphrase: \(held.stderr)")
    }

    @Test func aDamagedStoreIsRefusedWithItsPathAndLeftAsItWas() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        // Unlocked for the session, so that `store status` holds the key and can authenticate the file.
        #expect(try odsh(["store", "unlock"], unlocked).status == 0)
        var bytes = [UInt8](try storeBytes())
        bytes[bytes.count - 5] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: storePath))
        let status = try odsh(["store", "status"], locked)
        #expect(status.status == 4 && status.stderr.contains("\(storePath) is damaged"), "\(status.stdout)\(status.stderr)")
        #expect(!status.stdout.contains("unlocked"), "\(status.stdout)")
        for arguments in [["hr", "-c", "count Customers"], ["profile", "secret", "hr"], ["store", "unlock"]] {
            let r = try odsh(arguments, stdin: "new-password\n", unlocked)
            #expect(r.status == 4, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("\(storePath) is damaged"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(try storeBytes() == Data(bytes), "nothing overwritten")
        }
        try Data("not a store at all".utf8).write(to: URL(fileURLWithPath: storePath))
        let foreign = try odsh(["hr", "-c", "count Customers"], unlocked)
        #expect(foreign.status == 4 && foreign.stderr.contains("is not an odsh secure store"), "\(foreign.stderr)")
    }

    @Test func plainFilesMoveIntoTheStoreOnFirstUseAndNoPlainCopyIsLeft() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", ["ODSH_STORE": "plain"])
        #expect(FileManager.default.fileExists(atPath: xdg.secretsFile))
        #expect(FileManager.default.fileExists(atPath: xdg.cookieJar("hr")))
        let mark = gateway.mark
        let r = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], unlocked)
        #expect(r.status == 0 && r.stdout == "7\n", "\(r.stderr)")
        #expect(r.stderr.contains("moving 2 plain files (\(xdg.secretsFile), \(xdg.cookieJar("hr"))) into the secure store \(storePath)"), "\(r.stderr)")
        #expect(gateway.count("login", since: mark) == 0, "the migrated session cookie was used")
        let left = xdg.snapshot().keys.filter { $0.hasSuffix("secrets.toml") || $0.contains("cookies-") }
        #expect(left.isEmpty, "\(left)")
        #expect(!String(decoding: try storeBytes(), as: UTF8.self).contains(AuthGateway.password))
        // Once moved, nothing more to say.
        let quiet = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], unlocked)
        #expect(quiet.status == 0 && !quiet.stderr.contains("moving"), "\(quiet.stderr)")
    }

    /// The backend ODSH_STORE chose when the store was made is written to config.toml: the next run, without the
    /// variable, uses the same store rather than moving its files into another one.
    @Test func theBackendChosenByTheVariableIsRemembered() throws {
        let add = try addForm("hr", ["ODSH_STORE": "plain"])
        #expect(add.stderr.contains("[store] backend = \"plain\" (ODSH_STORE) is now in \(xdg.configFile)"), "\(add.stderr)")
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.hasPrefix("[store]\nbackend = \"plain\"\n") && config.contains("[profile.hr]"), "\(config)")
        for _ in 0..<2 {
            let r = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], ["ODSH_STORE": ""])
            #expect(r.status == 0 && r.stdout == "7\n", "\(r.stderr)")
            #expect(!r.stderr.contains("moving") && !r.stderr.contains("backend"), "\(r.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: xdg.secretsFile) && !FileManager.default.fileExists(atPath: storePath))
        // An existing [store] table gets the line inside it.
        try "[store]\nunlock-minutes = 5\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
        try StoreSettings.remember(.file, in: XDGDirectories(environment: xdg.environment))
        #expect(try String(contentsOfFile: xdg.configFile, encoding: .utf8) == "[store]\nbackend = \"file\"\nunlock-minutes = 5\n")
        // However TOML lets the header be written: the line goes inside, not into a second [store] that would not read.
        for header in ["[ store ]", "[store]  # the secure store", "[\"store\"]", "  [ 'store' ] #"] {
            try "[profile.hr]\nurl = \"http://h/\"\n\n\(header)\nunlock-minutes = 5\n".write(toFile: xdg.configFile, atomically: true, encoding: .utf8)
            try StoreSettings.remember(.file, in: XDGDirectories(environment: xdg.environment))
            #expect(try String(contentsOfFile: xdg.configFile, encoding: .utf8)
                    == "[profile.hr]\nurl = \"http://h/\"\n\n\(header)\nbackend = \"file\"\nunlock-minutes = 5\n", "\(header)")
        }
        #expect(!StoreSettings.isStoreHeader("[[store]]") && !StoreSettings.isStoreHeader("[store.x]") && !StoreSettings.isStoreHeader("# [store]"))
    }

    @Test func storeResetLeavesNothingAndChangePassphraseReencrypts() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        let old = try storeBytes()
        let newFile = xdg.root.appendingPathComponent("new").path
        try "a brand new passphrase\n".write(toFile: newFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: newFile)
        let change = try odsh(["store", "change-passphrase", "--new-passphrase-file", newFile], unlocked)
        #expect(change.status == 0, "\(change.stderr)")
        #expect(try storeBytes() != old)
        #expect(try odsh(["store", "lock"], locked).status == 0)
        #expect(try odsh(["hr", "-c", "count Customers"], unlocked).status == 1, "the old passphrase no longer opens it")
        let withNew = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": "a brand new passphrase"])
        #expect(withNew.status == 0 && withNew.stdout == "7\n", "\(withNew.stderr)")
        let short = try odsh(["store", "change-passphrase"], ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": "a brand new passphrase",
                                                                "ODSH_STORE_NEW_PASSPHRASE": "short"])
        #expect(short.status == 2 && short.stderr.contains("too short"), "\(short.stderr)")

        let noTerminal = try odsh(["store", "reset"], locked)
        #expect(noTerminal.status == 2 && noTerminal.stderr.contains("--yes"))
        let reset = try odsh(["store", "reset", "--yes"], locked)
        #expect(reset.status == 0 && reset.stderr.contains("removed \(storePath)"), "\(reset.stderr)")
        let left = xdg.snapshot().keys.filter { $0.contains("secrets") || $0.contains("cookies") }
        #expect(left.isEmpty, "\(left)")
        #expect(try odsh(["store", "status"], locked).stdout.contains("none yet"))
        #expect(try odsh(["profile", "list"], locked).stdout.contains("hr "), "the profile itself stays")
    }

    @Test func anExplicitCookieJarIsAPlainJarWhereAsked() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        let jar = xdg.root.appendingPathComponent("my-jar.txt").path
        let mark = gateway.mark
        let r = try odsh(["hr", "--cookie-jar", jar, "-c", "count Customers where Country = 'UK'"], unlocked)
        #expect(r.status == 0 && r.stdout == "7\n", "\(r.stderr)")
        #expect(gateway.count("login", since: mark) == 1, "the jar given, not the store, holds this run's cookies")
        #expect(try String(contentsOfFile: jar, encoding: .utf8).contains("MYSAPSSO2"))
        #expect(TestXDG.mode(jar) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: xdg.cookieJar("hr")))
    }

    /// A profile whose password comes from the environment keeps only cookies in the store. With no store yet and
    /// nothing to give a new one its passphrase but the terminal, a request does not stop to ask: the cookies stay
    /// in memory, with a line that says how to make the store; once there is one, they go there.
    @Test func noPassphraseIsAskedForInTheMiddleOfARequest() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        var environment = locked
        environment["HR_PW"] = AuthGateway.password
        let added = try odsh(["profile", "add", "hr", gateway.base + "/form/northwind/", "--auth", "form", "--user", AuthGateway.user,
                              "--login-url", gateway.base + "/login", "--secret-from", "env:HR_PW"], environment)
        #expect(added.status == 0, "\(added.stderr)")
        var mark = gateway.mark
        for _ in 0..<2 {
            let r = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], environment)
            #expect(r.status == 0 && r.stdout == "7\n", "\(r.stderr)")
            #expect(r.stderr.contains("kept in memory only: there is no secure store yet (odsh store unlock makes one)"), "\(r.stderr)")
            #expect(!r.stderr.contains("passphrase"), "\(r.stderr)")
        }
        // On a terminal too: the request does not stop to ask for a new passphrase.
        let script = TestPaths.testScripts.appendingPathComponent("answer-prompt.py").path
        let onTerminal = try Spawn.run(["python3", script, "passphrase", Self.passphrase, "60", "--", OdshProcess.binary.path,
                                        "hr", "-c", "count Customers where Country = 'UK'"],
                                       environment: Spawn.environment(OdshProcess.isolatedXDG.merging(xdg.environment.merging(environment) { $1 }) { $1 }),
                                       mergingOutput: true)
        #expect(onTerminal.status == 0 && ("\n" + onTerminal.stdout).contains("\n7\n"), "\(onTerminal.stdout)")
        #expect(!onTerminal.stdout.contains("passphrase for the secure store"), "\(onTerminal.stdout)")
        #expect(gateway.count("login", since: mark) == 3, "each run signed in again")
        #expect(!FileManager.default.fileExists(atPath: storePath))
        // A store made on purpose keeps them from then on.
        environment["ODSH_STORE_PASSPHRASE"] = Self.passphrase
        #expect(try odsh(["store", "unlock"], environment).status == 0)
        mark = gateway.mark
        for _ in 0..<2 {
            let r = try odsh(["hr", "-c", "count Customers where Country = 'UK'"], environment)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        }
        #expect(gateway.count("login", since: mark) == 1, "the second run used the cookie the first one stored")
    }

    /// `.curl` of a session whose cookies live in the store: curl cannot read the store, so the session's cookie for
    /// the request is a `Cookie` header (`$COOKIE` unless --with-secrets), and the command curl runs gets the rows.
    @Test func curlGetsTheStoredSessionCookieAsAHeader() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        try addForm("hr", unlocked)
        let statement = "Customers where Country = 'UK' select CustomerID top 3"
        let printed = try odsh(["hr", "-c", ".curl " + statement], unlocked)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("-H \"Cookie: $COOKIE\""), "\(printed.stdout)")
        #expect(!printed.stdout.contains("MYSAPSSO2") && !printed.stdout.contains("cookies.txt"), "\(printed.stdout)")
        let secret = try odsh(["hr", "-c", ".curl --with-secrets " + statement], unlocked)
        #expect(secret.stdout.contains("-H 'Cookie: MYSAPSSO2="), "\(secret.stdout)")
        let mark = gateway.mark
        let curl = try Spawn.run(["bash", "-c", secret.stdout])
        #expect(curl.status == 0 && curl.stdout.contains("\"CustomerID\""), "\(curl.stdout) \(curl.stderr)")
        #expect(gateway.count("login", since: mark) == 0, "curl was let in by the stored session cookie")
    }

    @Test func anEmptyPassphraseOnlyWhenAskedFor() throws {
        defer { _ = try? odsh(["store", "lock"], locked) }
        let empty = ["ODSH_STORE": "file", "ODSH_STORE_PASSPHRASE": ""]
        let refused = try odsh(["store", "unlock"], empty)
        #expect(refused.status == 2 && refused.stderr.contains("--insecure-store"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: storePath))
        let made = try odsh(["store", "unlock", "--insecure-store"], empty)
        #expect(made.status == 0 && made.stderr.contains("created and unlocked"), "\(made.stderr)")
        #expect(try odsh(["store", "lock"], locked).status == 0)
        // An empty passphrase is not asked for.
        try addForm("hr", locked)
        #expect(try odsh(["store", "status"], locked).stdout.contains("EMPTY passphrase"))
    }
}
