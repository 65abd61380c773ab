import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Kerberos realm and Apache of scripts/testenv/kerberos.sh in front of the V4 reference server: a KDC for
/// ODSH.TEST, the user tester with a credential cache, and Apache with mod_auth_gssapi demanding SPNEGO for
/// HTTP/localhost. One per test process, stopped when it ends.
public struct KerberosFixture: Sendable {
    /// Its folder: krb5.conf, keytabs, credential caches, logs.
    public var directory: URL
    public var httpPort: Int
    /// The krb5.conf of the realm (for `KRB5_CONFIG`).
    public var krb5Config: String
    /// tester's credential cache (for `KRB5CCNAME`).
    public var credentialCache: String
    /// A credential cache without tickets.
    public var emptyCredentialCache: String
    /// The server's root: the host name must be localhost, the host of its principal.
    public var http: String { "http://localhost:\(httpPort)" }
    /// The principal Apache names in `X-Remote-User` for tester.
    public static let principal = "tester@ODSH.TEST"

    /// The environment of a process that signs in as tester (or, `withTickets` false, has no tickets).
    public func environment(withTickets: Bool = true) -> [String: String] {
        ["KRB5_CONFIG": krb5Config, "KRB5CCNAME": withTickets ? credentialCache : emptyCredentialCache]
    }

    public static var isAvailable: Bool {
        ReferenceServers.isAvailable && ["krb5kdc", "kdb5_util", "kadmin.local", "kinit", "apache2", "openssl"].allSatisfy(Tools.isInstalled)
            && FileManager.default.fileExists(atPath: "/usr/lib/apache2/modules/mod_auth_gssapi.so")
    }
    public static let missing = "Kerberos KDC or Apache with mod_auth_gssapi missing (scripts/setup.sh --tests installs krb5-kdc, "
        + "krb5-admin-server, krb5-user, apache2, libapache2-mod-auth-gssapi), or no reference servers"

    nonisolated(unsafe) private static var started: KerberosFixture?
    private static let lock = NSLock()

    /// The realm and Apache of this test process, started on first use. This process's `KRB5_CONFIG` and
    /// `KRB5CCNAME` are set to the realm's and tester's, so that libcurl in it signs in as tester.
    public static func shared() throws -> KerberosFixture {
        let upstream = try ReferenceServers.port(.v4)
        lock.lock()
        defer { lock.unlock() }
        if let k = started { return k }
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-kerberos-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        ExitCleanup.remove(atExit: dir.path)
        let values = try TestScripts.run("kerberos.sh", ["start", dir.path, String(upstream), String(getpid())], timeout: 120)
        guard let http = values["HTTP_PORT"].flatMap(Int.init), let config = values["KRB5_CONFIG"],
              let cache = values["KRB5CCNAME"], let empty = values["OTHER_CCNAME"] else {
            throw ReferenceServers.ServerStartError(message: "kerberos.sh printed no ports: \(values)")
        }
        let k = KerberosFixture(directory: dir, httpPort: http, krb5Config: config, credentialCache: cache, emptyCredentialCache: empty)
        setenv("KRB5_CONFIG", config, 1)
        setenv("KRB5CCNAME", cache, 1)
        started = k
        return k
    }
}
