import ODataModel

/// Writes JSON request bodies for creating and updating entities in the dialect of the service's version.
///
/// V4: `@odata.type` when the entity's type is not its set's (or, for a deep insert, its navigation property's), or
/// a complex value's not its property's; `Nav@odata.bind` for bound navigation properties, Int64 and Decimal as JSON
/// numbers (strings with `IEEE754Compatible=true`), binary as base64url.
/// V2 verbose JSON: `__metadata: {"type": ...}` when the type differs, Int64 and Decimal as strings,
/// Edm.DateTime as `"\/Date(ms)\/"`, Edm.DateTimeOffset as `"\/Date(ms+0120)\/"` (offset in minutes, as SAP Gateway
/// writes it), Edm.Time as `PT12H30M00S`, binary as base64, bindings as `{"__metadata": {"uri": ...}}`.
/// `.full` writes every property that has a value (create, PUT); `.changes` only what was set since the entity was
/// read or `resetChanges()` was called (PATCH in V4, MERGE in V2).
package struct EntityBodyWriter {
    package enum Content: Sendable { case full, changes }
    package let version: ODataVersion
    /// V4 `IEEE754Compatible=true`: Int64 and Decimal as strings (the request's Content-Type must say so too).
    package var ieee754Compatible: Bool
    /// Write the entity's type even when it is its set's type.
    package var alwaysWriteType = false

    package init(version: ODataVersion, ieee754Compatible: Bool = false) {
        self.version = version; self.ieee754Compatible = ieee754Compatible
    }

    private var writer: JSONValueWriter {
        var w = JSONValueWriter(dialect: version.isV4 ? .v4 : .v2)
        w.ieee754Compatible = ieee754Compatible
        return w
    }

    /// The body for `entity`.
    package func body(for entity: EntityValue, content: Content = .full) -> [UInt8] {
        let o = JSONOutput(capacity: 1024)
        write(entity, content: content, to: o)
        return o.array
    }

    /// An object of named values, for action parameters: `{"pct": 10, "Address": {...}}`.
    package func body(parameters: [(name: String, value: DataValue)]) -> [UInt8] {
        let o = JSONOutput(capacity: 256)
        let w = writer
        o.byte(UInt8(ascii: "{"))
        for (i, p) in parameters.enumerated() {
            if i > 0 { o.byte(UInt8(ascii: ",")) }
            o.key(p.name)
            w.write(p.value, to: o)
        }
        o.byte(UInt8(ascii: "}"))
        return o.array
    }

    /// One value on its own (a property's new value for PUT on `.../Property`): V4 `{"value": ...}`, V2 `{"Name": ...}`.
    package func body(property p: Property, value: DataValue) -> [UInt8] {
        body(parameters: [(version.isV4 ? "value" : p.name, value)])
    }

    /// `declaredType`: the type a deep insert's navigation property declares, for an entity that has no set.
    func write(_ e: EntityValue, content: Content, declaredType: EntityType? = nil, to o: JSONOutput) {
        let w = writer
        o.byte(UInt8(ascii: "{"))
        var first = true
        let expected = e.entitySet.map { $0.entityTypeIfResolved } ?? declaredType
        if alwaysWriteType || expected.map({ $0 !== e.entityType }) ?? false {
            w.typeAnnotation(e.entityType, first: &first, to: o)
        }
        let layout = e.layout
        // The entity's state taken under its lock once, so the body is written from one consistent state.
        let (values, dynamic) = e.snapshot()
        let (changed, changedDynamic, changedSlots) = e.locked {
            (e.changed, e.changedDynamic, content == .changes ? Set(layout.properties.indices.filter { e.isChanged(slot: $0) }) : nil)
        }
        let bindings = e.bindings
        let only: Set<Int>? = changedSlots
        // Structural properties (and dynamic ones) first.
        for slot in 0..<layout.propertyCount {
            guard let v = values[slot] else { continue }
            if let only = only, !only.contains(slot) { continue }
            if case .stream = v { continue }
            w.comma(&first, o)
            o.raw(layout.key(at: slot))
            if case .complex(let c) = v, case .complex(let declared) = layout.shapes[slot].kind {
                w.writeStructure(c, to: o, declaredType: declared)
            } else {
                w.write(v, to: o)
            }
        }
        for d in dynamic where content == .full || changedDynamic.contains(d.name) {
            w.comma(&first, o)
            o.key(d.name)
            w.write(d.value, to: o)
        }
        func reference(_ t: String) { o.ascii("{\"__metadata\":{\"uri\":"); o.string(t); o.ascii("}}") }
        // V2 has one array per navigation property for new and existing entities alike: the references of a
        // collection that also gets new entities go into the same array.
        var referencedInline = Set<String>()
        // Deep inserts: expanded navigation values set on the entity.
        for slot in layout.propertyCount..<layout.slotCount {
            guard let value = values[slot] else { continue }
            if content == .changes && !(changed.isEmpty ? false : changed[slot]) { continue }
            w.comma(&first, o)
            o.raw(layout.key(at: slot))
            let declared = layout.navigations[slot - layout.propertyCount].target
            switch value {
            case .entity(let child): write(child, content: .full, declaredType: declared, to: o)
            case .entityList(let list):
                o.byte(UInt8(ascii: "["))
                for (i, child) in list.entities.enumerated() {
                    if i > 0 { o.byte(UInt8(ascii: ",")) }
                    write(child, content: .full, declaredType: declared, to: o)
                }
                let nav = layout.navigations[slot - layout.propertyCount]
                if !version.isV4, let bound = bindings.first(where: { $0.navigation === nav }) {
                    for t in bound.targets { o.byte(UInt8(ascii: ",")); reference(t) }
                    referencedInline.insert(nav.name)
                }
                o.byte(UInt8(ascii: "]"))
            default: o.ascii("null")
            }
        }
        // Bindings to existing entities.
        for (nav, targets) in bindings where !referencedInline.contains(nav.name) {
            w.comma(&first, o)
            if version.isV4 {
                o.key(nav.name + "@odata.bind")
                if nav.isCollection {
                    o.byte(UInt8(ascii: "["))
                    for (i, t) in targets.enumerated() { if i > 0 { o.byte(UInt8(ascii: ",")) }; o.string(t) }
                    o.byte(UInt8(ascii: "]"))
                } else {
                    o.string(targets.last ?? "")
                }
            } else {
                o.key(nav.name)
                if nav.isCollection {
                    o.byte(UInt8(ascii: "["))
                    for (i, t) in targets.enumerated() { if i > 0 { o.byte(UInt8(ascii: ",")) }; reference(t) }
                    o.byte(UInt8(ascii: "]"))
                } else {
                    reference(targets.last ?? "")
                }
            }
        }
        o.byte(UInt8(ascii: "}"))
    }
}
