import FoundationEssentials
import Glibc
import ODataClient

/// Turns a profile's secret sources into secrets: the environment, a command's output, a secrets file, or the
/// terminal. Messages name the profile and the source, never a secret.
struct SecretResolver {
    var dirs: XDGDirectories
    var environment: [String: String]
    /// Asks for a secret on the terminal without echo; the argument is the prompt.
    var readSecret: @Sendable (String) throws -> String
    /// Secrets already at hand (while `profile add` checks a new profile), by secret name.
    var pending: [String: String] = [:]
    /// What this run resolved already: each secret is asked for (or read, or its command run) once per run.
    var resolved = ResolvedSecrets()
    /// Whether there is a terminal to ask on: a secret its store cannot give is asked for there instead.
    var canAsk: @Sendable () -> Bool = { false }

    /// The store a `file` source stands for: a named file (`file:PATH`, plain, as the user chose), else odsh's
    /// secret store (encrypted unless the plain file is chosen).
    func secretsFile(_ source: SecretSource?) throws -> any SecretStore {
        if case .file(let path?) = source { return PlainSecretStore(FileSystemPath.expandingTilde(path)) }
        return try store()
    }

    /// odsh's secret store, as `[store]` in config.toml and `$ODSH_STORE` choose it.
    func store() throws -> any SecretStore {
        try SecureStore.open(dirs: dirs, environment: environment, readSecret: readSecret)
    }

    /// The secret `name` (password, token, cookie, client-secret) of `profile`, from `source`; resolved once per run.
    func secret(_ name: String, of profile: Profile, from source: SecretSource?) throws -> String {
        if let given = pending[name] { return given }
        return try resolved.value(ResolvedSecrets.key(config: dirs.config, profile: profile.name, secret: name)) {
            try resolve(name, of: profile, from: source)
        }
    }

    private func resolve(_ name: String, of profile: Profile, from source: SecretSource?) throws -> String {
        let place = "profile \(profile.name)"
        switch source {
        case nil:
            throw ProfileError("\(place) signs in with \(profile.auth.rawValue) but says nowhere where its \(name) comes from; "
                               + "set \(name == "client-secret" && profile.auth == .oauth2Password ? "client-secret-from" : "secret-from") "
                               + "to \(SecretSource.spellings)")
        case .environment(let variable):
            guard let value = environment[variable], !value.isEmpty else {
                throw ProfileError("\(place) takes its \(name) from $\(variable), which is not set")
            }
            return value
        case .command(let command):
            return try run(command, name: name, place: place)
        case .file:
            return try stored(name, key: name, of: profile, in: try secretsFile(source)) {
                "store one with: odsh profile secret \(profile.name)"
            }
        case .prompt:
            return try readSecret(prompt(name, of: profile))
        }
    }

    /// The value of the header `name` that `profile` keeps in the secret store (an API key given with `-H`).
    func secretHeader(_ name: String, of profile: Profile) throws -> String {
        let key = Profile.secretHeaderKey(name)
        if let given = pending[key] { return given }
        return try resolved.value(ResolvedSecrets.key(config: dirs.config, profile: profile.name, secret: key)) {
            try stored("value of the header \(name)", key: key, of: profile, in: try store()) { "add the profile again with -H" }
        }
    }

    /// The value `key` of `profile` in `store`. When the store cannot give it (the desktop keyring gone, locked or
    /// another one than before; the value missing), it is asked for on the terminal instead, for this run only,
    /// with a line that says why; with no terminal, the store's error stands.
    func stored(_ name: String, key: String, of profile: Profile, in store: any SecretStore,
                howToStore: () -> String) throws -> String {
        let value: String?
        do {
            value = try SecretsFile.load(store).value(profile: profile.name, key: key)
        } catch let error as StoreError where error.kind == .unavailable {
            return try ask(name, of: profile, because: error.message, hint: nil, otherwise: error)
        }
        if let value, !value.isEmpty { return value }
        // A keyring that is locked, or another one than odsh wrote to, gives nothing either.
        let missing = "profile \(profile.name) keeps its \(name) in \(store.location), but none is stored there"
            + (store.backend == .keyring ? " (or the keyring is locked, or not the one odsh wrote to)" : "")
        return try ask(name, of: profile, because: missing, hint: howToStore(), otherwise: ProfileError(missing + "; " + howToStore()))
    }

    /// Asks for `name` on the terminal after saying `why` (and `hint`), or throws `error` when there is no terminal.
    private func ask(_ name: String, of profile: Profile, because why: String, hint: String?, otherwise error: any Error) throws -> String {
        guard canAsk() else { throw error }
        Stderr.write("odsh: \(why); asking for the \(name) on the terminal instead, for this run only\(hint.map { "; " + $0 } ?? "")\n")
        return try readSecret(prompt(name, of: profile))
    }

    private func prompt(_ name: String, of profile: Profile) -> String {
        let who = name == "password" && profile.user != nil ? "\(name) of \(profile.user!)" : name
        return "\(who.prefix(1).uppercased() + who.dropFirst()) for profile \(profile.name): "
    }

    /// Runs `sh -c command` with the terminal left to it (pass or gpg may ask), and takes its standard output.
    private func run(_ command: String, name: String, place: String) throws -> String {
        let data: [UInt8], status: Int32
        do {
            (data, status) = try Self.output(of: command)
        } catch {
            throw ProfileError("\(place): cannot run the command for its \(name): \(error)")
        }
        guard status == 0 else {
            throw ProfileError("\(place): the command for its \(name) failed (exit status \(status)): \(command)")
        }
        var text = String(decoding: data, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { throw ProfileError("\(place): the command for its \(name) printed nothing: \(command)") }
        return text
    }

    /// The standard output of `/bin/sh -c command` and its exit status (the signal number when a signal ended it,
    /// as Foundation's `Process.terminationStatus` had it); standard input and error stay the shell's. The child
    /// starts with no blocked signals and default signal handlers, whatever the shell has blocked or ignored.
    static func output(of command: String) throws(SubprocessPipe.SpawnFailure) -> ([UInt8], Int32) {
        let (pid, fd) = try SubprocessPipe.start(command, pipe: .fromStandardOutput, defaultSignals: true)
        let output = DescriptorInput.readToEnd(fd)
        close(fd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED: no signal bits; then the exit code is in the second byte, else the signal in the low 7 bits.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
        return (output, code)
    }
}
