import Glibc
import ODataClient

/// While odsh holds a secret (a password, a token, a cookie, an API key), a crash must not write it into a core
/// file and other processes of the user must not read it from /proc/PID/mem: the process is made non-dumpable
/// (`prctl(PR_SET_DUMPABLE, 0)`) and its core size limit set to 0.
enum CoreDumps {
    /// Turns core dumps off when `c` carries a credential.
    static func disableIfHoldingSecret(_ c: HTTPConfiguration) {
        if holdsSecret(c) { disable() }
    }

    static func holdsSecret(_ c: HTTPConfiguration) -> Bool {
        if c.authentication != .none || c.signIn != nil || c.cookie != nil || c.useNetrc { return true }
        let extra = Set(c.secretHeaderNames.map { $0.lowercased() })
        return c.headers.contains { Redaction.isSecretHeader($0.name, extra: extra) }
    }

    /// True once `disable` has run (for tests: /proc/self/status says `Dumpable` too).
    nonisolated(unsafe) private(set) static var disabled = false

    static func disable() {
        guard !disabled else { return }
        disabled = true
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        // prctl is variadic, which Swift cannot call: look it up and call it with its five-argument form.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            let prctl = unsafeBitCast(symbol, to: Prctl.self)
            _ = prctl(4 /* PR_SET_DUMPABLE */, 0, 0, 0, 0)
        }
    }
}
