import Foundation
import Testing
import TestSupport

/// The secure store's keyring backend against a real Secret Service: GNOME Keyring on a private session bus
/// (`dbus-run-session`), its login keyring unlocked with a test password, odsh run inside that session.
@Suite(.serialized, .enabled(if: OdshProcess.isBuilt, "odsh is not built (swift build)"),
       .enabled(if: ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)),
       .enabled(if: SecretServiceSession.isAvailable,
                "skipped: no Secret Service to test with (apt install gnome-keyring libsecret-1-0 dbus-daemon; scripts/setup.sh --tests)"))
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

/// What a private Secret Service session needs: dbus-run-session, gnome-keyring-daemon and libsecret.
enum SecretServiceSession {
    static let isAvailable = ["/usr/bin/dbus-run-session", "/usr/bin/gnome-keyring-daemon"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    } && ["/usr/lib/x86_64-linux-gnu/libsecret-1.so.0", "/usr/lib/aarch64-linux-gnu/libsecret-1.so.0"].contains {
        FileManager.default.fileExists(atPath: $0)
    }
}
