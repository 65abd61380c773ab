import Dispatch

/// Lets go of large temporary structures on a background thread. Freeing the tens of thousands of strings, enum
/// payloads and table slots a large document's reading leaves behind (the resolver's type cache, its annotation
/// look-ups, the parser's string table) costs the caller a millisecond or more that it need not wait for.
///
/// The value must be handed over as its only owner (`BackgroundRelease.hand(consume x, items: n)`, or a value
/// nothing else refers to); otherwise the last owner frees it, wherever that is. Values shared with the model
/// (strings, types) are only released there, never freed while the model still holds them.
enum BackgroundRelease {
    private final class Box: @unchecked Sendable {
        var value: Any?
        init(_ value: consuming Any) { self.value = value }
    }

    /// Below this many items, freeing costs less than waking a worker thread (the first hand-over starts one):
    /// small documents let go of their leftovers where they are.
    static let worthwhileItems = 2_000

    /// Lets go of `value`, which holds about `items` strings or objects: on a background thread when that is
    /// worthwhile, else here and now. With `keep` (the process ends right after), never: freeing is work for
    /// nothing then, and the first hand-over starts a thread.
    static func hand(_ value: consuming Any, items: Int, keep: Bool = false) {
        if keep {
            _ = Unmanaged.passRetained(Box(value))
            return
        }
        guard items >= worthwhileItems else { return }
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }
}
