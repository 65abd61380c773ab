import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// The attributes of one element (values already Swift strings, owned by the SAX callbacks' scratch array); valid
/// during the start-element callback only.
struct Attrs {
    let list: UnsafeBufferPointer<CapturedAttribute>
    // Neither retained nor released: an Attrs lives only during its element's callback, while the builder's
    // interner and table certainly do.
    unowned(unsafe) let names: NameInterner
    unowned(unsafe) let table: AttributeTable
    /// Tells this element's attributes apart from those of elements before it in the builder's table.
    let generation: UInt32
    /// The table's memory, read directly (the table outlives every Attrs).
    private let filed: UnsafeMutablePointer<UInt32>
    private let seen: UnsafeMutablePointer<UInt32>
    private let index: UnsafeMutablePointer<Int>

    init(_ list: UnsafeBufferPointer<CapturedAttribute>, table: AttributeTable, names: NameInterner) {
        self.list = list
        self.names = names
        self.table = table
        table.elements.pointee &+= 1
        generation = table.elements.pointee
        filed = table.filed
        seen = table.seen
        index = table.index
    }

    /// Where an attribute without namespace (CSDL's own) is in `list`. The first look-up of an element files its
    /// attributes in the builder's table by name (one pass; names told apart by their interned pointers), so each
    /// look-up is an array read.
    @inline(__always)
    private func position(_ name: AttrName) -> Int? {
        if filed.pointee != generation { table.file(self) }
        guard seen[name.rawValue] == generation else { return nil }
        return index[name.rawValue]
    }

    subscript(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        return list[i].value
    }
    /// The value of an attribute read once per element and kept (a name, a type), moved out rather than copied.
    /// Once taken, the attribute reads as empty: only for attributes read once.
    func take(_ name: AttrName) -> String? {
        guard let i = position(name) else { return nil }
        return taken(i)
    }
    /// The value at `i`, moved out.
    @inline(__always)
    private func taken(_ i: Int) -> String {
        // Moved through a pointer to the field itself: a swap through `pointee` copied the attribute out and back.
        let field = (UnsafeMutableRawPointer(mutating: list.baseAddress! + i) + Self.valueOffset).assumingMemoryBound(to: String.self)
        let value = field.move()
        field.initialize(to: "")
        return value
    }
    private static let valueOffset = MemoryLayout<CapturedAttribute>.offset(of: \CapturedAttribute.value)!
    func bool(_ name: AttrName) -> Bool? {
        guard let i = position(name) else { return nil }
        // Compared where it lies, without a copy of the string.
        let p = list.baseAddress! + i
        return p.pointee.value == "true" || p.pointee.value == "1"
    }
    func foreign(_ ns: String, _ name: StaticString) -> String? {
        let want = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        for a in list {
            guard let uri = a.uri else { continue }
            if strcmp(UnsafeRawPointer(a.localName).assumingMemoryBound(to: CChar.self), want) == 0 && names.interned(uri) == ns { return a.value }
        }
        return nil
    }
    /// Whether any attribute is in a namespace (SAP's `sap:`, ...): most elements have none, and then their
    /// element's `foreignAttributes` is left as it is (an assignment costs an access check and a release).
    var hasForeign: Bool {
        for a in list where a.uri != nil { return true }
        return false
    }
    /// The attributes in a namespace, as the model keeps them; their values are taken (see `take`): read them last.
    var foreignAttributes: [ForeignAttribute] {
        var out: [ForeignAttribute] = []
        for i in list.indices {
            guard let uri = list[i].uri else { continue }
            let prefix = list[i].prefix.map { names.interned($0) } ?? ""
            out.append(ForeignAttribute(prefix: prefix, localName: names.interned(list[i].localName), namespace: names.interned(uri),
                                        value: taken(i)))
        }
        return out
    }
    /// Calls `body` with each attribute that has no namespace (CSDL's own): its name, what the name is
    /// (told apart through the same pointer cache as element names), and its value.
    /// The values are taken (see `take`): the element's attributes are read once, here.
    func forEachUnprefixed(_ body: (String, ElementName, String) -> Void) {
        for i in list.indices where list[i].uri == nil {
            let name = list[i].localName
            body(names.interned(name), names.elementName(name), taken(i))
        }
    }
}
