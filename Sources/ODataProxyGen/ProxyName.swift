/// A Swift name chosen for an OData element, and why it differs from the element's name (for a comment on the
/// declaration), nil when it is the name as Swift spells it.
struct ProxyName: Sendable {
    /// The Swift identifier.
    var swift: String
    /// What was renamed and why.
    var note: String?
}
