import ODataModel

/// Why the secure store cannot be used as asked. A wrong passphrase is a refusal (exit 1), a store that does not
/// authenticate is invalid data (exit 4) and is never overwritten, the rest are usage errors (exit 2). Messages
/// name the store's path, never a secret.
struct StoreError: CategorizedError, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case wrongPassphrase
        case corrupted
        case locked
        case weakPassphrase
        case unavailable
        /// A passphrase file that group or others may read.
        case unprotectedFile
    }

    var kind: Kind
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    var category: ErrorCategory {
        switch kind {
        case .wrongPassphrase: return .service
        case .corrupted: return .invalidData
        case .locked, .weakPassphrase, .unavailable, .unprotectedFile: return .usage
        }
    }

    var description: String { message }
}
