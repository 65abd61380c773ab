import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import ODataShell

/// Device sign-in (`auth = "device"`, `--device-authorization-url`, `--auth device`) end to end against
/// scripts/testenv/auth-gateway.py, whose polls answer as each test scripts them (interval 0, which odsh keeps at
/// its one-second minimum), and what a browser sign-in does without a terminal: nothing waits for a person there.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct DeviceSignInProfileTests {
    let xdg = TestXDG()
    let browserLog = NSTemporaryDirectory() + "odsh-browser-\(UUID().uuidString.prefix(8)).log"

    /// `$BROWSER` for the scripted browser, and no desktop.
    var browser: [String: String] {
        ExitCleanup.remove(atExit: browserLog)
        return ["BROWSER": AuthGateway.scriptedBrowser(mode: "follow", log: browserLog).joined(separator: " "), "DISPLAY": "", "WAYLAND_DISPLAY": ""]
    }

    var browserOpened: Bool { FileManager.default.fileExists(atPath: browserLog) }

    func addDevice(_ name: String, _ gateway: AuthGateway) throws -> OdshProcess.Result {
        try xdg.odsh(["profile", "add", name, gateway.base + "/oauth/northwind/", "--auth", "device",
                      "--device-authorization-url", gateway.base + "/device_authorization", "--token-endpoint", gateway.base + "/token",
                      "--client-id", AuthGateway.publicClientID, "--scope", "odata.read", "--no-input"])
    }

    func addBrowser(_ name: String, _ gateway: AuthGateway, check: Bool) throws -> OdshProcess.Result {
        try xdg.odsh(["profile", "add", name, gateway.base + "/oauth/northwind/", "--auth", "browser",
                      "--authorize-url", gateway.base + "/authorize", "--device-authorization-url", gateway.base + "/device_authorization",
                      "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.publicClientID, "--no-input"]
                     + (check ? [] : ["--no-check"]), environment: browser, onTerminal: check)
    }

    /// The kept refresh token of a profile replaced by one the gateway never issued (as a revoked one is).
    func revokeRefreshToken() throws {
        let secrets = try String(contentsOfFile: xdg.secretsFile, encoding: .utf8)
        let lines = secrets.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("oauth2-refresh-token = ") ? "oauth2-refresh-token = \"revoked-long-ago\"" : String($0)
        }
        #expect(lines.contains("oauth2-refresh-token = \"revoked-long-ago\""), "\(secrets)")
        try lines.joined(separator: "\n").write(toFile: xdg.secretsFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: xdg.secretsFile)
    }

    @Test func aProfileSignsInWithACodeWithoutATerminalThenRefreshes() throws {
        // Interval 0: no wait here (slow_down's 5 s more are counted by the client's tests, on a clock of their own).
        let gateway = try AuthGateway(deviceAnswers: ["pending", "allow"], deviceInterval: 0)
        let added = try addDevice("headless", gateway)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("odsh: to sign in, open \(gateway.base)/device on any device and enter the code "), "\(added.stderr)")
        #expect(added.stderr.contains("odsh: or open \(gateway.base)/device?user_code="), "\(added.stderr)")
        #expect(added.stderr.contains("(the code is good for 10 min; Ctrl-C cancels)"), "\(added.stderr)")
        #expect(gateway.count("device-poll:pending") == 1 && gateway.count("device-poll:allow") == 1)
        let config = try String(contentsOfFile: xdg.configFile, encoding: .utf8)
        #expect(config.contains("auth = \"device\"") && config.contains("device-authorization-url = \"\(gateway.base)/device_authorization\""), "\(config)")
        let secrets = try String(contentsOfFile: xdg.secretsFile, encoding: .utf8)
        #expect(secrets.contains("oauth2-refresh-token = "), "kept in the secrets store as the browser sign-in's: \(secrets)")

        // A later run: the access token has run out; the refresh token serves, and no code is asked for.
        try gateway.expireAll()
        let mark = gateway.mark
        let summary = try xdg.odsh(["metadata", "summary", "headless", "--no-cache"])
        #expect(summary.status == 0 && summary.stdout.contains("entity sets"), "\(summary.stderr)")
        #expect(gateway.count("token:refresh_token", since: mark) == 1)
        #expect(gateway.count("device-authorization", since: mark) == 0)
        #expect(!summary.stderr.contains("enter the code"))
    }

    @Test func oneRunWithAConfidentialClientAndADeniedOne() throws {
        let gateway = try AuthGateway(deviceAnswers: ["allow"], deviceInterval: 0)
        let r = try xdg.odsh(["metadata", "summary", gateway.base + "/oauth/northwind/", "--device-authorization-url", gateway.base + "/device_authorization",
                              "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.clientID, "--trace-data"],
                             environment: ["ODSH_CLIENT_SECRET": AuthGateway.clientSecret])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(gateway.count("device-poll:allow") == 1)
        #expect(!r.stderr.contains(AuthGateway.clientSecret) && !r.stderr.contains("device_code="), "no secret in the trace")

        let denying = try AuthGateway(deviceAnswers: ["pending", "deny"], deviceInterval: 0)
        let denied = try xdg.odsh(["metadata", "summary", denying.base + "/oauth/northwind/", "--auth", "device",
                                   "--device-authorization-url", denying.base + "/device_authorization",
                                   "--token-endpoint", denying.base + "/token", "--client-id", AuthGateway.publicClientID])
        #expect(denied.status == 1, "\(denied.stderr)")
        let lines = denied.stderr.split(separator: "\n").filter { !$0.hasPrefix("odsh: to sign in") && !$0.hasPrefix("odsh: or open") && !$0.hasPrefix("odsh: waiting") }
        #expect(lines.count == 1 && lines[0].contains("the sign-in was denied at \(denying.base)/device (access_denied"), "\(denied.stderr)")
    }

    @Test func withoutATerminalABrowserSignInFailsAtOnceNamingTheWayOut() throws {
        let gateway = try AuthGateway(deviceAnswers: ["allow"], deviceInterval: 0)
        // profile add checks by signing in: not without a terminal, where it says how to go on.
        let unchecked = try xdg.odsh(["profile", "add", "laptop", gateway.base + "/oauth/northwind/", "--auth", "browser",
                                      "--authorize-url", gateway.base + "/authorize", "--token-endpoint", gateway.base + "/token",
                                      "--client-id", AuthGateway.publicClientID, "--no-input"], environment: browser)
        #expect(unchecked.status == 2 && unchecked.stderr.contains("the check signs in through the browser, which needs a person at a terminal")
                && unchecked.stderr.contains("add --no-check"), "\(unchecked.stderr)")
        #expect(!browserOpened)
        #expect(try addBrowser("laptop", gateway, check: false).status == 0)
        let mark = gateway.mark
        let r = try xdg.odsh(["metadata", "summary", "laptop", "--no-cache"], environment: browser)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "odsh: profile laptop: a browser sign-in needs a person at a terminal, and none is here (no refresh token is kept): "
                + "run odsh metadata summary laptop --no-cache on a terminal once (the refresh token it keeps serves scripts after), "
                + "or sign in with a code on another device (--auth device, with device-authorization-url in the profile)\n", "\(r.stderr)")
        #expect(!browserOpened, "no browser was started")
        #expect(gateway.count("authorize", since: mark) == 0)

        // The way out it names: the profile's device endpoint for this run.
        let device = try xdg.odsh(["metadata", "summary", "laptop", "--no-cache", "--auth", "device"])
        #expect(device.status == 0 && device.stderr.contains("enter the code"), "\(device.stderr)")
        #expect(gateway.count("device-poll:allow", since: mark) == 1)

        let oneRun = try xdg.odsh(["metadata", "summary", gateway.base + "/oauth/northwind/", "--authorize-url", gateway.base + "/authorize",
                                   "--token-endpoint", gateway.base + "/token", "--client-id", AuthGateway.publicClientID], environment: browser)
        #expect(oneRun.status == 2 && oneRun.stderr.contains("--authorize-url: a browser sign-in needs a person at a terminal")
                && oneRun.stderr.contains("(--device-authorization-url instead of --authorize-url)"), "\(oneRun.stderr)")
        #expect(!browserOpened)
    }

    @Test func aRefusedRefreshTokenIsNamedBeforeTheBrowserOpensAgain() throws {
        let gateway = try AuthGateway()
        let added = try addBrowser("entra", gateway, check: true)
        #expect(added.status == 0, "\(added.stderr)")
        try revokeRefreshToken()
        try gateway.expireAll()
        let script = try xdg.odsh(["metadata", "summary", "entra", "--no-cache"], environment: browser)
        #expect(script.status == 2 && script.stderr.contains("(the kept refresh token was refused: invalid_grant: refresh token not valid)"),
                "\(script.stderr)")
        let mark = gateway.mark
        let person = try xdg.odsh(["metadata", "summary", "entra", "--no-cache"], environment: browser, onTerminal: true)
        #expect(person.status == 0, "\(person.stderr)")
        #expect(person.stderr.contains("odsh: the kept refresh token of profile entra was refused (invalid_grant: refresh token not valid): "
                                       + "the browser opens to sign in again"), "\(person.stderr)")
        #expect(gateway.count("authorize", since: mark) == 1)
    }

    /// Ctrl-C while the code waits for approval: the statement's sign-in is cancelled and named as the sign-in
    /// (it once named the loopback listener: `odsh: http://127.0.0.1:33921/: cancelled`).
    @Test func ctrlCWhileWaitingNamesTheSignIn() throws {
        // A long interval: the interrupt comes while odsh waits for its first poll.
        let gateway = try AuthGateway(deviceAnswers: ["pending"], deviceInterval: 60)
        let tag = UUID().uuidString.prefix(8)
        let metadata = NSTemporaryDirectory() + "odsh-device-\(tag).xml", err = NSTemporaryDirectory() + "odsh-device-\(tag).err"
        ExitCleanup.remove(atExit: metadata)
        ExitCleanup.remove(atExit: err)
        let fetched = try Spawn.run(["curl", "-s", "-o", metadata, "-w", "%{http_code}", gateway.base + "/open/northwind/$metadata"], timeout: 30)
        #expect(fetched.stdout == "200")
        // The metadata from a file: the first statement is what signs in, under the shell's Ctrl-C.
        let pid = try Spawn.start([OdshProcess.binary.path, gateway.base + "/oauth/northwind/", "--metadata", metadata,
                                   "--device-authorization-url", gateway.base + "/device_authorization", "--token-endpoint", gateway.base + "/token",
                                   "--client-id", AuthGateway.publicClientID, "-c", "count Customers"],
                                  stdout: "/dev/null", stderr: err, environment: Spawn.environment(OdshProcess.isolatedXDG.merging(xdg.environment) { $1 }))
        try Wait.until("odsh to show the code") {
            ((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").contains("waiting for the sign-in")
        }
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect((status >> 8) & 0xFF == 130 && (status & 0x7F) == 0, "exit status 130: \(status) \(stderr)")
        #expect(stderr.contains("odsh: device sign-in at \(gateway.base)/device_authorization, waiting for the code to be approved: "
                                + "cancelled (Ctrl-C)"), "\(stderr)")
        #expect(!stderr.contains("127.0.0.1:\(gateway.port)/token: cancelled"))
    }

    @Test func withoutAProfileAuthDeviceNeedsTheEndpoints() throws {
        let r = try xdg.odsh(["metadata", "summary", "http://127.0.0.1:9/", "--auth", "device"])
        #expect(r.status == 2 && r.stderr.contains("--auth device without a profile needs --device-authorization-url, --token-endpoint and --client-id"),
                "\(r.stderr)")
    }
}

