import FoundationEssentials
import Glibc
import ODataModel

/// What profile handling needs from the world: the environment, the XDG folders and a way to ask for secrets.
/// Commands take `current()`; tests make their own.
struct ProfileContext {
    var environment: [String: String]
    var dirs: XDGDirectories
    /// Asks for a secret on the terminal without echo (an error when there is none).
    var readSecret: @Sendable (String) throws -> String
    /// The secrets resolved so far: the process's own for `current()`, so each is asked for once per run.
    var resolved = ResolvedSecrets()
    /// Whether `readSecret` has a terminal to ask on.
    var canAsk: @Sendable () -> Bool = { false }

    /// The process's context, asking for secrets on `terminal` (the run's facts, made once at the edge).
    static func current(terminal: TerminalFacts) -> ProfileContext {
        let environment = ProcessEnvironment.current
        return ProfileContext(environment: environment, dirs: XDGDirectories(environment: environment),
                              readSecret: { try ProfileContext.readSecretFromTerminal($0, terminal: terminal) }, resolved: .process,
                              canAsk: { terminal.stdin })
    }

    /// The profiles of config.toml.
    func profiles() throws -> ProfileStore {
        try ProfileStore.load(dirs)
    }

    /// odsh's secret store (secrets and session cookies), as `[store]` and `$ODSH_STORE` choose it.
    func secretStore() throws -> any SecretStore {
        try resolver().store()
    }

    func resolver(pending: [String: String] = [:]) -> SecretResolver {
        SecretResolver(dirs: dirs, environment: environment, readSecret: readSecret, pending: pending, resolved: resolved,
                       canAsk: canAsk)
    }

    static func readSecretFromTerminal(_ prompt: String, terminal: TerminalFacts) throws -> String {
        guard terminal.stdin else {
            throw ProfileError("\(prompt.trimmingBlanks().dropLast()) is to be asked for, but standard input is not a terminal")
        }
        return try TerminalPassword.read(prompt: prompt)
    }
}
