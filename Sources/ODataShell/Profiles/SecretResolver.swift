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

    /// The store a `file` source stands for: a named file (`file:PATH`, plain, as the user chose), else odsh's
    /// secret store (encrypted unless the plain file is chosen).
    func secretsFile(_ source: SecretSource?) throws -> any SecretStore {
        if case .file(let path?) = source { return PlainSecretStore(ConnectionOptions.expandTilde(path)) }
        return try store()
    }

    /// odsh's secret store, as `[store]` in config.toml and `$ODSH_STORE` choose it.
    func store() throws -> any SecretStore {
        try SecureStore.open(dirs: dirs, environment: environment, readSecret: readSecret)
    }

    /// The secret `name` (password, token, cookie, client-secret) of `profile`, from `source`.
    func secret(_ name: String, of profile: Profile, from source: SecretSource?) throws -> String {
        if let given = pending[name] { return given }
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
            let path = try secretsFile(source)
            guard let value = try SecretsFile.load(path).value(profile: profile.name, key: name), !value.isEmpty else {
                throw ProfileError("\(place) keeps its \(name) in \(path), but none is stored there; store one with: odsh profile secret \(profile.name)")
            }
            return value
        case .prompt:
            let who = name == "password" && profile.user != nil ? "\(name) of \(profile.user!)" : name
            return try readSecret("\(who.prefix(1).uppercased() + who.dropFirst()) for profile \(profile.name): ")
        }
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
    static func output(of command: String) throws(ShellProcess.SpawnFailure) -> ([UInt8], Int32) {
        let (pid, fd) = try ShellProcess.start(command, pipe: .fromStandardOutput, defaultSignals: true)
        let output = DescriptorInput.readToEnd(fd)
        close(fd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED: no signal bits; then the exit code is in the second byte, else the signal in the low 7 bits.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
        return (output, code)
    }
}
