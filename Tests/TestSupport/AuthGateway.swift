import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// scripts/testenv/auth-gateway.py (form login, an OAuth2 token endpoint, ETags on $metadata) in front of the V4
/// reference server, with a log of what it did (one JSON object a line). Each instance is a gateway of its own,
/// stopped when the instance goes (or by `stop()`), and in any case when the test process ends.
public final class AuthGateway: @unchecked Sendable {
    public let port: Int
    public let pid: pid_t
    public let log: String
    public var base: String { "http://127.0.0.1:\(port)" }

    /// The user and the OAuth2 client the gateway knows.
    public static let user = "alice", password = "wonderland"
    public static let clientID = "odsh-client", clientSecret = "client-secret"

    /// The public client of the authorization code grant: no secret.
    public static let publicClientID = "odsh-public"

    /// The SuccessFactors company ID of the SAML bearer grant.
    public static let companyID = "ODSHTEST"

    /// `samlCertificate`: the client's certificate (PEM file) against which the SAML bearer grant checks signatures;
    /// nil: no such grant. `consentDenied`: the authorization endpoint answers `error=access_denied`; its codes are
    /// good for `codeSeconds`, refresh tokens for `refreshSeconds`. The device authorization grant answers the
    /// polls of each code with `deviceAnswers` in turn (pending, slow_down, deny, expired, allow; the last one
    /// repeated), announces `deviceInterval` and `deviceExpires`, in `deviceStyle` (rfc, google: verification_url
    /// and no complete URI, minimal: no complete URI and no interval, github: the polls' errors answered with 200).
    public init(sessionSeconds: Double = 60, tokenSeconds: Double = 60, tokenClaimsSeconds: Double? = nil,
                samlCertificate: String? = nil, consentDenied: Bool = false, codeSeconds: Double = 60,
                refreshSeconds: Double = 3600, deviceAnswers: [String] = ["allow"], deviceInterval: Double = 5,
                deviceExpires: Double = 600, deviceStyle: String = "rfc") throws {
        let upstream = try ReferenceServers.port(.v4)
        var options = ["--session-seconds", String(sessionSeconds), "--token-seconds", String(tokenSeconds)]
        if let claims = tokenClaimsSeconds { options += ["--token-claims-seconds", String(claims)] }
        if let samlCertificate { options += ["--saml-cert", samlCertificate] }
        options += ["--consent", consentDenied ? "deny" : "allow", "--code-seconds", String(codeSeconds),
                    "--refresh-seconds", String(refreshSeconds), "--device-answers", deviceAnswers.joined(separator: ","),
                    "--device-interval", String(deviceInterval), "--device-expires", String(deviceExpires), "--device-style", deviceStyle]
        let tag = "\(getpid())-\(UUID().uuidString.prefix(6))"
        let output = NSTemporaryDirectory() + "odsh-gateway-\(tag).out"
        log = NSTemporaryDirectory() + "odsh-gateway-\(tag).log"
        // A gateway shared by a suite is never deinitialized: its log goes when the process does.
        ExitCleanup.remove(atExit: log)
        defer { unlink(output) }
        let script = TestPaths.testScripts.appendingPathComponent("auth-gateway.py").path
        pid = try Spawn.start(["python3", script, "--upstream", String(upstream), "--owner", String(getpid()), "--log", log] + options,
                              stdout: output, stderr: "/dev/null")
        // It prints its port once it listens.
        let printed = try? Wait.value("auth-gateway.py to print its port", timeout: 30) { () -> Int? in
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT=") else { return nil }
            return Int(line.dropFirst(5))
        }
        if let printed {
            port = printed
            return
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(log)
        throw ReferenceServers.ServerStartError(message: "auth-gateway.py did not print its port within 30 s")
    }

    deinit {
        stop()
        unlink(log)
    }

    private let lock = NSLock()
    private var stopped = false

    /// Ends the gateway and waits until it is gone (once: its pid may belong to another process afterwards).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        guard kill(pid, SIGKILL) == 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Makes every session and access token the gateway has issued so far expire now (refresh tokens stay good):
    /// how a test gets an expiry without waiting for one. Returns once the gateway has done it.
    public func expireAll() throws {
        let r = try Spawn.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", base + "/control/expire"], timeout: 30)
        guard r.stdout == "204" else { throw Spawn.Failure("auth-gateway.py /control/expire answered \(r.stdout): \(r.stderr)") }
    }

    /// The log's entries from line `from` on.
    public func entries(from: Int = 0) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst(from).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// How many entries the log has now: a mark to count from.
    public var mark: Int { entries().count }

    /// How many entries after `mark` have this event.
    public func count(_ event: String, since mark: Int = 0) -> Int {
        entries(from: mark).filter { ($0["event"] as? String) == event }.count
    }

    /// The command line of scripts/testenv/scripted-browser.py, a "browser" that follows an authorization URL
    /// appended to it (`mode`: follow, wrong-state, tamper-challenge, ignore), logging each step to `log`.
    public static func scriptedBrowser(mode: String = "follow", delay: Double = 0, log: String) -> [String] {
        ["python3", TestPaths.testScripts.appendingPathComponent("scripted-browser.py").path, "--mode", mode,
         "--delay", String(delay), "--log", log]
    }

    /// "STATUS PATH" of each request since `mark`.
    public func requests(since mark: Int) -> [String] {
        entries(from: mark).map { "\($0["status"] ?? "?") \($0["path"] ?? "?")" }
    }
}
