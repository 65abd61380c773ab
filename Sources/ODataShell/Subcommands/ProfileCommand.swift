import ArgumentParser
import FoundationEssentials
import ODataClient
import ODataModel
#if canImport(Glibc)
import Glibc
#endif

/// `odsh profile ...`: named services with how to sign in, kept in `$XDG_CONFIG_HOME/odsh/config.toml`.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        _superCommandName: "odsh",
        abstract: "Named services and how to sign in to them: add, list, show, secret, remove, reset.",
        discussion: """
            Profiles are [profile.NAME] tables of $XDG_CONFIG_HOME/odsh/config.toml (default ~/.config/odsh), a file \
            to edit by hand too. Secrets never stand there: each profile says where its secret comes from \
            (secret-from = env:VAR, command:CMD, file[:PATH] or prompt); "file" is odsh's secure store (the desktop \
            keyring or an encrypted file: see odsh store --help), "file:PATH" a plain 0600 file of your choosing. Each \
            profile keeps its session cookies in the secure store and has its own cached metadata. Open a profile with odsh NAME, \
            odsh metadata summary NAME or odsh diff NAME FILE; options on the command line win over the profile's.
            """,
        subcommands: [Add.self, List.self, Show.self, Secret.self, Remove.self, Reset.self]
    )

    // MARK: add

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a profile: ask for (or take from the options) how to sign in, check it by loading the metadata, store it.",
            discussion: """
                On a terminal, odsh asks for whatever the options leave open, then loads the service's metadata to \
                check the sign-in; only then are the profile, its secret (when kept in the secrets file), its \
                cookies and the metadata stored. Without a terminal (or with --no-input) the options must say \
                everything; a secret kept in the secrets file is read from standard input (one line; for \
                oauth2-password with a client secret in the file too, the password first, then the client secret).
                """)

        @Argument(help: "The profile's name: letters, digits, - and _.")
        var name: String

        @Argument(help: "The service root URL.")
        var url: String

        @Option(help: ArgumentHelp("How to sign in: \(Profile.AuthMethod.spellings).", valueName: "method"))
        var auth: String?

        @Option(help: "The user (basic, form, oauth2-password).")
        var user: String?

        @Option(help: ArgumentHelp("Where the password, token, cookie or client secret comes from: \(SecretSource.spellings).",
                                   valueName: "source"))
        var secretFrom: String?

        @Option(help: ArgumentHelp("Where the client secret of oauth2-password, browser or device comes from (omit for a public client).", valueName: "source"))
        var clientSecretFrom: String?

        @Option(help: "Form login: the URL the login form posts to.")
        var loginURL: String?

        @Option(help: "Form login: the user name field (default: j_username).")
        var userField: String?

        @Option(help: "Form login: the password field (default: j_password).")
        var passwordField: String?

        @Option(name: .customLong("login-field"), help: ArgumentHelp("Form login: another field to post (repeatable).", valueName: "name=value"))
        var loginFields: [String] = []

        @Option(help: "Form login: the User-Agent of the login request.")
        var loginUserAgent: String?

        @OptionGroup(title: "OAuth2, browser and device sign-in") var oauth2: OAuth2ProfileOptions

        @OptionGroup(title: "Connection") var transport: TransportOptions

        @Option(help: "The shell's default output format.")
        var output: String?

        @Option(help: "The shell's page size.")
        var pageSize: Int?

        @Option(help: ArgumentHelp("Use this metadata file instead of the service's $metadata.", valueName: "file"), completion: .file())
        var metadata: String?

        @Option(help: ArgumentHelp("Apply this metadata fix-up file after every load.", valueName: "file"), completion: .file())
        var metadataFix: String?

        @Option(help: ArgumentHelp("Use cached metadata without asking the service for this long after it was last checked (0: always ask).",
                                   valueName: "seconds"))
        var metadataMaxAge: Int?

        @Flag(help: "Store the profile without loading the metadata first.")
        var noCheck = false

        @Flag(help: "Replace a profile of the same name (its old cookies, cache and secrets go).")
        var force = false

        @Flag(help: "Ask nothing, even on a terminal.")
        var noInput = false

        @Flag(name: [.short, .long], help: "Show the details of errors.")
        var verbose = false

        func run() throws {
            let reporter = ErrorReporter(verbose: verbose)
            do {
                try add(reporter)
            } catch let exit as OdshExit {
                throw exit
            } catch let e as ValidationError {
                throw e
            } catch {
                throw OdshExit(reporter.report(error))
            }
        }

        private func add(_ reporter: ErrorReporter) throws {
            let context = ProfileContext.current(terminal: .process)
            guard Profile.isValidName(name) else {
                throw ProfileError("\(name) cannot name a profile: use letters, digits, - and _ (and none of \(Profile.reservedNames.sorted().joined(separator: ", ")))")
            }
            var store = try context.profiles()
            if store.profile(named: name) != nil && !force {
                throw ProfileError("a profile named \(name) exists already in \(store.path) (--force replaces it)")
            }
            var profile = try settings()
            if profile.auth == .browser, !noCheck, !TerminalFacts.process.personMayBeThere {
                throw UsageError("profile \(name): the check signs in through the browser, which needs a person at a terminal, and none is "
                                 + "here: run odsh profile add on a terminal, add --no-check to store it unchecked, or use --auth device")
            }
            let interactive = TerminalFacts.process.stdin && !noInput
            var secrets: [String: String] = [:]
            if interactive {
                var onboarding = Onboarding(profile: profile, terminal: .process)
                try onboarding.askSettings(authGiven: auth != nil)
                try onboarding.askCredentials(userDefault: user, userGiven: user != nil)
                (profile, secrets) = (onboarding.profile, onboarding.secrets)
                try makeStore(for: profile, context)
                while !noCheck, let failure = check(profile, secrets, context) {
                    Stderr.write("odsh: the check failed: \(reporter.describe(failure).message)\n")
                    guard try TerminalQuestions.confirm("Try again with other credentials?", default: true) else {
                        throw OdshExit(reporter.describe(failure).status)
                    }
                    try onboarding.askCredentials(userDefault: onboarding.profile.user)
                    (profile, secrets) = (onboarding.profile, onboarding.secrets)
                }
            } else {
                try storeOpensWithoutAsking(for: profile, context)
                secrets = try secretsFromInput(profile)
                if !noCheck, let failure = check(profile, secrets, context) { throw failure }
            }
            // Stored only now: the secrets of kept-in-file sources, then the profile.
            try clearOldSecrets(profile, context)
            for (secretName, source) in [(profile.auth.secretName, profile.secretFrom), ("client-secret", profile.clientSecretFrom)] {
                guard let secretName, case .file = source, let value = secrets[secretName] else { continue }
                try SecretsFile.update(context.resolver().secretsFile(source), profile: name, [(secretName, .string(value))])
            }
            // Secret headers (API keys) go to the secrets file; config.toml keeps their names only.
            let (stored, headerSecrets) = profile.keepingSecretHeadersApart()
            if !headerSecrets.isEmpty {
                try SecretsFile.update(context.secretStore(), profile: name,
                                       headerSecrets.map { (Profile.secretHeaderKey($0.name), TOMLValue.string($0.value)) })
            }
            try store.add(stored, replacing: force)
            Stderr.write("odsh: profile \(name) saved in \(store.path)\(noCheck ? " (not checked)" : ""); open it with: odsh \(name)\n")
        }

        /// Makes the encrypted store now, on the terminal, when it would be made later by asking for a passphrase:
        /// what the profile keeps there goes there from the check on, and no later request stops to ask.
        private func makeStore(for profile: Profile, _ context: ProfileContext) throws {
            guard let store = try context.secretStore() as? EncryptedSecretStore, store.wouldAskToCreate else { return }
            Stderr.write("odsh: profile \(name) keeps \(Self.kept(by: profile)) in the secure store \(store.location), "
                         + "which is made now: choose its passphrase\n")
            try store.unlock(allowEmpty: false)
        }

        /// Without a terminal to ask on (or with --no-input), a profile with a secret to keep in an encrypted store
        /// that would ask for its passphrase fails the command now, before any request: the check would reach the
        /// service and then fail on the store. (Session cookies alone stay in memory until there is a store.)
        private func storeOpensWithoutAsking(for profile: Profile, _ context: ProfileContext) throws {
            guard Self.keptSecrets(by: profile).count > 0, let store = try context.secretStore() as? EncryptedSecretStore,
                  store.wouldAskToCreate || store.wouldAsk else { return }
            let fix = "set ODSH_STORE_PASSPHRASE or ODSH_STORE_PASSPHRASE_FILE, or choose the plain files with ODSH_STORE=plain"
            throw StoreError(.locked, "profile \(name) keeps \(Self.kept(by: profile)) in the secure store \(store.location), "
                             + (store.wouldAskToCreate ? "which needs a new passphrase" : "which is locked")
                             + ", and \(noInput ? "--no-input asks nothing" : "there is no terminal to ask on"): "
                             + (store.wouldAskToCreate ? fix : "run odsh store unlock first, or " + fix) + " (nothing was checked or saved)")
        }

        /// What a profile keeps in the secret store, in words: its secrets kept in odsh's secrets file, and cookies.
        static func kept(by profile: Profile) -> String {
            var things = keptSecrets(by: profile)
            things.append(things.isEmpty ? "its session cookies" : "session cookies")
            return things.count == 1 ? things[0] : things.dropLast().joined(separator: ", ") + " and " + things.last!
        }

        /// The secrets a profile keeps in the secret store (besides session cookies), in words.
        static func keptSecrets(by profile: Profile) -> [String] {
            var things: [String] = []
            if let secret = profile.auth.secretName, case .file(nil) = profile.secretFrom {
                things.append("its \(secret.split(separator: "-").joined(separator: " "))")
            }
            if case .file(nil) = profile.clientSecretFrom, !things.contains("its client secret") { things.append("its client secret") }
            if profile.auth == .browser || profile.auth == .device { things.append("its refresh token") }
            if profile.tokenCache { things.append("its OAuth2 tokens") }
            if profile.headers.contains(where: { Profile.isSecretHeader($0.name) }) || !profile.secretHeaders.isEmpty {
                things.append("its secret headers")
            }
            return things
        }

        /// Loads the metadata with the new profile (its cookies and cache land in its files); nil when it worked.
        private func check(_ profile: Profile, _ secrets: [String: String], _ context: ProfileContext) -> Error? {
            if interactiveOutput { Stderr.write("odsh: checking: loading the metadata of \(profile.url) ...\n") }
            do {
                var loader = MetadataLoader(connections: ServiceConnections(ConnectionSettings(terminal: .process), context: context), strict: false)
                loader.maxAge = 0  // a check asks the service itself
                loader.pendingSecrets = secrets
                let doc = try loader.load(profile: profile, metadataFile: nil)
                Stderr.write("odsh: ok: OData \(doc.version.rawValue), \(doc.entitySets.count) entity sets, \(doc.singletons.count) singletons\n")
                return nil
            } catch {
                // A system's root has no $metadata, but catalogs: a profile for the system (odsh NAME SERVICE).
                if ShellCommand.isSystemRoot(profile.url), let count = systemServiceCount(profile, secrets, context) {
                    Stderr.write("odsh: ok: \(profile.url) is an SAP system: its catalogs list \(count) service\(count == 1 ? "" : "s") "
                                 + "(odsh services \(name) lists them; odsh \(name) SERVICE opens one)\n")
                    return nil
                }
                _ = try? ProfileFiles.reset(name, profile: nil, context: context)  // no cookies or cache of a failed try
                return error
            }
        }

        /// How many services the catalogs of the profile's system list, signed in as the profile is; nil when none
        /// or when no catalog answers.
        private func systemServiceCount(_ profile: Profile, _ secrets: [String: String], _ context: ProfileContext) -> Int? {
            guard let connection = try? ServiceConnections(ConnectionSettings(terminal: .process), context: context)
                    .connection(serviceRoot: GatewayCatalog.hostPart(of: profile.url) + "/", profile: profile, pending: secrets)
            else { return nil }
            var c = connection.configuration
            c.serviceParameters = []
            guard let client = try? HTTPClient(configuration: c),
                  let services = try? GatewayCatalog(url: profile.url, client: client).list().services, !services.isEmpty else { return nil }
            return services.count
        }

        private var interactiveOutput: Bool { TerminalFacts.process.stderr }

        /// A profile replaced with --force takes its old secrets (and cached token) with it.
        private func clearOldSecrets(_ profile: Profile, _ context: ProfileContext) throws {
            guard force else { return }
            _ = try SecretsFile.removeProfile(context.secretStore(), profile: name)
            if case .file(let path?) = profile.secretFrom {
                _ = try SecretsFile.removeProfile(FileSystemPath.expandingTilde(path), profile: name)
            }
        }

        /// Without a terminal: secrets kept in a secrets file come from standard input, one a line.
        private func secretsFromInput(_ profile: Profile) throws -> [String: String] {
            var secrets: [String: String] = [:]
            if let secretName = profile.auth.secretName {
                guard let source = profile.secretFrom else {
                    throw ProfileError("--auth \(profile.auth.rawValue) needs --secret-from \(SecretSource.spellings)")
                }
                if case .file = source { secrets[secretName] = try TerminalQuestions.secret("the \(secretName): ", terminal: .process) }
            }
            if profile.auth == .oauth2Password || profile.auth == .browser || profile.auth == .device, case .file = profile.clientSecretFrom {
                secrets["client-secret"] = try TerminalQuestions.secret("the client secret: ", terminal: .process)
            }
            return secrets
        }

        /// The profile the options describe.
        private func settings() throws -> Profile {
            var p = Profile(name: name, url: url)
            if let auth {
                guard let method = Profile.AuthMethod(rawValue: auth) else { throw ValidationError("--auth is one of \(Profile.AuthMethod.spellings)") }
                p.auth = method
            } else if !TerminalFacts.process.stdin || noInput {
                p.auth = user != nil ? .basic : .none
            }
            p.user = user
            func source(_ text: String?, _ option: String) throws -> SecretSource? {
                guard let text else { return nil }
                guard let s = SecretSource(text) else { throw ValidationError("\(option) is one of \(SecretSource.spellings)") }
                return s
            }
            p.secretFrom = try source(secretFrom, "--secret-from")
            p.clientSecretFrom = try source(clientSecretFrom, "--client-secret-from")
            p.loginURL = loginURL
            p.userField = userField
            p.passwordField = passwordField
            p.loginFields = try loginFields.map { field in
                guard let eq = field.firstIndex(of: "="), eq != field.startIndex else { throw ValidationError("--login-field is name=value") }
                return FormLoginSignIn.FormField(name: String(field[..<eq]), value: String(field[field.index(after: eq)...]))
            }
            p.loginUserAgent = loginUserAgent
            try oauth2.apply(to: &p)
            p.headers = HTTPHeaders(try transport.parsedHeaders())
            p.sapClient = transport.sapClient
            p.sapLanguage = transport.sapLanguage
            p.timeout = transport.timeout
            p.connectTimeout = transport.connectTimeout
            p.proxy = transport.proxy
            p.caBundle = transport.caBundle
            p.certificate = transport.certificate
            p.key = transport.key
            p.insecure = transport.insecure
            p.userAgent = transport.userAgent
            p.output = output
            p.pageSize = pageSize
            p.metadata = metadata
            p.metadataFix = metadataFix
            if let age = metadataMaxAge, age < 0 { throw ValidationError("--metadata-max-age takes a number of seconds, 0 or more") }
            p.metadataMaxAge = metadataMaxAge
            if p.auth.secretName == nil && (secretFrom != nil) {
                throw ValidationError("--auth \(p.auth.rawValue) takes no secret, so no --secret-from")
            }
            if !TerminalFacts.process.stdin || noInput, let problem = p.validate() { throw ValidationError(problem) }
            if !MetadataLoader.isURL(url) { throw ValidationError("the URL must start with http:// or https://") }
            return p
        }
    }

    // MARK: list, show

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the profiles.")

        @Flag(help: "Only the names, one a line, and nothing when there are none (for scripts and shell completion).")
        var names = false

        func run() throws {
            let store = try withReporting { try ProfileContext.current(terminal: .process).profiles() }
            if names {
                Stdout.write(store.profiles.map { $0.name + "\n" }.joined())
                return
            }
            guard !store.profiles.isEmpty else {
                Stderr.write("odsh: no profiles in \(store.path) yet (odsh profile add NAME URL)\n")
                return
            }
            var table = TextTable(headers: ["NAME", "URL", "AUTH", "USER"])
            // URLs whole in a pipe (scripts read them); on a terminal fitted to its width.
            table.flexible = [1]
            for p in store.profiles {
                table.add([p.name, HTTPClient.urlForDisplay(p.url), p.auth.rawValue, p.auth == .oauth2Client ? (p.clientID ?? "") : (p.user ?? "")])
            }
            Stdout.write(table.render(width: TerminalFacts.process.stdoutWidth))
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a profile's settings and files; secrets are masked.")

        @Argument(help: "The profile's name.", completion: CommandLineCompletion.profileName)
        var name: String

        func run() throws {
            let context = ProfileContext.current(terminal: .process)
            let (store, p) = try withReporting { () -> (ProfileStore, Profile) in
                let store = try context.profiles()
                return (store, try store.require(name))
            }
            var lines: [(String, String)] = [("config", store.path), ("url", HTTPClient.urlForDisplay(p.url)), ("auth", p.auth.rawValue)]
            func add(_ key: String, _ value: String?) { if let value { lines.append((key, value)) } }
            add("user", p.user)
            if let secretName = p.auth.secretName { lines.append((secretName, secretText(p, secretName, p.secretFrom, context))) }
            if let source = p.clientSecretFrom { lines.append(("client-secret", secretText(p, "client-secret", source, context))) }
            add("login-url", p.loginURL)
            add("user-field", p.userField)
            add("password-field", p.passwordField)
            for f in p.loginFields { lines.append(("login-field", "\(f.name)=\(Self.looksSecret(f.name) ? "********" : f.value)")) }
            add("login-user-agent", p.loginUserAgent)
            add("authorize-url", p.authorizeURL)
            add("token-endpoint", p.tokenEndpoint)
            add("client-id", p.clientID)
            add("client-auth", p.clientAuth?.rawValue)
            add("scope", p.scope)
            if p.tokenCache { lines.append(("token-cache", "yes")) }
            add("company-id", p.companyID)
            add("saml-key", p.samlKey)
            add("saml-cert", p.samlCert)
            add("saml-audience", p.samlAudience)
            for h in p.headers { lines.append(("header", "\(h.name): \(Self.looksSecret(h.name) ? "********" : h.value)")) }
            for n in p.secretHeaders { lines.append(("header", "\(n): ******** (in the secrets file)")) }
            add("sap-client", p.sapClient)
            add("sap-language", p.sapLanguage)
            add("timeout", p.timeout.map { "\($0) s" })
            add("connect-timeout", p.connectTimeout.map { "\($0) s" })
            add("proxy", p.proxy.map(HTTPClient.urlForDisplay))
            add("ca-bundle", p.caBundle)
            add("cert", p.certificate)
            add("key", p.key)
            if p.insecure { lines.append(("insecure", "yes: the server's certificate is not verified")) }
            add("user-agent", p.userAgent)
            add("output", p.output)
            add("page-size", p.pageSize.map(String.init))
            add("pager", p.pager.map { $0 ? "on" : "off" })
            add("metadata", p.metadata)
            add("metadata-fix", p.metadataFix)
            add("metadata-max-age", p.metadataMaxAge.map { "\($0) s" })
            for (alias, target) in p.services.sorted(by: { $0.key < $1.key }) { lines.append(("service", "\(alias) = \(target)")) }
            let jar = context.dirs.cookieJar(profile: p.name)
            let plain = (try? StoreSettings.load(context.dirs, environment: context.environment).backend) == .plain
            lines.append(("cookies", plain ? Self.cookieText(jar) : "kept in the secure store (odsh store status says where)"))
            let history = context.dirs.historyFile(profile: p.name)
            lines.append(("history", FileManager.default.fileExists(atPath: history) ? history : "none yet"))
            let cached = MetadataCache(directory: context.dirs.metadataCache).list().filter { $0.entry.profile == p.name }
            lines.append(("cached metadata", cached.isEmpty ? "none" : cached.map { CacheCommand.describe($0.entry) }.joined(separator: "; ")))
            let width = lines.map(\.0.count).max() ?? 0
            let padded = lines.map { "  " + $0.0 + String(repeating: " ", count: width + 2 - $0.0.count) + $0.1 + "\n" }
            Stdout.write("profile \(p.name)\n" + padded.joined())
        }

        /// Where a secret comes from and whether it is there; never the secret itself.
        private func secretText(_ p: Profile, _ secretName: String, _ source: SecretSource?, _ context: ProfileContext) -> String {
            switch source {
            case nil:
                return "no source (set secret-from)"
            case .environment(let v):
                return "from $\(v) (" + ((context.environment[v] ?? "").isEmpty ? "not set" : "set") + ")"
            case .command(let c):
                return "from the command: \(c)"
            case .prompt:
                return "asked each time"
            case .file:
                do {
                    let path = try context.resolver().secretsFile(source)
                    if let encrypted = path as? EncryptedSecretStore, encrypted.wouldAsk {
                        return "in the secure store \(path) (locked: odsh store unlock, then this shows whether one is stored)"
                    }
                    let stored = try SecretsFile.load(path).value(profile: p.name, key: secretName) != nil
                    return stored ? "******** (in \(path))" : "none stored in \(path) (odsh profile secret \(p.name))"
                } catch {
                    return "cannot be read: \(error)"
                }
            }
        }

        static func looksSecret(_ name: String) -> Bool {
            let lower = name.lowercased()
            return ["authorization", "cookie", "token", "secret", "password", "apikey", "api-key", "x-api-key"].contains { lower.contains($0) }
        }

        static func cookieText(_ jar: String) -> String {
            guard let text = try? String(contentsOfFile: jar, encoding: .utf8) else { return "none yet (\(jar))" }
            let count = text.split(separator: "\n").filter { !$0.isEmpty && (!$0.hasPrefix("#") || $0.hasPrefix("#HttpOnly_")) }.count
            return "\(count) cookie\(count == 1 ? "" : "s") in \(jar)"
        }
    }

    // MARK: secret, remove, reset

    struct Secret: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "secret",
            abstract: "Store a profile's secret in its secrets file (asked without echo, or one line of standard input).")

        @Argument(help: "The profile's name.", completion: CommandLineCompletion.profileName)
        var name: String

        @Flag(help: "The OAuth2 client secret of an oauth2-password profile, not its password.")
        var clientSecret = false

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                let p = try context.profiles().require(name)
                let source = clientSecret ? p.clientSecretFrom : p.secretFrom
                guard let secretName = clientSecret ? "client-secret" : p.auth.secretName else {
                    throw ProfileError("profile \(name) signs in with \(p.auth.rawValue), which takes no secret")
                }
                guard case .file = source else {
                    throw ProfileError("profile \(name) takes its \(secretName) from \(source?.description ?? "nowhere"); "
                                       + "set \(clientSecret ? "client-secret-from" : "secret-from") = \"file\" in the config to keep it in the secrets file")
                }
                let value = try TerminalQuestions.secret("\(secretName.prefix(1).uppercased() + secretName.dropFirst()) for profile \(name): ", terminal: .process)
                let path = try context.resolver().secretsFile(source)
                try SecretsFile.update(path, profile: name, [(secretName, .string(value))])
                Stderr.write("odsh: the \(secretName) of profile \(name) is stored in \(path)\n")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a profile with its cookies, cached metadata, secrets and history.")

        @Argument(help: "The profile's name.", completion: CommandLineCompletion.profileName)
        var name: String

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                var store = try context.profiles()
                let p = try store.require(name)
                let removed = try ProfileFiles.reset(name, profile: p, context: context)
                try store.remove(name)
                if try ProfileStore.load(path: store.path).profile(named: name) != nil {
                    throw ProfileError("profile \(name) is written in \(store.path) in a way odsh cannot edit (dotted keys?); remove it by hand")
                }
                Stdout.write((["removed profile \(name) from \(store.path)"] + removed.map { "removed \($0)" }).joined(separator: "\n") + "\n")
            }
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Delete a profile's cookies, cached metadata, stored secrets and history; keep the profile.")

        @Argument(help: "The profile's name.", completion: CommandLineCompletion.profileName)
        var name: String

        func run() throws {
            try withReporting {
                let context = ProfileContext.current(terminal: .process)
                guard Profile.isValidName(name) else { throw ProfileError("\(name) is no profile name") }
                let p = try context.profiles().profile(named: name)
                if p == nil { Stderr.write("odsh: warning: no profile named \(name) in the config; removing its files anyway\n") }
                let removed = try ProfileFiles.reset(name, profile: p, context: context)
                Stdout.write(removed.isEmpty ? "profile \(name) had nothing stored\n" : removed.map { "removed \($0)\n" }.joined())
            }
        }
    }
}

/// Runs `body`; an error is reported (odsh's words and exit status) and ends the command.
func withReporting<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let e as OdshExit {
        throw e
    } catch let e as ValidationError {
        throw e
    } catch {
        throw OdshExit(ErrorReporter().report(error))
    }
}
