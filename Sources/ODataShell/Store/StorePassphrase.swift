import FoundationEssentials
import Glibc

/// Where the store's passphrase comes from: `$ODSH_STORE_PASSPHRASE`, a file (`--store-passphrase-file`,
/// `$ODSH_STORE_PASSPHRASE_FILE`: its first line), else the terminal without echo. The first two are for scripts;
/// whoever can read that variable or file can open the store.
struct StorePassphrase: Sendable {
    /// The shortest passphrase a new store accepts (the empty one only with `--insecure-store`).
    static let minimumLength = 8
    /// How many times a person at the terminal may type a passphrase, a wrong one or a new one the policy refuses,
    /// before the command gives up (as sudo and passwd allow).
    static let tries = 3

    var environment: [String: String]
    /// `--store-passphrase-file`, over `$ODSH_STORE_PASSPHRASE_FILE`.
    var file: String?
    /// Asks on the terminal without echo; the argument is the prompt.
    var readSecret: @Sendable (String) throws -> String

    init(environment: [String: String], file: String? = nil, readSecret: @escaping @Sendable (String) throws -> String) {
        self.environment = environment
        self.file = file
        self.readSecret = readSecret
    }

    /// Whether the passphrase comes from the environment or a file (nothing to ask, nothing to confirm).
    var isScripted: Bool { given() != nil }

    private var passphraseFile: String? {
        if let file { return file }
        if let f = environment["ODSH_STORE_PASSPHRASE_FILE"], !f.isEmpty { return f }
        return nil
    }

    /// The passphrase the environment or a file gives, if one does.
    private func given() -> (() throws -> String)? {
        if let value = environment["ODSH_STORE_PASSPHRASE"] { return { value } }
        guard let path = passphraseFile else { return nil }
        return {
            // As ssh treats a private key: a regular file that group or others may open is not a secret any more.
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 {
                throw StoreError(.unprotectedFile, "the store's passphrase file \(path) is open to group or others (mode "
                                 + "\(String(info.st_mode & 0o777, radix: 8))), so it is not used: run chmod 600 \(path)")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw StoreError(.locked, "cannot read the store's passphrase file \(path): \(String(cString: strerror(errno)))")
            }
            let text = String(decoding: data, as: UTF8.self)
            return String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
        }
    }

    /// The passphrase of an existing store at `path`; `again` when the one typed before was wrong.
    func existing(for path: String, again: Bool = false) throws -> String {
        if let given = given() { return try given() }
        do {
            return try readSecret((again ? "Wrong passphrase; try again.\n" : "") + "Passphrase of the secure store \(path): ")
        } catch {
            throw StoreError(.locked, "the secure store \(path) is locked and there is no terminal to ask for its passphrase: "
                             + "run odsh store unlock, or set ODSH_STORE_PASSPHRASE or ODSH_STORE_PASSPHRASE_FILE")
        }
    }

    /// A new passphrase for the store at `path`, checked against the policy. On a terminal it is asked twice, and a
    /// passphrase the policy refuses, or a second one that differs, is asked for again with the reason, `tries` times.
    func new(for path: String, allowEmpty: Bool) throws -> String {
        if let given = given() {
            let passphrase = try given()
            try Self.check(passphrase, allowEmpty: allowEmpty)
            return passphrase
        }
        var problem: String?
        for _ in 0..<Self.tries {
            let passphrase: String
            do {
                passphrase = try readSecret((problem.map { $0.prefix(1).uppercased() + $0.dropFirst() + "; try again.\n" } ?? "")
                                            + "New passphrase for the secure store \(path) (\(Self.minimumLength) characters or more): ")
            } catch {
                throw StoreError(.locked, "the secure store \(path) needs a passphrase and there is no terminal to ask for one: "
                                 + "set ODSH_STORE_PASSPHRASE or ODSH_STORE_PASSPHRASE_FILE, or choose the plain files with ODSH_STORE=plain")
            }
            do {
                try Self.check(passphrase, allowEmpty: allowEmpty)
            } catch let refused as StoreError {
                problem = refused.message
                continue
            }
            guard try readSecret("The same passphrase again: ") == passphrase else {
                problem = "the two passphrases differ"
                continue
            }
            return passphrase
        }
        throw StoreError(.weakPassphrase, "no new passphrase after \(Self.tries) tries (\(problem ?? "")); nothing was changed")
    }

    /// The passphrase policy: at least `minimumLength` characters; the empty passphrase only when asked for.
    static func check(_ passphrase: String, allowEmpty: Bool) throws {
        if passphrase.isEmpty {
            guard allowEmpty else {
                throw StoreError(.weakPassphrase, "an empty passphrase leaves the store open to whoever reads the file; "
                                 + "give one of \(minimumLength) characters or more (or --insecure-store, if that is what you want)")
            }
            return
        }
        guard passphrase.count >= minimumLength else {
            throw StoreError(.weakPassphrase, "the passphrase is too short: \(minimumLength) characters or more")
        }
    }
}
