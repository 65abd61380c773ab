import Foundation
import Testing
import TestSupport

/// The libraries as a versioned SwiftPM dependency: Examples/Consumer, a package of its own, is built against a
/// tagged clone of this repository (what is committed, as a dependency sees it; SwiftPM refuses such a dependency
/// when a target of its products has unsafe build flags) and run against the reference server: async paging, two
/// queries at once on one service, cancellation. Its build must not touch swift-argument-parser (the shell's
/// dependency, behind the trait "Shell").
extension IntegrationTests {
    @Suite("A package that depends on this one", .enabled(if: Tools.isInstalled("git"), "git missing"))
    struct ConsumerPackage {
        @Test(.timeLimit(.minutes(20)))
        func aConsumerPackageOnAVersionTagBuildsWithoutTheShellAndRunsAsync() throws {
            let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-consumer-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let clone = work.appendingPathComponent("odsh")
            // The committed state of this repository, tagged as a release.
            _ = try Spawn.output(["git", "clone", "--quiet", "--no-hardlinks", TestPaths.packageRoot.path, clone.path])
            _ = try Spawn.output(["git", "-C", clone.path, "-c", "tag.gpgSign=false", "tag", "99.1.0"])
            let consumer = work.appendingPathComponent("consumer")
            _ = try Spawn.output(["cp", "-R", TestPaths.packageRoot.appendingPathComponent("Examples/Consumer").path, consumer.path])
            let environment = Spawn.environment(["ODSH_PACKAGE_URL": clone.path, "ODSH_PACKAGE_VERSION": "99.1.0"])
            let swift = FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift") ? "/opt/swift/usr/bin/swift" : "swift"
            let build = try Spawn.run([swift, "build", "--package-path", consumer.path], environment: environment,
                                      mergingOutput: true, timeout: 1100)
            #expect(build.status == 0, "\(build.stdout.suffix(3000))")
            #expect(!build.stdout.contains("ArgumentParser"), "the libraries alone build nothing of swift-argument-parser")
            #expect(!build.stdout.contains("swift-argument-parser"), "nor fetch it")
            guard build.status == 0 else { return }
            guard ReferenceServers.isAvailable else {
                Issue.record(Comment(rawValue: "built; not run: \(ReferenceServers.missing)"), severity: .warning)
                return
            }

            let binary = consumer.appendingPathComponent(".build/debug/ODataConsumer").path
            let hanging = try Fixtures.shared.hangingServer()
            let run = try Spawn.run([binary, try ReferenceServers.baseURL(.v4) + "/northwind/", "http://127.0.0.1:\(hanging)/"],
                                    timeout: 300)
            let out = run.stdout
            #expect(run.status == 0, "\(run.stderr)\n\(out)")
            #expect(out.contains("orders read with for try await: 830, last 11077"), "\(out)")
            #expect(out.contains("top 30 across pages: 30"))
            #expect(out.contains("concurrent: 5 customers, 7 products"))
            #expect(out.contains("decoded: ALFKI, ANATR, ANTON"), "\(out)")
            #expect(out.contains("$metadata requests: 1\n"), "\(out)")
            let cancelled = out.split(separator: "\n").first { $0.hasPrefix("cancelled: ") }.map(String.init) ?? ""
            #expect(cancelled.hasPrefix("cancelled: true, after "), "\(out)")
            let ms = Int(cancelled.split(separator: " ").dropLast().last ?? "") ?? Int.max
            #expect(ms < 100, "Task.cancel() ended the transfer after \(ms) ms")
        }
    }
}
