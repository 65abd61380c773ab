import Foundation
import Testing

/// `swiftc -typecheck` of one source file against the modules of this test run (scripts/symbol-graphs.sh --flags
/// gives what the compiler needs to import them).
public enum ConsumerCompile {
    /// The folder of the modules this test run was built from (the test bundle sits beside them), else .build/debug.
    public static let buildFolder: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [beside, beside.deletingLastPathComponent(), TestPaths.packageRoot.appendingPathComponent(".build/debug")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/ODataModel.swiftmodule").path) }
    }()

    public static let swiftc = FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc") ? "/opt/swift/usr/bin/swiftc" : "swiftc"
    public static var isAvailable: Bool { buildFolder != nil && (swiftc.hasPrefix("/") || Tools.isInstalled("swiftc")) }
    public static var missing: String { buildFolder == nil ? "no built modules found beside the test bundle or in .build/debug" : "swiftc missing" }

    public static func typecheck(_ source: String) throws -> Spawn.Result {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("odsh-consumer-access-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("consumer.swift")
        try Data(source.utf8).write(to: file)
        let environment = Spawn.environment(["ODSH_BUILD_DIR": try #require(buildFolder).path])
        let flags = try Spawn.run(["/bin/bash", TestPaths.packageRoot.appendingPathComponent("scripts/symbol-graphs.sh").path, "--flags"],
                                  environment: environment, timeout: 60)
        try #require(flags.status == 0, "symbol-graphs.sh --flags: \(flags.stderr)")
        // A module cache of its own: the build's is the build's.
        var arguments = flags.stdout.split(separator: "\n").map(String.init)
        if let i = arguments.firstIndex(of: "-module-cache-path"), i + 1 < arguments.count {
            arguments[i + 1] = folder.appendingPathComponent("ModuleCache").path
        }
        return try Spawn.run([swiftc, "-typecheck", "-swift-version", "6"] + arguments + [file.path],
                             mergingOutput: true, timeout: 300)
    }
}
