import CLibXML2
import Glibc

/// The reader's caches: names and namespace URIs (interned by libxml2's dictionary, so equal names share one pointer
/// and each is converted once, found again by its pointer), what an element name is, and long attribute values.
///
/// Read and written for every element and attribute, so the tables are plain memory behind `let` pointers: the
/// same tables as class properties cost a dynamic exclusivity check on every access.
final class NameInterner {
    private static let nameSlots = 2048, elementSlots = 1024
    /// The long-value table's size: a power of two between 1,024 and 16,384 slots, about one slot per 128 bytes of the
    /// document when its size is known (the largest when not), so that a small document does not make, fill and
    /// free a table the size of a large one's.
    private let valueSlots: Int, valueShift: UInt64
    private let nameKeys = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: nameSlots)
    private let nameValues = UnsafeMutablePointer<String>.allocate(capacity: nameSlots)
    private let elementKeys = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: elementSlots)
    private let elementValues = UnsafeMutablePointer<ElementName>.allocate(capacity: elementSlots)
    /// The namespace URI last told apart, and what it is (most elements repeat their parent's namespace).
    private let namespaceKey = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
    private let namespaceKind = UnsafeMutablePointer<NamespaceKind>.allocate(capacity: 1)
    private let valueHashes: UnsafeMutablePointer<UInt64>
    private let valueStrings: UnsafeMutablePointer<String>
    /// How often each slot's string was found again lately (at most 3): see `value`.
    private let valueHits: UnsafeMutablePointer<UInt8>

    /// `expectedSize`: the document's size in bytes, when known.
    init(expectedSize: Int? = nil) {
        var bits = 14
        if let expectedSize { while bits > 10 && expectedSize >> 7 < 1 << (bits - 1) { bits -= 1 } }
        valueSlots = 1 << bits
        valueShift = UInt64(64 - bits)
        valueHashes = .allocate(capacity: valueSlots)
        valueStrings = .allocate(capacity: valueSlots)
        valueHits = .allocate(capacity: valueSlots)
        nameKeys.initialize(repeating: nil, count: Self.nameSlots)
        nameValues.initialize(repeating: "", count: Self.nameSlots)
        elementKeys.initialize(repeating: nil, count: Self.elementSlots)
        elementValues.initialize(repeating: .other, count: Self.elementSlots)
        namespaceKey.initialize(to: nil)
        namespaceKind.initialize(to: .other)
        valueHashes.initialize(repeating: 0, count: valueSlots)
        valueStrings.initialize(repeating: "", count: valueSlots)
        valueHits.initialize(repeating: 0, count: valueSlots)
    }

    deinit {
        nameValues.deinitialize(count: Self.nameSlots)
        valueStrings.deinitialize(count: valueSlots)
        for p in [nameKeys, elementKeys, namespaceKey] { p.deallocate() }
        nameValues.deallocate()
        elementValues.deallocate()
        namespaceKind.deallocate()
        valueHashes.deallocate()
        valueStrings.deallocate()
        valueHits.deallocate()
    }

    /// A name or URI from libxml2's dictionary as a string.
    func interned(_ p: UnsafePointer<xmlChar>) -> String {
        let key = UnsafeRawPointer(p)
        let slot = pointerSlot(key, bits: 11)
        if nameKeys[slot] == key { return nameValues[slot] }
        let s = String(cString: p)
        nameKeys[slot] = key
        nameValues[slot] = s
        return s
    }

    /// The element-name enum of an interned local name.
    func elementName(_ p: UnsafePointer<xmlChar>) -> ElementName {
        let key = UnsafeRawPointer(p)
        let slot = pointerSlot(key, bits: 10)
        if elementKeys[slot] == key { return elementValues[slot] }
        let n = ElementName(rawValue: interned(p)) ?? .other
        elementKeys[slot] = key
        elementValues[slot] = n
        return n
    }

    /// What a namespace URI is (no string is made per element: URIs are long strings, whose copies cost a retain
    /// and a release each).
    enum NamespaceKind { case edmx, csdl, other }

    func kind(ofURI uri: UnsafePointer<xmlChar>?) -> NamespaceKind {
        guard let uri else { return .other }
        let key = UnsafeRawPointer(uri)
        if key == namespaceKey.pointee { return namespaceKind.pointee }
        let ns = interned(uri)
        let k: NamespaceKind = CsdlXmlBuilder.edmxNamespaces.contains(ns) ? .edmx : CsdlXmlBuilder.csdlNamespaces.contains(ns) ? .csdl : .other
        namespaceKey.pointee = key
        namespaceKind.pointee = k
        return k
    }

    /// An attribute value as a string. Long values repeat a great deal (type names, terms, record types, property
    /// paths), so the last string made for each hash slot is reused when the bytes match. Short values are inline
    /// strings, cheaper to make than to look up.
    ///
    /// Values that come once (names, annotation targets, descriptions) outnumber the repeated ones in large documents
    /// and would evict them: a slot whose string was found again lately keeps it, and a value that misses it is made
    /// without being kept (each such miss takes a hit off, so a string no longer asked for gives way in the end).
    func value(_ start: UnsafePointer<xmlChar>, _ count: Int) -> String {
        let bytes = UnsafeBufferPointer(start: start, count: count)
        guard count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        let h = NameTable<Int>.hash(bytes: UnsafeRawBufferPointer(bytes))
        let slot = Int(truncatingIfNeeded: h >> valueShift)
        if valueHashes[slot] == h {
            let s = valueStrings[slot]
            // Compared byte for byte: a hash match alone proves nothing, and a string repaired from invalid UTF-8
            // no longer has the raw bytes, so it is never taken for them.
            if s.utf8.count == count, s.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, start, count) == 0 }) == true {
                if valueHits[slot] < 3 { valueHits[slot] += 1 }
                return s
            }
        }
        let s = String(decoding: bytes, as: UTF8.self)
        if valueHits[slot] > 0 {
            valueHits[slot] -= 1
        } else {
            valueHashes[slot] = h
            valueStrings[slot] = s
        }
        return s
    }
}
