import FoundationEssentials
import ODataClient

/// What the shell says and decides when a person must sign in: through the browser (`auth = "browser"`,
/// `--authorize-url`) or with a code on another device (`auth = "device"`, `--device-authorization-url`).
///
/// Without a terminal (neither standard input nor standard error is one: a script, a cron job, ssh without a
/// terminal) nothing waits for a person: a browser sign-in that the kept refresh token cannot spare fails at once
/// with one line saying what to do instead. The device sign-in goes on there: its code is shown on stderr, for a
/// person to approve elsewhere (a CI log, a phone), and its wait is bounded by the code's lifetime.
struct PersonSignIn: Sendable {
    /// The sign-in as the person knows it, for messages: `profile entra`, or the option that asked for it.
    var name: String
    /// What to run on a terminal to sign in once (for a profile), if anything.
    var onTerminal: String?
    /// How to sign in with a code instead.
    var deviceInstead: String
    /// Whether a person can be there: standard input or standard error is a terminal (as the edge found them).
    var personPresent: Bool

    /// The sign-in of a profile, on the run's `terminal`.
    static func profile(_ name: String, terminal: TerminalFacts) -> PersonSignIn {
        PersonSignIn(name: "profile \(name)", onTerminal: "odsh metadata summary \(name) --no-cache",
                     deviceInstead: "--auth device, with device-authorization-url in the profile",
                     personPresent: terminal.personMayBeThere)
    }

    /// The sign-in of the command line's options, on the run's `terminal`.
    static func oneRun(terminal: TerminalFacts) -> PersonSignIn {
        PersonSignIn(name: "--authorize-url", onTerminal: nil,
                     deviceInstead: "--device-authorization-url instead of --authorize-url", personPresent: terminal.personMayBeThere)
    }

    /// Before the browser opens: refuses (exit status 2) when nobody is at a terminal, else says why when a kept
    /// refresh token was refused.
    var beforeBrowser: @Sendable (OAuth2SignIn.PersonNeeded) throws -> Void {
        { [self] why in
            guard personPresent else {
                let kept: String
                switch why {
                case .noRefreshToken: kept = "no refresh token is kept"
                case .refreshTokenRefused(let words): kept = "the kept refresh token was refused: \(words)"
                }
                let instead = onTerminal.map { "run \($0) on a terminal once (the refresh token it keeps serves scripts after), or " }
                    ?? "run it on a terminal, or "
                throw UsageError("\(name): a browser sign-in needs a person at a terminal, and none is here (\(kept)): "
                                 + instead + "sign in with a code on another device (\(deviceInstead))")
            }
            if case .refreshTokenRefused(let words) = why {
                Stderr.write("odsh: the kept refresh token of \(name) was refused (\(TerminalEscaping.oneLine(words))): the browser opens to sign in again\n")
            }
        }
    }

    /// Before a device code is asked for: says why when a kept refresh token was refused.
    var beforeDevice: @Sendable (OAuth2SignIn.PersonNeeded) throws -> Void {
        { [self] why in
            if case .refreshTokenRefused(let words) = why {
                Stderr.write("odsh: the kept refresh token of \(name) was refused (\(TerminalEscaping.oneLine(words))): sign in again with a code\n")
            }
        }
    }

    /// Shows the user code and where to enter it on stderr (the server's text escaped; never the device code).
    static func showCode(_ prompt: DeviceAuthorization.Prompt) {
        let uri = TerminalEscaping.oneLine(prompt.verificationURI)
        var text = "odsh: to sign in, open \(uri) on any device and enter the code \(TerminalEscaping.oneLine(prompt.userCode))\n"
        if let complete = prompt.verificationURIComplete {
            text += "odsh: or open \(TerminalEscaping.oneLine(complete)) (the code filled in)\n"
        }
        text += "odsh: waiting for the sign-in (the code is good for \(lifetime(prompt.expiresIn)); Ctrl-C cancels)\n"
        Stderr.write(text)
    }

    /// `15 min`, `90 s`.
    static func lifetime(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 120 && s % 60 == 0 ? "\(s / 60) min" : "\(s) s"
    }

    /// The device grant at `endpoint`, showing its code on stderr.
    static func device(at endpoint: String) -> DeviceAuthorization {
        DeviceAuthorization(deviceAuthorizationEndpoint: endpoint) { showCode($0) }
    }
}
