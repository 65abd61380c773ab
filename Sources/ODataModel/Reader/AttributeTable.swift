import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Where the attributes of the current element are, by `AttrName`: filled on the element's first look-up,
/// reused for every element (a slot counts only when its generation is the element's).
final class AttributeTable {
    // Plain memory behind `let` pointers: read a few hundred thousand times per large document, where bounds and
    // uniqueness checks of arrays, and exclusivity checks of class properties, showed. `filed` holds the generation
    // of the element whose attributes are filed; `elements` counts elements.
    let elements = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    let filed = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    let seen = UnsafeMutablePointer<UInt32>.allocate(capacity: AttrName.allCases.count)
    let index = UnsafeMutablePointer<Int>.allocate(capacity: AttrName.allCases.count)
    /// Attribute names (interned by libxml2, so equal names share a pointer) → `AttrName` raw value (-1 for
    /// others), direct-mapped.
    private let attrCacheKeys = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 256)
    private let attrCacheValues = UnsafeMutablePointer<Int>.allocate(capacity: 256)

    init() {
        elements.initialize(to: 0)
        filed.initialize(to: 0)
        seen.initialize(repeating: 0, count: AttrName.allCases.count)
        index.initialize(repeating: 0, count: AttrName.allCases.count)
        attrCacheKeys.initialize(repeating: nil, count: 256)
        attrCacheValues.initialize(repeating: -1, count: 256)
    }

    deinit {
        elements.deallocate()
        filed.deallocate()
        seen.deallocate()
        index.deallocate()
        attrCacheKeys.deallocate()
        attrCacheValues.deallocate()
    }

    func file(_ a: Attrs) {
        let generation = a.generation
        filed.pointee = generation
        for i in 0..<a.count where a.uri(i) == nil {
            let k = attrName(a.localName(i))
            // The first of a repeated attribute wins (libxml2 rejects repeats anyway).
            guard k >= 0, seen[k] != generation else { continue }
            seen[k] = generation
            index[k] = i
        }
    }

    private func attrName(_ name: UnsafePointer<xmlChar>) -> Int {
        let key = UnsafeRawPointer(name)
        let slot = pointerSlot(key, bits: 8)
        if attrCacheKeys[slot] == key { return attrCacheValues[slot] }
        let k = AttrName.byName[String(cString: name)]?.rawValue ?? -1
        attrCacheKeys[slot] = key
        attrCacheValues[slot] = k
        return k
    }
}

/// The slot of a pointer in a direct-mapped cache of 2^bits entries. libxml2 packs interned names side by side in
/// its dictionary pools, so low address bits collide in patterns: a multiplicative (Fibonacci) hash spreads them.
@inline(__always)
func pointerSlot(_ p: UnsafeRawPointer, bits: Int) -> Int {
    Int(truncatingIfNeeded: (UInt(bitPattern: p) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - bits))
}
