import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An OAuth2 client's RSA key pair with a self-signed certificate, as one registers with SuccessFactors, and a
/// second key pair that is not registered; made with openssl once per test process.
public struct SAMLClientKeys: Sendable {
    public var directory: URL
    /// The registered client's private key and certificate (PEM files).
    public var keyFile: String { file("client.key") }
    public var certificateFile: String { file("client.crt") }
    /// Another key pair, unknown to the token endpoint.
    public var otherKeyFile: String { file("other.key") }
    public var otherCertificateFile: String { file("other.crt") }
    public func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
    public func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    public static var isAvailable: Bool { Tools.isInstalled("openssl") && Tools.isInstalled("xmlsec1") && ReferenceServers.isAvailable }
    public static let missing = "openssl or xmlsec1 missing (scripts/setup.sh --tests installs them), or no reference servers"

    nonisolated(unsafe) private static var made: SAMLClientKeys?
    private static let lock = NSLock()

    public static func shared() throws -> SAMLClientKeys {
        lock.lock()
        defer { lock.unlock() }
        if let k = made { return k }
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-saml-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        ExitCleanup.remove(atExit: dir.path)
        for name in ["client", "other"] {
            _ = try Spawn.output(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                  "-subj", "/CN=odsh \(name)", "-keyout", dir.appendingPathComponent("\(name).key").path,
                                  "-out", dir.appendingPathComponent("\(name).crt").path])
        }
        let k = SAMLClientKeys(directory: dir)
        made = k
        return k
    }
}
