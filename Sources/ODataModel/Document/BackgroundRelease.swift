import Dispatch

/// Lets go of large temporary structures on a background thread. Freeing the tens of thousands of strings, enum
/// payloads and table slots a large document's reading leaves behind (the resolver's type cache, its annotation
/// look-ups, the parser's string table) costs the caller a millisecond or more that it need not wait for.
///
/// The value must be handed over as its only owner (`BackgroundRelease.hand(consume x)`, or a value nothing else
/// refers to); otherwise the last owner frees it, wherever that is. Values shared with the model (strings, types)
/// are only released there, never freed while the model still holds them.
enum BackgroundRelease {
    private final class Box: @unchecked Sendable {
        var value: Any?
        init(_ value: consuming Any) { self.value = value }
    }

    static func hand(_ value: consuming Any) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }
}
