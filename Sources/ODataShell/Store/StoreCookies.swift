import FoundationEssentials
import ODataClient
import Synchronization

/// A profile's session cookies in the secret store (`session-cookies`, Netscape cookie-file lines), in place of a
/// plain cookie jar: loaded into libcurl when a session starts, saved from libcurl's cookie list after a response
/// that sets cookies and at the end.
final class StoreCookies: CookieStore {
    static let key = "session-cookies"

    let store: any SecretStore
    let profile: String
    /// What was loaded or saved last: an unchanged list is not written again.
    private let last = Mutex<[String]?>(nil)
    private let warned = Atomic<Bool>(false)

    init(store: any SecretStore, profile: String) {
        self.store = store
        self.profile = profile
    }

    /// The stored cookies. A desktop keyring that does not answer (gone, or its session ended) costs the session
    /// its stored cookies, not its start: it signs in again, with a warning. A store that answers wrongly (a
    /// damaged file, a wrong passphrase) still stops it.
    func loadCookies() throws -> [String] {
        let lines: [String]
        do {
            lines = (try SecretsFile.load(store).table(profile: profile)?[Self.key]).flatMap(Self.lines) ?? []
        } catch let error as StoreError where error.kind == .unavailable {
            warnOnce(error)
            return []
        }
        last.withLock { $0 = lines }
        return lines
    }

    /// Says once per session that the cookies are not kept.
    private func warnOnce(_ error: any Error) {
        if !warned.exchange(true, ordering: .relaxed) {
            Stderr.write("odsh: warning: the session cookies of profile \(profile) are not kept: \(error)\n")
        }
    }

    func saveCookies(_ lines: [String]) throws {
        guard last.withLock({ $0 }) != lines else { return }
        // No passphrase is asked for in the middle of a request: the cookies wait in memory for a store made on
        // purpose (`odsh store unlock`, or `profile add` on a terminal).
        if store.wouldAskToCreate {
            if !warned.exchange(true, ordering: .relaxed) {
                Stderr.write("odsh: the session cookies of profile \(profile) are kept in memory only: there is no secure store "
                             + "yet (odsh store unlock makes one)\n")
            }
            return
        }
        do {
            try SecretsFile.update(store, profile: profile, [(Self.key, lines.isEmpty ? nil : .array(lines.map { .string($0) }))])
        } catch {
            // Once per session: the session goes on with its cookies in memory.
            warnOnce(error)
            throw error
        }
        last.withLock { $0 = lines }
    }

    /// The number of cookies the store holds for `profile`.
    static func count(in file: SecretsFile, profile: String) -> Int {
        file.table(profile: profile)?[key].flatMap(lines)?.count ?? 0
    }

    private static func lines(_ value: TOMLValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        return items.compactMap(\.string)
    }

    /// The cookie lines of a Netscape cookie file (comments and blank lines left out; `#HttpOnly_` lines kept).
    static func cookieLines(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
            .filter { !$0.isEmpty && (!$0.hasPrefix("#") || $0.hasPrefix("#HttpOnly_")) }
    }
}
