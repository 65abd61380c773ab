import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// The attributes of one element, read where libxml2 keeps them (five pointers each: local name, prefix, namespace
/// URI, value start, value end); valid during the start-element callback only.
///
/// A value becomes a string only when the builder reads it as one: a value nobody reads, and a flag compared as
/// bytes (`bool`), makes none. (Made for every attribute up front, they cost an allocation for each long one, and a
/// copy and a release for each.)
struct Attrs {
    /// nil when the element has none (then `count` is 0 and nothing reads it).
    private let raw: UnsafePointer<UnsafePointer<xmlChar>?>?
    /// How many attributes the element has.
    let count: Int
    // Neither retained nor released: an Attrs lives only during its element's callback, while the builder's
    // interner and table certainly do. Held unmanaged and called through `_withUnsafeGuaranteedRef`: through
    // `unowned(unsafe)`, each call on them retained and released them (three times per attribute of an annotation).
    private let interner: Unmanaged<NameInterner>
    private let attributeTable: Unmanaged<AttributeTable>
    /// Tells this element's attributes apart from those of elements before it in the builder's table.
    let generation: UInt32
    /// The table's memory, read directly (the table outlives every Attrs).
    private let filed: UnsafeMutablePointer<UInt32>
    private let seen: UnsafeMutablePointer<UInt32>
    private let index: UnsafeMutablePointer<Int>

    init(_ raw: UnsafePointer<UnsafePointer<xmlChar>?>?, count: Int, table: AttributeTable, names: NameInterner) {
        self.raw = raw
        self.count = raw == nil ? 0 : count
        interner = .passUnretained(names)
        attributeTable = .passUnretained(table)
        table.elements.pointee &+= 1
        generation = table.elements.pointee
        filed = table.filed
        seen = table.seen
        index = table.index
    }

    /// Calls `body` with the builder's interner, neither retained nor released.
    @inline(__always) private func names<R>(_ body: (NameInterner) -> R) -> R { interner._withUnsafeGuaranteedRef(body) }

    /// The local name of attribute `i` (interned by libxml2: equal names share a pointer).
    @inline(__always) func localName(_ i: Int) -> UnsafePointer<xmlChar> { raw.unsafelyUnwrapped[i * 5]! }
    @inline(__always) func prefix(_ i: Int) -> UnsafePointer<xmlChar>? { raw.unsafelyUnwrapped[i * 5 + 1] }
    /// The namespace URI of attribute `i`; nil for CSDL's own attributes.
    @inline(__always) func uri(_ i: Int) -> UnsafePointer<xmlChar>? { raw.unsafelyUnwrapped[i * 5 + 2] }
    /// The value of attribute `i` as bytes, where libxml2 keeps it.
    @inline(__always) func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let start = raw.unsafelyUnwrapped[i * 5 + 3]!
        return UnsafeBufferPointer(start: start, count: raw.unsafelyUnwrapped[i * 5 + 4]! - start)
    }
    /// The value of attribute `i` as a string.
    @inline(__always) func value(_ i: Int) -> String {
        let start = raw.unsafelyUnwrapped[i * 5 + 3]!
        return names { $0.value(start, raw.unsafelyUnwrapped[i * 5 + 4]! - start) }
    }

    /// Where an attribute without namespace (CSDL's own) is. The first look-up of an element files its attributes in
    /// the builder's table by name (one pass; names told apart by their interned pointers), so each look-up is an
    /// array read.
    @inline(__always)
    private func position(_ name: AttrName) -> Int? {
        if filed.pointee != generation { attributeTable._withUnsafeGuaranteedRef { $0.file(self) } }
        guard seen[name.rawValue] == generation else { return nil }
        return index[name.rawValue]
    }

    subscript(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        return value(i)
    }
    /// The value of an attribute read once per element and kept (a name, a type).
    @inline(__always)
    func take(_ name: AttrName) -> String? { self[name] }
    /// A type attribute (`Type`) as a type reference. `Collection(X)` is taken apart on the bytes, so that `X` comes
    /// from the interner's table of long values like any other type name (made from the whole string, each
    /// collection's element type was a new string).
    func typeReference(_ name: AttrName) -> TypeReference? {
        guard let i = position(name) else { return nil }
        let b = bytes(i)
        // What `TypeReference.init` reads as a collection, without blanks around it to trim first.
        let prefix: StaticString = "Collection("
        if b.count > 12, b[b.count - 1] == UInt8(ascii: ")"), memcmp(b.baseAddress!, prefix.utf8Start, 11) == 0 {
            return TypeReference(name: names { $0.value(b.baseAddress! + 11, b.count - 12) }, isCollection: true)
        }
        return TypeReference(value(i))
    }
    /// `true` or `1` is true, anything else false; nil when the attribute is absent. Compared as bytes.
    func bool(_ name: AttrName) -> Bool? {
        guard let i = position(name) else { return nil }
        return Self.spells(bytes(i), true)
    }
    /// The value of an attribute that is present but not one of CSDL's Boolean spellings (`true`, `false`, `1`, `0`);
    /// nil when absent or a Boolean.
    func nonBoolean(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        let b = bytes(i)
        if Self.spells(b, true) || Self.spells(b, false) { return nil }
        return value(i)
    }
    /// Whether `b` is `true` or `1` (`value` true), `false` or `0` (`value` false). Byte by byte: `elementsEqual`
    /// against a string's `utf8` goes through generic code, several times the cost.
    @inline(__always)
    private static func spells(_ b: UnsafeBufferPointer<UInt8>, _ value: Bool) -> Bool {
        if b.count == 1 { return b[0] == (value ? UInt8(ascii: "1") : UInt8(ascii: "0")) }
        let word: StaticString = value ? "true" : "false"
        return b.count == word.utf8CodeUnitCount && memcmp(b.baseAddress!, word.utf8Start, b.count) == 0
    }
    func foreign(_ ns: String, _ name: StaticString) -> String? {
        let want = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        for i in 0..<count {
            guard let uri = uri(i) else { continue }
            if strcmp(UnsafeRawPointer(localName(i)).assumingMemoryBound(to: CChar.self), want) == 0 && names({ $0.interned(uri) }) == ns {
                return value(i)
            }
        }
        return nil
    }
    /// Whether any attribute is in a namespace (SAP's `sap:`, ...): most elements have none, and then their
    /// element's `foreignAttributes` is left as it is (an assignment costs an access check and a release).
    var hasForeign: Bool {
        for i in 0..<count where uri(i) != nil { return true }
        return false
    }
    /// The attributes in a namespace, as the model keeps them.
    var foreignAttributes: [ForeignAttribute] {
        var out: [ForeignAttribute] = []
        for i in 0..<count {
            guard let uri = uri(i) else { continue }
            let prefix = prefix(i).map { p in names { $0.interned(p) } } ?? ""
            out.append(names { ForeignAttribute(prefix: prefix, localName: $0.interned(localName(i)), namespace: $0.interned(uri),
                                                value: value(i)) })
        }
        return out
    }
    /// The name of attribute `i` as a string.
    func name(_ i: Int) -> String { names { $0.interned(localName(i)) } }
    /// Calls `body` with the position of each attribute that has no namespace (CSDL's own) and what its name is (told
    /// apart through the same pointer cache as element names); `name(_:)` and `value(_:)` read the rest. (Its name
    /// made a string for every attribute cost a retain and a release each, for the few the caller keeps by name.)
    func forEachUnprefixed(_ body: (Int, ElementName) -> Void) {
        for i in 0..<count where uri(i) == nil {
            body(i, names { $0.elementName(localName(i)) })
        }
    }
}
