import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Secrets on the command line and in files (issue 28): argv blanked once read, core dumps off while a secret is
/// held, API keys and URL passwords hidden in traces and in the metadata cache.
@Suite("Secrets", .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"), .fixture("python3", Tools.hasPython, Tools.noPython))
struct SecretsTests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "odsh-secrets-\(getpid())-\(name)" }

    @Test("-u user:pw, --bearer and API-key headers are blanked in /proc/PID/cmdline; no core dumps")
    func argvBlanked() throws {
        let root = try HostileServer.serviceRoot("rows/400000")
        let out = Self.temporary("argv.out")
        defer { unlink(out) }
        let pid = try Spawn.start([OdshProcess.binary.path, root, "-u", "bob:pw-in-argv", "-H", "APIKey: key-in-argv",
                                   "-H", "X-Plain: visible", "-o", "csv", "--all", "-c", "Items"],
                                  stdout: "/dev/null", stderr: out, environment: Spawn.environment(OdshProcess.isolatedXDG))
        defer { kill(pid, SIGKILL); _ = try? Spawn.wait(pid, timeout: 10) }
        var cmdline = "", limits = ""
        // Wait until odsh has read its arguments (the CSV of 400,000 rows takes seconds more).
        _ = Wait.poll {
            cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            limits = (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
            return cmdline.contains("bob:") && !cmdline.contains("pw-in-argv") && limits.contains("Max core file size        0")
        }
        #expect(cmdline.contains("bob:") && !cmdline.contains("pw-in-argv"), "\(cmdline)")
        #expect(!cmdline.contains("key-in-argv") && cmdline.contains("X-Plain: visible"), "\(cmdline)")
        #expect(limits.contains("Max core file size        0"), "\(limits)")
    }

    /// Issue 38: a password in the service URL (`user:pw@`, `sap-password=`) is blanked in argv as flag values are.
    @Test("A URL's password is blanked in /proc/PID/cmdline")
    func urlPasswordBlanked() throws {
        let root = try HostileServer.serviceRoot("stall")
        let withPassword = root.replacingOccurrences(of: "http://", with: "http://bob:pw-in-url@") + "?sap-password=pw-in-query&sap-client=100"
        let pid = try Spawn.start([OdshProcess.binary.path, withPassword, "--no-cache", "--timeout", "20", "-o", "ndjson", "-c", "Items"],
                                  stdout: "/dev/null", stderr: "/dev/null", environment: Spawn.environment(OdshProcess.isolatedXDG))
        defer { kill(pid, SIGKILL); _ = try? Spawn.wait(pid, timeout: 10) }
        var cmdline = ""
        _ = Wait.poll {
            cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return cmdline.contains("bob:") && !cmdline.contains("pw-in-url")
        }
        #expect(cmdline.contains("http://bob:") && cmdline.contains("sap-client=100"), "\(cmdline)")
        #expect(!cmdline.contains("pw-in-url") && !cmdline.contains("pw-in-query"), "\(cmdline)")
    }

    @Test("API keys are hidden under --trace-data; the cache's sidecar holds no URL password")
    func traceAndCache() throws {
        let root = try HostileServer.serviceRoot("rows/2")
        let trace = Self.temporary("trace.log"), cache = Self.temporary("cache")
        defer { unlink(trace); try? FileManager.default.removeItem(atPath: cache) }
        let withPassword = root.replacingOccurrences(of: "http://", with: "http://bob:pw-in-url@") + "?sap-password=pw-in-query"
        let r = try OdshProcess.run([withPassword, "-H", "APIKey: k-1", "-H", "x-api-key: k-2", "-H", "Ocp-Apim-Subscription-Key: k-3",
                                     "--trace-data", "--trace-file", trace, "-c", "Items"], environment: ["XDG_CACHE_HOME": cache])
        #expect(r.status == 0, "\(r.stderr)")
        let traced = try String(contentsOfFile: trace, encoding: .utf8)
        for secret in ["k-1", "k-2", "k-3", "pw-in-url", "pw-in-query"] { #expect(!traced.contains(secret), "\(secret) in the trace") }
        #expect(traced.contains("> APIKey: <redacted>"))
        let dir = cache + "/odsh/metadata"
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }
        #expect(!sidecars.isEmpty)
        for s in sidecars {
            let text = try String(contentsOfFile: dir + "/" + s, encoding: .utf8)
            #expect(!text.contains("pw-in-url") && !text.contains("pw-in-query"), "\(text)")
        }
    }

    @Test("A profile's API-key header is kept in the secrets file, config.toml names it only")
    func profileSecretHeader() throws {
        let root = try HostileServer.serviceRoot("rows/2")
        let base = Self.temporary("xdg")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let env = ["XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state", "XDG_CACHE_HOME": base + "/cache"]
        let add = try OdshProcess.run(["profile", "add", "hp", root, "-H", "APIKey: k-profile", "-H", "X-Plain: visible", "--no-check"],
                                      environment: env)
        #expect(add.status == 0, "\(add.stderr)")
        let config = try String(contentsOfFile: base + "/config/odsh/config.toml", encoding: .utf8)
        #expect(!config.contains("k-profile") && config.contains(#"secret-headers = ["APIKey"]"#) && config.contains("X-Plain"), "\(config)")
        let secrets = try String(contentsOfFile: base + "/config/odsh/secrets.toml", encoding: .utf8)
        #expect(secrets.contains(#""header APIKey" = "k-profile""#), "\(secrets)")
        // The header is sent (and hidden in the trace).
        let trace = base + "/trace.log"
        let r = try OdshProcess.run(["hp", "--trace-data", "--trace-file", trace, "-c", "Items"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let traced = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(traced.contains("> APIKey: <redacted>") && !traced.contains("k-profile"), "\(traced)")
        let show = try OdshProcess.run(["profile", "show", "hp"], environment: env)
        #expect(!show.stdout.contains("k-profile") && show.stdout.contains("APIKey: ********"), "\(show.stdout)")
    }
}
