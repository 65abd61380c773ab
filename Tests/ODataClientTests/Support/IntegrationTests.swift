import Testing

/// All tests that talk to servers run one after another: they share fixtures (and mock-sap's request log),
/// and the cancellation flag they exercise is process-wide.
@Suite(.serialized)
struct IntegrationTests {}
