import FoundationEssentials
import ODataClient

/// `odsh profile add` on a terminal: asks for what the command line left open (how to sign in, the user, the
/// secrets and where to keep them), so that the profile can be checked by loading the metadata.
struct Onboarding {
    var profile: Profile
    /// Secrets typed in, by name (password, token, cookie, client-secret).
    var secrets: [String: String] = [:]
    /// Which standard streams are terminals (the command's, made at the edge): secrets are typed without echo there.
    var terminal = TerminalFacts.none

    /// Asks for the sign-in method and its settings where the command line gave none.
    mutating func askSettings(authGiven: Bool) throws {
        let p = profile
        if !authGiven {
            let methods = Profile.AuthMethod.allCases.map(\.rawValue)
            let answer = try TerminalQuestions.ask("Sign-in method (\(methods.joined(separator: ", ")))", default: "basic") { a in
                methods.contains(a) ? nil : "one of \(methods.joined(separator: ", "))"
            }
            profile.auth = Profile.AuthMethod(rawValue: answer)!
        }
        switch profile.auth {
        case .form:
            if p.loginURL == nil { profile.loginURL = try TerminalQuestions.ask("Login URL (where the login form posts to)", check: Self.isURL) }
        case .oauth2SAMLBearer:
            if p.tokenEndpoint == nil { profile.tokenEndpoint = try TerminalQuestions.ask("Token endpoint URL (…/oauth/token)", check: Self.isURL) }
            if p.clientID == nil { profile.clientID = try TerminalQuestions.ask("Client ID (API key)", check: Self.notEmpty) }
            if p.companyID == nil { profile.companyID = try TerminalQuestions.ask("Company ID", check: Self.notEmpty) }
            if p.samlKey == nil { profile.samlKey = try TerminalQuestions.ask("The client's private key file (PEM)", check: Self.readable) }
        case .oauth2Client, .oauth2Password:
            if p.tokenEndpoint == nil { profile.tokenEndpoint = try TerminalQuestions.ask("Token endpoint URL", check: Self.isURL) }
            if p.clientID == nil { profile.clientID = try TerminalQuestions.ask("Client ID", check: Self.notEmpty) }
        case .browser:
            if p.authorizeURL == nil { profile.authorizeURL = try TerminalQuestions.ask("Authorization endpoint URL (…/oauth/authorize)", check: Self.isURL) }
            if p.tokenEndpoint == nil { profile.tokenEndpoint = try TerminalQuestions.ask("Token endpoint URL (…/oauth/token)", check: Self.isURL) }
            if p.clientID == nil { profile.clientID = try TerminalQuestions.ask("Client ID", check: Self.notEmpty) }
        case .device:
            if p.deviceAuthorizationURL == nil {
                profile.deviceAuthorizationURL = try TerminalQuestions.ask("Device authorization endpoint URL (…/devicecode)", check: Self.isURL)
            }
            if p.tokenEndpoint == nil { profile.tokenEndpoint = try TerminalQuestions.ask("Token endpoint URL (…/oauth/token)", check: Self.isURL) }
            if p.clientID == nil { profile.clientID = try TerminalQuestions.ask("Client ID", check: Self.notEmpty) }
        case .cert:
            if p.certificate == nil { profile.certificate = try TerminalQuestions.ask("Client certificate file (PEM)", check: Self.readable) }
            if p.key == nil {
                let key = try TerminalQuestions.ask("Its private key file (PEM; empty when the certificate file holds it)", default: "")
                profile.key = key.isEmpty ? nil : key
            }
        default:
            break
        }
        if profile.auth.secretName != nil, profile.secretFrom == nil {
            let what = profile.auth.secretName!
            let answer = try TerminalQuestions.ask(
                "Keep the \(what) where? file = odsh's secrets file (mode 0600); prompt = ask each time; env:VAR; command:CMD",
                default: "file") { SecretSource($0) == nil ? "one of \(SecretSource.spellings)" : nil }
            profile.secretFrom = SecretSource(answer)
        }
    }

    /// Asks for the user (unless `userGiven`: a flag gave it) and the secrets that are typed in (those kept in the
    /// secrets file or asked each time).
    mutating func askCredentials(userDefault: String?, userGiven: Bool = false) throws {
        switch profile.auth {
        case .basic, .form, .oauth2Password, .oauth2SAMLBearer:
            if userGiven, let userDefault, !userDefault.isEmpty {
                profile.user = userDefault
            } else {
                profile.user = try TerminalQuestions.ask("User", default: userDefault ?? profile.user, check: Self.notEmpty)
            }
        default:
            break
        }
        if let name = profile.auth.secretName, Self.isTyped(profile.secretFrom) {
            let who = name == "password" ? "Password for \(profile.user ?? "")" : name.prefix(1).uppercased() + name.dropFirst()
            secrets[name] = try TerminalQuestions.secret("\(who): ", terminal: terminal)
        }
        if profile.auth == .browser || profile.auth == .device, Self.isTyped(profile.clientSecretFrom) {
            secrets["client-secret"] = try TerminalQuestions.secret("Client secret of \(profile.clientID ?? ""): ", terminal: terminal)
        }
        if profile.auth == .oauth2Password, profile.clientSecretFrom == nil || Self.isTyped(profile.clientSecretFrom) {
            let secret = try TerminalQuestions.secret("Client secret of \(profile.clientID ?? "") (empty for a public client): ",
                                                  terminal: terminal)
            if secret.isEmpty {
                profile.clientSecretFrom = nil
            } else {
                secrets["client-secret"] = secret
                if profile.clientSecretFrom == nil {
                    if case .file = profile.secretFrom { profile.clientSecretFrom = profile.secretFrom } else { profile.clientSecretFrom = .prompt }
                }
            }
        }
    }

    /// Sources whose secret is typed in now: kept in a secrets file, or asked each time (and now for the check).
    static func isTyped(_ source: SecretSource?) -> Bool {
        switch source {
        case .file, .prompt: return true
        default: return false
        }
    }

    private static func isURL(_ s: String) -> String? {
        MetadataLoader.isURL(s) ? nil : "an http:// or https:// URL"
    }

    private static func notEmpty(_ s: String) -> String? {
        s.isEmpty ? "it may not be empty" : nil
    }

    private static func readable(_ s: String) -> String? {
        FileManager.default.isReadableFile(atPath: FileSystemPath.expandingTilde(s)) ? nil : "cannot read \(s)"
    }
}
