import ODataModel
import ODataQuery

/// Writes values, complex values and entities as JSON in one of three dialects: OData V4 request bodies, OData V2
/// verbose request bodies, and plain output (NDJSON for people and tools: V4 shapes, no control information unless
/// asked for).
package struct JSONValueWriter {
    package enum Dialect { case v4, v2, output }
    let dialect: Dialect
    /// V4 `IEEE754Compatible=true`: Int64 and Decimal as strings.
    var ieee754Compatible = false
    /// Output: write entity metadata (`@odata.etag`, `@odata.id`, links) before the properties.
    package var annotations = false

    /// A writer of `dialect`.
    package init(dialect: Dialect) { self.dialect = dialect }

    // MARK: Values

    /// Writes the value in place (no copy of the enum: copies of this large enum go through value witnesses, which
    /// docs/performance.md measures under "Entity values in raw memory").
    func write(_ p: UnsafePointer<DataValue>, to o: JSONOutput) {
        switch p.pointee {
        case .null: o.ascii("null")
        case .int(let n): o.integer(Int64(n))
        case .string(let s): o.string(s)
        case .decimal(let d) where dialect == .output || (dialect == .v4 && !ieee754Compatible): o.decimal(d)
        case .globalDateTime(let t) where dialect != .v2: quoted(o) { $0.dateTimeOffset(t) }
        case .float(let f) where f.isFinite: o.raw(f.description)
        case .double(let d) where d.isFinite: o.raw(d.description)
        case .short(let n): o.integer(Int64(n))
        case .boolean(let b): if b { o.ascii("true") } else { o.ascii("false") }
        case .entityList(let l): writeEntities(l.entities, to: o)
        default: write(p.pointee, to: o)
        }
    }

    func write(_ v: DataValue, to o: JSONOutput) {
        switch v {
        case .null: o.ascii("null")
        case .boolean(let b): if b { o.ascii("true") } else { o.ascii("false") }
        case .unsignedByte(let n): o.integer(Int64(n))
        case .byte(let n): o.integer(Int64(n))
        case .short(let n): o.integer(Int64(n))
        case .int(let n): o.integer(Int64(n))
        case .long(let n):
            if dialect == .v2 || ieee754Compatible { o.byte(UInt8(ascii: "\"")); o.integer(n); o.byte(UInt8(ascii: "\"")) } else { o.integer(n) }
        case .decimal(let d):
            if dialect == .v2 || ieee754Compatible { quoted(o) { $0.decimal(d) } } else { o.decimal(d) }
        case .double(let d): floating(d.isFinite, DataValue.text(of: d), to: o)
        case .float(let f): floating(f.isFinite, DataValue.text(of: f), to: o)
        case .string(let s): o.string(s)
        case .guid(let g): o.string(g.description)
        case .binary(let b):
            o.byte(UInt8(ascii: "\""))
            var text = [UInt8]()
            Base64.append(b, url: dialect == .v4, to: &text)
            o.raw(text)
            o.byte(UInt8(ascii: "\""))
        case .localDate(let d):
            if dialect == .v2 { msDate(Int64(d.daysSinceEpoch) * 86_400_000, to: o) } else { quoted(o) { $0.date(d) } }
        case .localTime(let t):
            if dialect == .v2 { o.string(t.durationText) } else { quoted(o) { $0.time(t) } }
        case .localDateTime(let t):
            if dialect == .v2 { msDate(t.millisecondsSinceEpoch, to: o) } else { quoted(o) { $0.dateTime(t) } }
        case .globalDateTime(let t):
            if dialect == .v2 { msDate(t, to: o) } else { quoted(o) { $0.dateTimeOffset(t) } }
        case .duration(let d): o.string(d.description)
        case .enumValue(let e): o.string(e.name)
        case .geography(let g): if g.isGeoJSON { o.rawJSON(g.text) } else { o.string(g.text) }
        case .complex(let c): writeStructure(c, to: o)
        case .list(let l): writeList(l.values, to: o)
        case .entity(let e): writeEntity(e, to: o)
        case .entityList(let l): writeEntities(l.entities, to: o)
        case .stream(let s):
            if let l = s.readLink ?? s.editLink { o.string(l) } else { o.ascii("null") }
        case .untyped(let r): if r.isJSON { o.rawJSON(r.text) } else { o.string(r.text) }
        }
    }

    /// An expanded to-many navigation: an array of entities.
    private func writeEntities(_ entities: [EntityValue], to o: JSONOutput) {
        o.byte(UInt8(ascii: "["))
        for (i, e) in entities.enumerated() {
            if i > 0 { o.byte(UInt8(ascii: ",")) }
            writeEntity(e, to: o)
        }
        o.byte(UInt8(ascii: "]"))
    }

    @inline(__always) private func quoted(_ o: JSONOutput, _ body: (JSONOutput) -> Void) {
        o.byte(UInt8(ascii: "\""))
        body(o)
        o.byte(UInt8(ascii: "\""))
    }

    /// Finite numbers as JSON numbers; `NaN`, `INF`, `-INF` as strings (OData's JSON form).
    private func floating(_ finite: Bool, _ text: String, to o: JSONOutput) {
        if finite { o.raw(text) } else { o.string(text) }
    }

    /// V2's `"\/Date(ms)\/"`.
    private func msDate(_ ms: Int64, to o: JSONOutput) {
        o.ascii("\"\\/Date(")
        o.integer(ms)
        o.ascii(")\\/\"")
    }

    /// V2's DateTimeOffset as SAP Gateway writes it: `"\/Date(ms+0120)\/"`, the instant in milliseconds and the
    /// offset in minutes, always four digits (`+0000` too: without an offset a reader may take it for an Edm.DateTime).
    private func msDate(_ t: GlobalDateTime, to o: JSONOutput) {
        o.ascii("\"\\/Date(")
        o.integer(t.millisecondsSinceEpoch)
        let m = Int(t.offsetMinutes)
        o.byte(m < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        var rest = min(abs(m), 9999)
        var digits: [UInt8] = [0, 0, 0, 0]
        for i in (0..<4).reversed() { digits[i] = UInt8(48 + rest % 10); rest /= 10 }
        o.raw(digits)
        o.ascii(")\\/\"")
    }

    func writeList(_ values: [DataValue], to o: JSONOutput) {
        if dialect == .v2 { o.ascii("{\"results\":") }
        o.byte(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { o.byte(UInt8(ascii: ",")) }
            write(v, to: o)
        }
        o.byte(UInt8(ascii: "]"))
        if dialect == .v2 { o.byte(UInt8(ascii: "}")) }
    }

    // MARK: Structures

    /// A complex value: its properties with values, dynamic ones after (or in `order`).
    func writeStructure(_ s: StructureBase, to o: JSONOutput, declaredType: StructuredType? = nil, order: MemberOrder? = nil) {
        o.byte(UInt8(ascii: "{"))
        var first = true
        if let declared = declaredType, declared !== s.layout.type { typeAnnotation(s.layout.type, first: &first, to: o) }
        members(of: s, only: nil, first: &first, to: o, order: order)
        o.byte(UInt8(ascii: "}"))
    }

    /// An entity: annotations (output with `annotations`), properties, expanded navigation, dynamic properties; with
    /// `order`, the members the query named first, in its order (see `MemberOrder`).
    package func writeEntity(_ e: EntityValue, to o: JSONOutput, order: MemberOrder? = nil) {
        o.byte(UInt8(ascii: "{"))
        var first = true
        if annotations && dialect == .output { entityAnnotations(e, first: &first, to: o) }
        members(of: e, only: nil, first: &first, to: o, order: order)
        o.byte(UInt8(ascii: "}"))
    }

    /// A value in an order of the query's (entities, complex values and collections of them; others as they are).
    package func write(_ v: DataValue, to o: JSONOutput, order: MemberOrder?) {
        guard let order else { write(v, to: o); return }
        switch v {
        case .entity(let e): writeEntity(e, to: o, order: order)
        case .complex(let c): writeStructure(c, to: o, order: order)
        case .entityList(let l):
            o.byte(UInt8(ascii: "["))
            for (i, e) in l.entities.enumerated() {
                if i > 0 { o.byte(UInt8(ascii: ",")) }
                writeEntity(e, to: o, order: order)
            }
            o.byte(UInt8(ascii: "]"))
        default: write(v, to: o)
        }
    }

    /// `@odata.type` (V4, output) or `__metadata: {type}` (V2).
    func typeAnnotation(_ t: StructuredType, first: inout Bool, to o: JSONOutput) {
        comma(&first, o)
        if dialect == .v2 {
            o.ascii("\"__metadata\":{\"type\":"); o.string(t.qualifiedName); o.byte(UInt8(ascii: "}"))
        } else {
            o.ascii("\"@odata.type\":"); o.string("#" + t.qualifiedName)
        }
    }

    private func entityAnnotations(_ e: EntityValue, first: inout Bool, to o: JSONOutput) {
        func pair(_ name: StaticString, _ v: String?) {
            guard let v = v else { return }
            comma(&first, o); o.ascii(name); o.string(v)
        }
        pair("\"@odata.type\":", e.entitySet.map { $0.entityTypeIfResolved === e.entityType } == true ? nil : "#" + e.entityType.qualifiedName)
        pair("\"@odata.id\":", e.id)
        pair("\"@odata.etag\":", e.etag)
        pair("\"@odata.editLink\":", e.editLink)
        pair("\"@odata.readLink\":", e.readLink)
        if let m = e.mediaLink {
            pair("\"@odata.mediaReadLink\":", m.readLink)
            pair("\"@odata.mediaEditLink\":", m.editLink)
            pair("\"@odata.mediaContentType\":", m.contentType)
            pair("\"@odata.mediaEtag\":", m.etag)
        }
        for (name, v) in e.annotations { comma(&first, o); o.key(name); write(.untyped(v), to: o) }
        for (nav, link) in e.navigationLinks.sorted(by: { $0.key < $1.key }) {
            comma(&first, o); o.key(nav + "@odata.navigationLink"); o.string(link)
        }
    }

    @inline(__always) func comma(_ first: inout Bool, _ o: JSONOutput) {
        if first { first = false } else { o.byte(UInt8(ascii: ",")) }
    }

    /// Members with values (all, or the slots in `only`), then dynamic properties (all, or the changed ones); with
    /// `order` (output only), all members in that order.
    /// Holds the structure's lock while it writes it (nested values are other structures, with locks of their own).
    func members(of s: StructureBase, only: Set<Int>?, first: inout Bool, to o: JSONOutput, order: MemberOrder? = nil) {
        s.locked {
            if let order, only == nil, !order.isEmpty {
                orderedMembers(of: s, order: order, first: &first, to: o)
                return
            }
            let slots = s.slots
            for slot in 0..<slots.count where slots.has(slot) {
                if let only = only, !only.contains(slot) { continue }
                writeSlot(slot, of: s, first: &first, to: o, order: nil)
            }
            for d in s.dynamic where only == nil || s.changedDynamic.contains(d.name) {
                comma(&first, o)
                o.key(d.name)
                write(d.value, to: o)
            }
        }
    }

    /// A member of a structure: a slot (a property or expanded navigation property) or a dynamic property.
    private enum Member { case slot(Int), dynamic(Int) }

    /// Every member with a value, arranged by `order`, each written with the order inside it. With the lock held.
    private func orderedMembers(of s: StructureBase, order: MemberOrder, first: inout Bool, to o: JSONOutput) {
        let layout = s.layout
        let slots = s.slots
        var all: [Member] = []
        for slot in 0..<slots.count where slots.has(slot) { all.append(.slot(slot)) }
        for i in s.dynamic.indices { all.append(.dynamic(i)) }
        func name(_ m: Member) -> String {
            switch m {
            case .slot(let k): return layout.name(at: k)
            case .dynamic(let i): return s.dynamic[i].name
            }
        }
        let arranged = order.arrange(all, name: name, isProperty: { m in
            if case .slot(let k) = m { return k < layout.propertyCount }
            return true
        })
        for m in arranged {
            let inner = order.inside(name(m))
            switch m {
            case .dynamic(let i):
                comma(&first, o)
                o.key(s.dynamic[i].name)
                write(s.dynamic[i].value, to: o, order: inner)
            case .slot(let slot):
                writeSlot(slot, of: s, first: &first, to: o, order: inner)
            }
        }
    }

    /// One property or expanded navigation property of a structure, with `order` inside it (output only).
    private func writeSlot(_ slot: Int, of s: StructureBase, first: inout Bool, to o: JSONOutput, order inner: MemberOrder?) {
        let layout = s.layout
        let value = s.slots.pointer(slot)
        // Only streams and complex values need a look inside; matching them out would copy every value.
        if layout.writtenSpecially[slot] && value.pointee.isStreamOrComplex {
            switch value.pointee {
            case .stream where dialect != .output || !annotations: return
            case .complex(let c) where slot < layout.propertyCount:
                comma(&first, o)
                o.raw(layout.key(at: slot))
                if case .complex(let declared) = layout.shapes[slot].kind {
                    writeStructure(c, to: o, declaredType: declared, order: inner)
                } else {
                    writeStructure(c, to: o, order: inner)
                }
                return
            default: break
            }
        }
        comma(&first, o)
        o.raw(layout.key(at: slot))
        if inner != nil { write(value.pointee, to: o, order: inner) } else { write(UnsafePointer(value), to: o) }
    }
}

extension DataValue {
    var isStreamOrComplex: Bool {
        switch self {
        case .stream, .complex: return true
        default: return false
        }
    }
}
