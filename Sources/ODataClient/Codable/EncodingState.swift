/// The first error a container could not throw where it happened (`container(keyedBy:)` does not throw); the
/// encoding ends with it.
final class EncodingState {
    private var error: (any Error)?
    /// Runs `body`, keeping its error if it is the first.
    func record(_ body: () throws -> Void) {
        do { try body() } catch { if self.error == nil { self.error = error } }
    }
    /// The error kept, now forgotten.
    func takeError() -> (any Error)? {
        defer { error = nil }
        return error
    }
}
