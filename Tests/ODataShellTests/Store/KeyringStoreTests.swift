import Foundation
import Testing
import TestSupport

/// The secure store's keyring backend against a real Secret Service: GNOME Keyring on a private session bus
/// (`dbus-run-session`), its login keyring unlocked with a test password, odsh run inside that session.
@Suite(.serialized, .fixture("odsh binary", OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)),
       .fixture("secret service (gnome-keyring, dbus)", SecretServiceSession.isAvailable, "skipped: no Secret Service to test with (apt install gnome-keyring libsecret-1-0 dbus-daemon; scripts/setup.sh --tests)"))
struct KeyringStoreTests {
    static let gatewayResult = Result { try AuthGateway() }
    let gateway: AuthGateway
    let xdg = TestXDG()

    init() throws {
        gateway = try Self.gatewayResult.get()
    }

    /// Runs `steps` (sh, `odsh` standing for the binary) in a fresh session bus with GNOME Keyring unlocked.
    func inKeyringSession(_ steps: String, store: String) throws -> Spawn.Result {
        let home = xdg.root.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let script = """
            printf '%s' keyring-test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || echo "keyring did not start"
            odsh() { "$ODSH" "$@"; }
            \(steps)
            """
        var environment: [String: String?] = xdg.environment.mapValues { $0 }
        environment["HOME"] = home
        environment["XDG_DATA_HOME"] = home + "/.local/share"
        environment["ODSH"] = OdshProcess.binary.path
        environment["ODSH_STORE"] = store
        environment["ODSH_STORE_PASSPHRASE"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        return try Spawn.run(["/usr/bin/dbus-run-session", "--", "/bin/sh", "-c", script],
                             environment: Spawn.environment(environment), mergingOutput: true, timeout: 240)
    }

    @Test(arguments: ["keyring", "auto"])
    func secretsAndCookiesGoToTheKeyringAndResetRemovesThem(_ store: String) throws {
        let mark = gateway.mark
        let r = try inKeyringSession("""
            echo wonderland | odsh profile add hr \(gateway.base)/form/northwind/ --auth form --user alice \
                --login-url \(gateway.base)/login --secret-from file; echo "add=$?"
            odsh store status; echo "status=$?"
            odsh hr -c "count Customers where Country = 'UK'"; echo "count=$?"
            odsh store reset --yes; echo "reset=$?"
            odsh store status
            """, store: store)
        let out = r.stdout
        #expect(out.contains("add=0") && out.contains("status=0") && out.contains("7\ncount=0") && out.contains("reset=0"), "\(out)")
        #expect(!out.contains("keyring did not start"))
        #expect(out.contains("store     the desktop keyring (Secret Service)"), "\(out)")
        #expect(out.contains("hr (password, 1 cookie)"), "\(out)")
        #expect(out.contains("odsh: removed the desktop keyring"), "\(out)")
        #expect(out.contains("none yet: created with the first secret"), "\(out)")
        #expect(gateway.count("login", since: mark) == 1, "the second run used the session cookie kept in the keyring")
        #expect(!out.contains(AuthGateway.password))
        // Nothing of it in odsh's folders: no secrets.store, no secrets.toml, no cookie jar.
        let files = xdg.snapshot().keys.filter { !$0.hasPrefix("home/") }
        #expect(!files.contains { $0.contains("secrets.") || $0.contains("cookies-") }, "\(files)")
        for (path, data) in xdg.snapshot() {
            #expect(!String(decoding: data, as: UTF8.self).contains("MYSAPSSO2"), "a session cookie in clear in \(path)")
        }
    }
}

extension KeyringStoreTests {
    /// The desktop keyring goes away while the profile's password and cookies live in it: its service ends and
    /// another one, locked, takes the bus name (what a killed or restarted GNOME Keyring leaves), or the session
    /// bus is gone. With no terminal each run stops with one line; on a terminal the password is asked for once
    /// and the session goes on, its cookies kept in memory with a warning. `auto` stays with the keyring it wrote to.
    @Test(arguments: ["keyring", "auto"])
    func aKeyringThatGoesAwayFallsBackToAsking(_ store: String) throws {
        let answer = "python3 '\(TestPaths.testScripts.appendingPathComponent("answer-prompt.py").path)' 'for profile hr: ' \(AuthGateway.password) 60 --"
        let count = "odsh hr -c \"count Customers where Country = 'UK'\""
        let countAsked = answer + " \"$ODSH\" hr -c \"count Customers where Country = 'UK'\""
        let r = try inKeyringSession("""
            echo wonderland | odsh profile add hr \(gateway.base)/form/northwind/ --auth form --user alice \
                --login-url \(gateway.base)/login --secret-from file; echo "add=$?"
            \(count); echo "count=$?"
            service=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk '/uint32/ { print $2 }')
            kill "$service"; sleep 1
            echo "[locked, no terminal]"; \(count) </dev/null; echo "locked=$?"
            echo "[locked, terminal]"; \(countAsked); echo "asked=$?"
            echo "[no bus, no terminal]"; DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent \(count) </dev/null; echo "nobus=$?"
            echo "[no bus, terminal]"; DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent \(countAsked); echo "nobusasked=$?"
            """, store: store)
        let out = r.stdout
        func part(_ title: String) -> String {
            guard let start = out.range(of: "[\(title)]") else { return "" }
            let rest = out[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n[")?.lowerBound ?? rest.endIndex)])
        }
        #expect(out.contains("add=0") && out.contains("7\ncount=0"), "\(out)")
        let locked = part("locked, no terminal")
        #expect(locked.contains("locked=2") && locked.contains("none is stored there (or the keyring is locked"), "\(out)")
        let asked = part("locked, terminal")
        #expect(asked.contains("asking for the password on the terminal instead, for this run only"), "\(out)")
        #expect(asked.components(separatedBy: "Password of alice for profile hr:").count == 2, "asked once: \(out)")
        #expect(asked.contains("\n7\n") && asked.contains("asked=0"), "\(out)")
        let noBus = part("no bus, no terminal")
        #expect(noBus.contains("nobus=2") && noBus.contains("the desktop keyring cannot be used"), "\(out)")
        #expect(noBus.components(separatedBy: "\n").filter { $0.hasPrefix("odsh:") }.count == 1, "one line: \(out)")
        let noBusAsked = part("no bus, terminal")
        #expect(noBusAsked.contains("the desktop keyring cannot be used") && noBusAsked.contains("\n7\n") && noBusAsked.contains("nobusasked=0"), "\(out)")
        #expect(noBusAsked.contains("warning: the session cookies of profile hr are not kept"), "\(out)")
        #expect(!out.contains(AuthGateway.password), "the typed password is not echoed: \(out)")
        // No encrypted store was begun in the middle of a request: no secrets.store in odsh's folders, no passphrase asked.
        let files = xdg.snapshot().keys.filter { !$0.hasPrefix("home/") }
        #expect(!files.contains { $0.contains("secrets.") }, "no encrypted store is begun: \(files)")
        #expect(!out.contains("New passphrase"), "no passphrase is asked for: \(out)")
    }
}

/// What a private Secret Service session needs: dbus-run-session, gnome-keyring-daemon and libsecret.
enum SecretServiceSession {
    static let isAvailable = ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    } && ["/usr/lib/x86_64-linux-gnu/libsecret-1.so.0", "/usr/lib/aarch64-linux-gnu/libsecret-1.so.0"].contains {
        FileManager.default.fileExists(atPath: $0)
    }
}
