import Foundation
import Testing

/// Where the package, its test scripts and the shared reference servers are, and which tools exist.
enum TestEnvironment {
    /// The package root, from this file's place in Tests/ODataClientTests/Support/.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let scripts = packageRoot.appendingPathComponent("scripts/testenv")

    /// The shared folder with the reference servers and the corpus: $ODSH_SHARED, else ../shared beside the package.
    static let shared: URL = {
        if let path = ProcessInfo.processInfo.environment["ODSH_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static var corpusMetadata: URL { shared.appendingPathComponent("corpus/metadata") }

    static let hasReferenceServers = FileManager.default.isExecutableFile(atPath: shared.appendingPathComponent("refsrv/start-v4.sh").path)
        && hasTool("python3") && hasTool("curl")

    static let hasPython = hasTool("python3")

    /// nginx and openssl for the TLS, auth and redirect fixtures (scripts/testenv/install.sh installs them).
    static let hasNginx = (hasTool("nginx") || FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"))
        && hasTool("openssl") && hasTool("python3") && hasTool("curl")

    static let noReferenceServers = Comment(rawValue: "reference servers not found in \(shared.path) (set ODSH_SHARED to the shared folder)")
    static let noNginx: Comment = "nginx, openssl, python3 or curl missing (run scripts/testenv/install.sh)"
    static let noPython: Comment = "python3 missing"

    /// The nginx fixture proxies a reference server, so it needs both.
    static let hasNginxAndServers = hasNginx && hasReferenceServers
    static let noNginxOrServers = hasReferenceServers ? noNginx : noReferenceServers

    private static func hasTool(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