/// What the person is told while a browser is to be opened, and what a device code looks like on stderr.
struct PersonSignInWordsTests {
    @Test func aFailingBrowserCommandIsSaid() {
        var said: [String] = []
        BrowserOpener(environment: ["BROWSER": "false"]).open("https://id/authorize?x=1", timeout: 300) { said.append($0) }
        #expect(said.first == "odsh: $BROWSER did not open the browser (false exited with status 1)\n", "\(said)")
        #expect(said.last?.contains("open this URL in a browser on this machine") == true)
        var missing: [String] = []
        BrowserOpener(environment: ["BROWSER": "/nonexistent/browser"]).open("https://id/a", timeout: 1) { missing.append($0) }
        #expect(missing.first?.hasPrefix("odsh: $BROWSER did not open the browser (/nonexistent/browser: ") == true, "\(missing)")
    }

    @Test func theCodesLifetimeReadsAsAPersonSaysIt() {
        #expect(PersonSignIn.lifetime(900) == "15 min")
        #expect(PersonSignIn.lifetime(90) == "90 s")
    }

    @Test func nobodyAtATerminalStopsABrowserSignInButNotADeviceOne() throws {
        var person = PersonSignIn.profile("p", terminal: .process)
        person.personPresent = false
        #expect(throws: UsageError.self) { try person.beforeBrowser(.noRefreshToken) }
        try person.beforeDevice(.noRefreshToken)
    }
}
