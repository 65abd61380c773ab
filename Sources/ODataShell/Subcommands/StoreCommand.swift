import ArgumentParser
import FoundationEssentials
import Glibc

/// `odsh store status|lock|unlock|change-passphrase|reset`: the secure store of secrets and session cookies.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        _superCommandName: "odsh",
        abstract: "The secure store of passwords, tokens, API keys and session cookies: status, lock, unlock, change its passphrase, reset.",
        discussion: """
            odsh keeps what is secret between runs in the desktop keyring where a session bus offers the Secret \
            Service, else in $XDG_CONFIG_HOME/odsh/secrets.store (default ~/.config/odsh), encrypted with \
            AES-256-GCM under a key derived from a passphrase with scrypt. Unlocked once, the file \
            stays unlocked for this terminal session for [store] unlock-minutes (default 15): the key waits in the \
            kernel's session keyring. For scripts the passphrase may come from $ODSH_STORE_PASSPHRASE or a file \
            (--store-passphrase-file, $ODSH_STORE_PASSPHRASE_FILE); whoever reads that variable or file can open the \
            store. [store] backend in config.toml (or ODSH_STORE) chooses auto, keyring, file, or plain: the plain \
            0600 files secrets.toml and cookies-NAME.txt, for CI and containers.
            """,
        subcommands: [Status.self, Lock.self, Unlock.self, ChangePassphrase.self, Reset.self]
    )

    struct PassphraseOptions: ParsableArguments {
        @Option(name: .customLong("store-passphrase-file"),
                help: ArgumentHelp("Read the store's passphrase from the first line of this file (for scripts; keep it private).", valueName: "FILE"),
                completion: .file())
        var file: String?
    }

    /// The encrypted store of the current settings, or an error when the plain files are chosen.
    static func encryptedStore(_ context: ProfileContext, passphraseFile: String?) throws -> EncryptedSecretStore {
        let store = try SecureStore.open(dirs: context.dirs, environment: context.environment, readSecret: context.readSecret,
                                         passphraseFile: passphraseFile.map(FileSystemPath.expandingTilde))
        guard let encrypted = store as? EncryptedSecretStore else {
            if store.backend == .keyring {
                throw StoreError(.unavailable, "odsh keeps its secrets in \(store.location), which your desktop session locks and unlocks")
            }
            throw StoreError(.unavailable, "odsh keeps plain files (\(store.location)), as [store] backend or ODSH_STORE chooses: there is nothing to lock or unlock")
        }
        return encrypted
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Where secrets live, and whether the store is unlocked.")

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                let settings = try StoreSettings.load(context.dirs, environment: context.environment)
                var lines: [(String, String)] = []
                var file: SecretsFile?
                switch settings.backend ?? SecureStore.automatic(context.dirs, context.environment) {
                case .keyring:
                    let store = KeyringSecretStore(dirs: context.dirs)
                    lines.append(("store", "the desktop keyring (Secret Service), which your desktop session unlocks"))
                    lines.append(("location", store.location))
                    file = try SecretsFile.load(store)
                    if file?.profiles.isEmpty ?? true { lines.append(("state", store.exists ? "open" : "none yet: created with the first secret")) }
                case .plain:
                    let store = PlainSecretStore(context.dirs.secretsFile)
                    lines.append(("store", "plain files (mode 0600), as chosen"))
                    lines.append(("secrets", access(store.location, F_OK) == 0 ? store.location : "none yet (\(store.location))"))
                    let jars = SecureStore.plainCookieJars(context.dirs)
                    lines.append(("cookies", jars.isEmpty ? "none yet" : jars.map(\.1).joined(separator: ", ")))
                    file = try SecretsFile.load(store)
                case .file:
                    let store = EncryptedSecretStore(context.dirs.secureStoreFile,
                                                     passphrase: StorePassphrase(environment: [:], readSecret: { _ in throw StoreError(.locked, "locked") }),
                                                     unlockSeconds: settings.unlockSeconds)
                    lines.append(("store", "encrypted file (AES-256-GCM, key from the passphrase by scrypt)"))
                    lines.append(("location", store.location))
                    if let bytes = try store.fileBytes() {
                        let header = try SealedStoreFile.header(of: bytes, place: "the secure store \(store.location)")
                        let p = header.parameters
                        lines.append(("key", "scrypt N=2^\(p.logN) r=\(p.r) p=\(p.p)" + (header.emptyPassphrase ? "; EMPTY passphrase (--insecure-store)" : "")))
                        // Only what the session keyring already unlocks is listed: status never asks. What it can open
                        // it authenticates as unlocking does: a damaged store is refused (exit 4), not called unlocked.
                        if header.emptyPassphrase || SessionKeyring.holds(store.location) {
                            file = try SecretsFile.load(store)
                            lines.append(("state", header.emptyPassphrase ? "open (empty passphrase)" : "unlocked for this session (odsh store lock locks it)"))
                        } else {
                            lines.append(("state", "locked (odsh store unlock unlocks it for \(settings.unlockSeconds / 60) minutes)"))
                        }
                    } else {
                        lines.append(("state", "none yet: created with the first secret, or by odsh store unlock"))
                    }
                    lines.append(("unlock time", "\(settings.unlockSeconds / 60) minutes ([store] unlock-minutes)"))
                }
                if let file {
                    let profiles = file.profiles.map { name -> String in
                        let keys = (file.table(profile: name)?.entries.map(\.key) ?? []).filter { $0 != StoreCookies.key && !$0.hasPrefix("oauth2-token-") }
                        let cookies = StoreCookies.count(in: file, profile: name)
                        let parts = keys + (cookies > 0 ? ["\(cookies) cookie\(cookies == 1 ? "" : "s")"] : [])
                        return "\(name) (\(parts.joined(separator: ", ")))"
                    }
                    lines.append(("profiles", profiles.isEmpty ? "none" : profiles.joined(separator: "; ")))
                }
                let width = lines.map(\.0.count).max() ?? 0
                Stdout.write(lines.map { $0.0 + String(repeating: " ", count: width + 2 - $0.0.count) + $0.1 + "\n" }.joined())
            }
        }
    }

    struct Lock: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "lock", abstract: "Forget the store's key now: the next use asks for the passphrase.")

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                let location = context.dirs.secureStoreFile
                let held = SessionKeyring.forget(location)
                Stderr.write("odsh: the secure store \(location) is locked\(held ? "" : " (it was not unlocked)")\n")
            }
        }
    }

    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "Unlock the store for this terminal session (creates it, with a new passphrase, when there is none).")

        @OptionGroup var passphrase: PassphraseOptions

        @Flag(help: "Allow an empty passphrase for a new store: anyone who can read the file can then open it.")
        var insecureStore = false

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                let store = try StoreCommand.encryptedStore(context, passphraseFile: passphrase.file)
                let created = try store.unlock(allowEmpty: insecureStore)
                if created { try SecureStore.noteWritten(store) }
                Stderr.write("odsh: the secure store \(store.location) is \(created ? "created and " : "")unlocked for \(store.unlockSeconds / 60) minutes\n")
            }
        }
    }

    struct ChangePassphrase: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "change-passphrase",
                                                        abstract: "Encrypt the store under a new passphrase.")

        @OptionGroup var passphrase: PassphraseOptions

        @Option(help: ArgumentHelp("Read the new passphrase from the first line of this file (else $ODSH_STORE_NEW_PASSPHRASE, else the terminal).", valueName: "FILE"),
                completion: .file())
        var newPassphraseFile: String?

        @Flag(help: "Allow an empty new passphrase: anyone who can read the file can then open it.")
        var insecureStore = false

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                let store = try StoreCommand.encryptedStore(context, passphraseFile: passphrase.file)
                var environment: [String: String] = [:]
                if let given = context.environment["ODSH_STORE_NEW_PASSPHRASE"] { environment["ODSH_STORE_PASSPHRASE"] = given }
                let new = StorePassphrase(environment: environment, file: newPassphraseFile.map(FileSystemPath.expandingTilde),
                                          readSecret: context.readSecret)
                try store.changePassphrase(allowEmpty: insecureStore, newPassphrase: new)
                Stderr.write("odsh: the secure store \(store.location) has its new passphrase\n")
            }
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Remove every secret and session cookie odsh keeps (a forgotten passphrase: start again).",
            discussion: "Profiles stay in config.toml; their secrets are to be given again (odsh profile secret NAME).")

        @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                var targets: [String] = []
                for path in [context.dirs.secureStoreFile, context.dirs.secretsFile] where access(path, F_OK) == 0 { targets.append(path) }
                targets += SecureStore.plainCookieJars(context.dirs).map(\.1)
                let keyring = KeyringSecretStore(dirs: context.dirs)
                let inKeyring = KeyringSecretStore.isAvailable(context.environment, dirs: context.dirs) && keyring.exists
                if inKeyring { targets.append(keyring.location) }
                guard !targets.isEmpty else {
                    SessionKeyring.forget(context.dirs.secureStoreFile)
                    Stderr.write("odsh: there are no secrets or session cookies to remove\n")
                    return
                }
                if !yes {
                    guard TerminalFacts.process.stdin else {
                        throw UsageError("odsh store reset removes every secret and session cookie; without a terminal to confirm, give --yes")
                    }
                    guard try TerminalQuestions.confirm("Remove every secret and session cookie (\(targets.joined(separator: ", ")))?", default: false) else {
                        Stderr.write("odsh: nothing removed\n")
                        return
                    }
                }
                SessionKeyring.forget(context.dirs.secureStoreFile)
                if inKeyring {
                    _ = try keyring.destroy()
                    unlink(keyring.lockFile)
                    Stderr.write("odsh: removed \(keyring.location)\n")
                }
                for path in targets where path != keyring.location {
                    guard unlink(path) == 0 || errno == ENOENT else {
                        throw StoreError(.unavailable, "cannot remove \(path): \(String(cString: strerror(errno)))")
                    }
                    unlink(path + ".lock")
                    Stderr.write("odsh: removed \(path)\n")
                }
            }
        }
    }
}
