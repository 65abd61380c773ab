import Foundation
import Testing
import TestSupport

/// The packages scripts/package.sh makes (scripts/test.sh runs it beside the build and the tests, as a release build
/// takes minutes, and these tests wait for it): the .deb
/// installs (`dpkg -i` as root; else unpacked with `dpkg -x`), the installed odsh has the Swift runtime linked in,
/// says the source's version and queries a reference server; `dpkg -r` removes every file it installed. The
/// .tar.gz holds the same odsh with its manual and completions.
@Suite("packages", .serialized, .fixture("odsh .deb (scripts/package.sh)", PackageFiles.building || PackageFiles.deb != nil, Comment(rawValue: PackageFiles.missing)),
       .fixture("reference servers", ReferenceServers.isAvailable, Comment(rawValue: ReferenceServers.missing)))
struct PackageTests {
    /// Runs an installed odsh: its version, the libraries it links, and a one-shot query.
    static func check(_ odsh: String) throws {
        let version = try Spawn.run([odsh, "--version"])
        #expect(version.status == 0 && version.stdout == "\(PackageFiles.version)\n", "\(version.stdout)\(version.stderr)")
        let ldd = try Spawn.run(["ldd", odsh])
        #expect(!ldd.stdout.contains("libswift") && !ldd.stdout.contains("libFoundation"), "the Swift runtime is linked in:\n\(ldd.stdout)")
        #expect(!ldd.stdout.contains("not found"), "\(ldd.stdout)")
        let base = try ReferenceServers.baseURL(.v4)
        let home = NSTemporaryDirectory() + "odsh-package-home-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let query = try Spawn.run([odsh, base + "/northwind/", "-o", "csv", "-c", "Customers where Country = 'UK' select CustomerID order by CustomerID top 2"],
                                  environment: Spawn.environment(["HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                                                                  "XDG_STATE_HOME": home + "/state"]))
        #expect(query.status == 0, "\(query.stderr)")
        // CSV lines end in CRLF (RFC 4180).
        #expect(query.stdout.split(whereSeparator: \.isNewline) == ["CustomerID", "AROUT", "BSBEV"], "\(query.stdout)")
        // `odsh mcp` finds the server it ships with (beside it, or in ../libexec/odsh/) and answers MCP's initialize.
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
        let mcp = try Spawn.run([odsh, "mcp", base + "/northwind/"], stdin: initialize + "\n",
                                environment: Spawn.environment(["HOME": home, "XDG_CACHE_HOME": home + "/cache"]), timeout: 60)
        #expect(mcp.status == 0 && mcp.stdout.contains(#""serverInfo":{"name":"odsh""#), "\(mcp.stdout)\(mcp.stderr)")
        let mcpLdd = try Spawn.run(["ldd", URL(fileURLWithPath: odsh).deletingLastPathComponent().path + "/../libexec/odsh/odsh-mcp"])
        #expect(!mcpLdd.stdout.contains("libswift") && !mcpLdd.stdout.contains("not found"), "\(mcpLdd.stdout)")
    }

    @Test("the .deb installs, runs and is removed without a trace (unpacked with dpkg -x when not root)")
    func debian() async throws {
        try await PackageFiles.built()
        let deb = try #require(PackageFiles.deb, Comment(rawValue: PackageFiles.missing))
        let fields = try Spawn.output(["dpkg-deb", "-f", deb.path, "Package", "Version", "Depends"])
        #expect(fields.contains("Version: \(PackageFiles.version)"))
        for dependency in ["libcurl4", "libedit2", "libxml2", "libc6"] { #expect(fields.contains(dependency), "\(fields)") }
        let listing = try Spawn.output(["dpkg-deb", "-c", deb.path])
        for file in ["./usr/bin/odsh", "./usr/share/man/man1/odsh.1.gz", "./usr/share/bash-completion/completions/odsh",
                     "./usr/share/zsh/vendor-completions/_odsh", "./usr/share/fish/vendor_completions.d/odsh.fish",
                     "./usr/share/doc/odsh/copyright", "./usr/libexec/odsh/odsh-mcp"] {
            #expect(listing.contains(" \(file)\n"), "\(file) is not in the package")
        }
        // Debian's copyright file, machine-readable (DEP-5), naming the licence of LICENSE.
        let copyright = try Spawn.output(["/bin/sh", "-c", "dpkg-deb --fsys-tarfile \"$1\" | tar -xOf - ./usr/share/doc/odsh/copyright", "sh", deb.path])
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"), "\(copyright)")
        #expect(copyright.contains("\nFiles: *\n") && copyright.contains("\nLicense: Apache-2.0\n")
                    && copyright.contains("/usr/share/common-licenses/Apache-2.0"), "\(copyright)")
        // Installed for real only as root, and only when no odsh package is installed already (it is not ours to remove).
        let installedBefore = (try? Spawn.run(["dpkg-query", "-W", "-f=${db:Status-Status}", "odsh"]))?.stdout == "installed"
        guard getuid() == 0, !installedBefore, Tools.isInstalled("dpkg") else {
            let scratch = NSTemporaryDirectory() + "odsh-deb-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            _ = try Spawn.output(["dpkg-deb", "-x", deb.path, scratch])
            try Self.check(scratch + "/usr/bin/odsh")
            return
        }
        let install = try Spawn.run(["dpkg", "-i", deb.path], timeout: 120)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        let files = try Spawn.output(["dpkg-query", "-L", "odsh"]).split(separator: "\n").map(String.init)
            .filter { path in var isDir: ObjCBool = false; return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue }
        #expect(files.contains("/usr/bin/odsh"))
        var removed = false
        defer { if !removed { _ = try? Spawn.run(["dpkg", "-r", "odsh"], timeout: 120) } }
        try Self.check("/usr/bin/odsh")
        let remove = try Spawn.run(["dpkg", "-r", "odsh"], timeout: 120)
        removed = true
        #expect(remove.status == 0, "\(remove.stdout)\(remove.stderr)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file) is left after dpkg -r") }
    }

    @Test("the .tar.gz holds odsh, its manual and completions under odsh-VERSION/")
    func tarball() async throws {
        try await PackageFiles.built()
        let tarball = try #require(PackageFiles.tarball, "no odsh-\(PackageFiles.version)-linux-*.tar.gz in \(PackageFiles.directory.path)")
        let scratch = NSTemporaryDirectory() + "odsh-tar-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = try Spawn.output(["tar", "-xzf", tarball.path, "-C", scratch])
        let top = scratch + "/odsh-\(PackageFiles.version)"
        for file in ["share/man/man1/odsh.1", "share/bash-completion/completions/odsh", "share/zsh/site-functions/_odsh",
                     "share/fish/vendor_completions.d/odsh.fish", "libexec/odsh/odsh-mcp", "LICENSE", "NOTICE"] {
            #expect(FileManager.default.fileExists(atPath: top + "/" + file), "\(file)")
        }
        try Self.check(top + "/bin/odsh")
    }
}

/// Where the packages are, and the version they should have.
enum PackageFiles {
    /// `$ODSH_PACKAGE_DIR`, else .build-package in the package root.
    static var directory: URL {
        if let p = ProcessInfo.processInfo.environment["ODSH_PACKAGE_DIR"], !p.isEmpty { return URL(fileURLWithPath: p) }
        return TestPaths.packageRoot.appendingPathComponent(".build-package")
    }
    /// The version in the source, as `odsh --version` prints it.
    static let version: String = {
        let file = TestPaths.packageRoot.appendingPathComponent("Sources/ODataClient/HTTP/ODataClientVersion.swift")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard let r = text.range(of: "public static let version = \"") else { return "?" }
        return String(text[r.upperBound...].prefix(while: { $0 != "\"" }))
    }()
    static func built(_ suffix: String, prefix: String) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.first { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.map { directory.appendingPathComponent($0) }
    }
    static var deb: URL? { Tools.isInstalled("dpkg-deb") ? built(".deb", prefix: "odsh_\(version)_") : nil }
    static var tarball: URL? { built(".tar.gz", prefix: "odsh-\(version)-linux-") }

    /// scripts/test.sh makes the packages while the tests run; `$ODSH_PACKAGE_LOCK` names the file it holds locked
    /// until scripts/package.sh has ended, its exit status then in `LOCK.status` and its output in `LOCK.log`.
    static var lock: String? { ProcessInfo.processInfo.environment["ODSH_PACKAGE_LOCK"].flatMap { $0.isEmpty ? nil : $0 } }
    static var building: Bool { lock != nil }

    struct BuildFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Waits until scripts/test.sh's package.sh has ended (taking the lock it holds, on a thread of its own, not one of
    /// the tests' pool); throws its failure with the end of its output. Returns at once when nothing is building.
    static func built() async throws {
        guard let lock else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                let fd = open(lock, O_RDONLY)
                if fd >= 0 {
                    while flock(fd, LOCK_SH) != 0 && errno == EINTR {}
                    close(fd)
                }
                done.resume()
            }
        }
        let status = (try? String(contentsOfFile: lock + ".status", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == "0" else {
            let log = (try? String(contentsOfFile: lock + ".log", encoding: .utf8)) ?? ""
            throw BuildFailed(description: "scripts/package.sh " + (status.map { "failed (exit \($0))" } ?? "left no exit status")
                              + ":\n" + log.split(separator: "\n").suffix(30).joined(separator: "\n"))
        }
    }
    static let missing = "no odsh_\(version)_*.deb in \(directory.path) or dpkg-deb missing: "
        + "bash scripts/package.sh builds it (scripts/test.sh does, unless ODSH_SKIP_PACKAGE=1)"

}
