import Foundation
import Testing
import TestSupport

/// What a first run on a bare machine rests on besides run-sample.sh itself (ReadmeCommandsTests runs that): the
/// package lists of scripts/setup.sh, and the licence.
@Suite("first run: setup lists and licence")
struct FirstRunFilesTests {
    static let root = OdshProcess.packageRoot

    /// `setup.sh [--tests] --list`: the names it would install.
    static func setupList(_ options: [String]) throws -> [String] {
        let run = try Spawn.run(["/bin/bash", root.appendingPathComponent("scripts/setup.sh").path] + options + ["--list"])
        try #require(run.status == 0, "setup.sh \(options.joined(separator: " ")) --list: \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("setup.sh without --tests (what run-sample.sh runs) installs what building and running odsh needs, no test package")
    func sampleListHasNoTestPackages() throws {
        let sample = try Self.setupList([])
        #expect(Set(sample) == ["libedit-dev", "libcurl4-openssl-dev", "libxml2-dev", "pkg-config", "python3-venv"], "\(sample)")
        let tests = try Self.setupList(["--tests"])
        for name in ["nginx-light", "krb5-kdc", "krb5-admin-server", "krb5-user", "apache2", "libapache2-mod-auth-gssapi",
                     "xmlsec1", "mandoc", "zsh", "fish", "hyperfine", "tmux", "libxml2-utils", "openssl", "curl", "dpkg-dev", "jq"] {
            #expect(tests.contains(name), "setup.sh --tests does not install \(name)")
            #expect(!sample.contains(name), "setup.sh without --tests installs the test-only \(name)")
        }
        #expect(Set(sample).isSubset(of: Set(tests)), "setup.sh --tests leaves out some of what building odsh needs")
        let runSample = try String(contentsOf: Self.root.appendingPathComponent("scripts/run-sample.sh"), encoding: .utf8)
        #expect(runSample.contains("\nbash scripts/setup.sh\n"), "run-sample.sh does not run setup.sh (without --tests)")
        let test = try String(contentsOf: Self.root.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(test.contains("bash scripts/setup.sh --tests"), "test.sh does not run setup.sh --tests")
        let unknown = try Spawn.run(["/bin/bash", Self.root.appendingPathComponent("scripts/setup.sh").path, "--test"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option --test"), "\(unknown.stderr)")
    }

    @Test("the repository is licensed under Apache-2.0, and says so in LICENSE, NOTICE, README and Package.swift")
    func licence() throws {
        func text(_ path: String) throws -> String {
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        }
        let license = try text("LICENSE")
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
        #expect(try text("NOTICE").contains("Licensed under the Apache License, Version 2.0"))
        #expect(try text("README.md").contains("licensed under the Apache License, Version\n2.0"))
        #expect(try text("Package.swift").contains("licensed under the Apache License, Version 2.0"))
        // The sample rows are not ours: their source and licence are beside them.
        let source = try text("scripts/sample/data/SOURCE.md")
        #expect(source.contains("MIT License") && source.contains("github.com/microsoft/sql-server-samples"))
        #expect(try text("scripts/package.sh").contains("usr/share/doc/odsh/copyright"))
    }
}
