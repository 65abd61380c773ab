import FoundationEssentials
import Glibc
import ODataModel

/// Turns JSON tokens into entities, complex values and values, for OData V4 JSON and V2 verbose JSON. It reads one
/// unit at a time from a scanner whose buffer holds the whole unit (an entity of a collection, or one member of a
/// single entity): `JSONPayloadReader` makes sure of that and reads the unit again when a chunk ended inside it.
/// Nothing here keeps a reference to entities after returning them.
final class JSONPayloadDecoder {
    let ctx: DecodingContext
    let v2: Bool
    /// Problems of the entities being read, waiting for the entity's key (a stack: nested entities finish first).
    var pending: [PendingIssue] = []
    /// Property names from the current entity down to the value being read, for messages.
    var path: [String] = []

    init(ctx: DecodingContext, v2: Bool) {
        self.ctx = ctx; self.v2 = v2
    }

    // MARK: Entities

    /// Starts an entity of `layout`'s type in `set`.
    func beginEntity(layout: StructureLayout, set: EntitySet?) -> StructureBuilder {
        StructureBuilder(value: EntityValue(layout: layout, entitySet: set), layout: layout, set: set, pendingStart: pending.count)
    }

    /// Reads the entity whose `{` is the current token; leaves the scanner on its `}`.
    func readEntity(_ s: inout JSONScanner, layout: StructureLayout, set: EntitySet?) throws -> EntityValue {
        var b = beginEntity(layout: layout, set: set)
        let savedPath = path
        path = []
        defer { path = savedPath }
        while try s.next() != .endObject { try member(&b, &s) }
        return try finishEntity(&b)
    }

    /// Completes an entity: applies counts and next links of expanded collections, and reports the problems found
    /// in it now that its key is known (warnings, or in strict mode the first one thrown).
    func finishEntity(_ b: inout StructureBuilder) throws -> EntityValue {
        if let extras = b.extras { extras.apply(to: b.value, layout: b.layout) }
        let entity = b.value as! EntityValue
        try report(pending.takeIssues(from: b.pendingStart, of: entity))
        return entity
    }

    /// Reads one member of an entity or complex value; the scanner is on its `.key`.
    func member(_ b: inout StructureBuilder, _ s: inout JSONScanner) throws {
        let hint = b.hint
        let layout = b.layout
        // The common case, a declared property, decided from the name's bytes without making anything.
        let slot: Int = s.withValueBytes { k in
            guard let first = k.first, first != UInt8(ascii: "@") else { return -1 }
            return layout.slot(bytes: k, hint: hint) ?? -1
        }
        if slot >= 0 {
            try s.next()
            b.hint = slot + 1
            if slot < layout.propertyCount {
                if let p = layout.fastPrimitive[slot] {
                    if s.token == .null { b.value.slots.set(slot, .null); return }
                    if let v = try readPrimitive(&s, p) { b.value.slots.set(slot, v); return }
                }
                b.value.slots.set(slot, try readValue(&s, shape: layout.shapes[slot], site: .slot(layout, slot)))
            } else {
                try readNavigation(&s, &b, slot: slot)
            }
            return
        }
        let kind = memberKind(&s)
        try s.next()
        switch kind {
        case .slot: break
        case .annotation(let c): try applyAnnotation(c, &b, &s)
        case .propertyAnnotation(let name, let c): try applyPropertyAnnotation(name, c, &b, &s)
        case .v2Metadata: try readV2Metadata(&b, &s)
        case .v2Other: try s.skipValue()
        case .dynamic(let name): try readDynamic(name, &b, &s)
        }
    }

    /// What a member name that is not a declared property is: control information, a property annotation, V2's
    /// `__metadata`, or a dynamic property.
    private func memberKind(_ s: inout JSONScanner) -> MemberKind {
        let v2 = self.v2
        return s.withValueBytes { k in
            let n = k.count
            guard n > 0, let base = k.baseAddress else { return .dynamic("") }
            if k[0] == UInt8(ascii: "@") { return .annotation(ControlName(term: UnsafeRawBufferPointer(start: base + 1, count: n - 1))) }
            if let at = memchr(base, 0x40, n) {
                let cut = base.distance(to: UnsafeRawPointer(at))
                return .propertyAnnotation(String(decoding: UnsafeRawBufferPointer(start: base, count: cut), as: UTF8.self),
                                           ControlName(term: UnsafeRawBufferPointer(start: base + cut + 1, count: n - cut - 1)))
            }
            if v2, n >= 2, k[0] == UInt8(ascii: "_"), k[1] == UInt8(ascii: "_") {
                return PrimitiveTextReader.equals(k, "__metadata") ? .v2Metadata : .v2Other
            }
            return .dynamic(String(decoding: k, as: UTF8.self))
        }
    }

    // MARK: Control information

    private func stringValue(_ s: inout JSONScanner) throws -> String? {
        if s.token == .string { return s.stringValue }
        try s.skipValue()
        return nil
    }

    private func applyAnnotation(_ c: ControlName, _ b: inout StructureBuilder, _ s: inout JSONScanner) throws {
        let entity = b.value as? EntityValue
        switch c {
        case .type:
            if let name = try stringValue(&s) { try retype(&b, to: name, &s) }
        case .etag: entity?.etag = try stringValue(&s)
        case .id: entity?.id = try stringValue(&s)
        case .editLink: entity?.editLink = try stringValue(&s)
        case .readLink: entity?.readLink = try stringValue(&s)
        case .mediaReadLink: entity?.mediaLinkOrEmpty.readLink = try stringValue(&s)
        case .mediaEditLink: entity?.mediaLinkOrEmpty.editLink = try stringValue(&s)
        case .mediaContentType: entity?.mediaLinkOrEmpty.contentType = try stringValue(&s)
        case .mediaEtag: entity?.mediaLinkOrEmpty.etag = try stringValue(&s)
        case .other(let name):
            let raw = try rawJSON(&s)
            entity?.annotations.append(("@" + name, RawValue(json: raw)))
        default: try s.skipValue()
        }
    }

    private func applyPropertyAnnotation(_ name: String, _ c: ControlName, _ b: inout StructureBuilder, _ s: inout JSONScanner) throws {
        let entity = b.value as? EntityValue
        switch c {
        case .type:
            if let t = try stringValue(&s) { b.extrasOrNew.propertyTypes[name] = t }
        case .navigationLink:
            if let l = try stringValue(&s) { entity?.navigationLinks[name] = l }
        case .count:
            let n: Int64? = s.token == .number || s.token == .string ? s.withValueBytes { NumberParser.parseInteger($0, min: 0, max: .max) } : nil
            try s.skipValue()
            if let n = n { b.extrasOrNew.counts[name] = n }
        case .nextLink:
            if let l = try stringValue(&s) { b.extrasOrNew.nextLinks[name] = l }
        case .mediaReadLink, .mediaEditLink, .mediaContentType, .mediaEtag:
            guard let l = try stringValue(&s), let slot = b.layout.slot(named: name), slot < b.layout.propertyCount else { return }
            var link = StreamLink()
            if case .stream(let existing)? = b.value.slots[slot] { link = existing }
            switch c {
            case .mediaReadLink: link.readLink = l
            case .mediaEditLink: link.editLink = l
            case .mediaContentType: link.contentType = l
            default: link.etag = l
            }
            b.value.slots.set(slot, .stream(link))
        default:
            try s.skipValue()
        }
    }

    /// V2 `__metadata`: uri, type, etag, id and the media resource.
    private func readV2Metadata(_ b: inout StructureBuilder, _ s: inout JSONScanner) throws {
        guard s.token == .beginObject else { try s.skipValue(); return }
        let entity = b.value as? EntityValue
        var uri: String?, id: String?
        while try s.next() != .endObject {
            let key = s.stringValue
            try s.next()
            switch key {
            case "uri": uri = try stringValue(&s)
            case "id": id = try stringValue(&s)
            case "type":
                if let t = try stringValue(&s), !t.hasPrefix("Collection(") { try retype(&b, to: t, &s) }
            case "etag": entity?.etag = try stringValue(&s)
            case "media_src": entity?.mediaLinkOrEmpty.readLink = try stringValue(&s)
            case "edit_media": entity?.mediaLinkOrEmpty.editLink = try stringValue(&s)
            case "content_type": entity?.mediaLinkOrEmpty.contentType = try stringValue(&s)
            case "media_etag": entity?.mediaLinkOrEmpty.etag = try stringValue(&s)
            default: try s.skipValue()
            }
        }
        if let e = entity {
            e.editLink = uri ?? e.editLink
            e.id = id ?? uri ?? e.id
        }
    }

    /// Switches the value being built to the derived type a payload names.
    private func retype(_ b: inout StructureBuilder, to name: String, _ s: inout JSONScanner) throws {
        if name.utf8.count == b.layout.type.qualifiedName.utf8.count + (name.hasPrefix("#") ? 1 : 0),
           name.hasSuffix(b.layout.type.qualifiedName) { return }
        guard let t = ctx.structuredType(named: name) else {
            note(&s, .unknownType, expected: nil, got: name, message: "unknown type \(name)", site: .none)
            return
        }
        if t === b.layout.type { return }
        guard t.isSubtype(of: b.layout.type) else {
            note(&s, .unknownType, expected: b.layout.type.qualifiedName, got: name,
                 message: "type \(t.qualifiedName) is not \(b.layout.type.qualifiedName) or derived from it", site: .none)
            return
        }
        let newLayout = ctx.layout(t)
        let old = b.value
        let new: StructureBase
        if let e = old as? EntityValue {
            let n = EntityValue(layout: newLayout, entitySet: b.set)
            n.etag = e.etag; n.id = e.id; n.editLink = e.editLink; n.readLink = e.readLink; n.mediaLink = e.mediaLink
            n.navigationLinks = e.navigationLinks; n.annotations = e.annotations
            new = n
        } else {
            new = ComplexValue(layout: newLayout)
        }
        for i in old.slots.indices where old.slots.has(i) {
            if let j = newLayout.slot(named: b.layout.name(at: i)) { new.slots.set(j, old.slots.value(i)) }
        }
        new.dynamicProperties = old.dynamicProperties
        b.value = new
        b.layout = newLayout
    }

    // MARK: Properties

    private func readDynamic(_ name: String, _ b: inout StructureBuilder, _ s: inout JSONScanner) throws {
        // A column the request added (an aggregate's alias, a computed value) is expected, typed when its type is known.
        let added = ctx.options.addedColumns[name]
        if added == nil, !b.layout.type.isOpen {
            let what = b.value is EntityValue ? "entity type" : "complex type"
            note(&s, .unknownProperty, expected: nil, got: nil,
                 message: "\(b.layout.type.qualifiedName) has no property \(name) (the \(what) is not open)", site: .name(name))
        }
        var value: DataValue
        if let typeName = b.extras?.propertyTypes[name], let shape = shape(named: typeName) {
            value = try readValue(&s, shape: shape, site: .name(name))
        } else if s.token == .null {
            value = .null
        } else if let t = added ?? nil {
            value = try readValue(&s, shape: ValueShape(kind: .primitive(t), isCollection: false, typeName: t.rawValue), site: .name(name))
        } else {
            value = .untyped(RawValue(json: try rawJSON(&s)))
        }
        b.value.appendDynamic(name, value)
    }

    /// The shape of a type named in `Prop@odata.type` (`#Int32`, `#Edm.Decimal`, `#NS.Address`, `#Collection(...)`).
    private func shape(named raw: String) -> ValueShape? {
        var name = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
        var collection = false
        if name.hasPrefix("Collection("), name.hasSuffix(")") { name = String(name.dropFirst(11).dropLast()); collection = true }
        if !name.contains("."), let p = PrimitiveType.named("Edm." + name) { name = p.rawValue }
        let ref = TypeReference(name: name, isCollection: collection)
        let resolved = ctx.model.resolveType(name)
        if case .unresolved = resolved, PrimitiveType.named(name) == nil { return nil }
        return ValueShape(resolved: resolved, reference: ref)
    }

    /// Reads the value whose first token is current; null is `.null`; values that do not fit become raw values and
    /// a problem of the entity being read.
    func readValue(_ s: inout JSONScanner, shape: ValueShape, site: Site) throws -> DataValue {
        if s.token == .null { return .null }
        if shape.isCollection { return try readCollection(&s, shape: shape, site: site) }
        switch shape.kind {
        case .primitive(let p):
            if let v = try readPrimitive(&s, p) { return v }
        case .enumeration(let e):
            if s.token == .string, let v = EnumValue.parse(s.stringValue, type: e, open: ctx.model.hasOpenEnumerations) { return .enumValue(v) }
            if s.token == .number, let n = s.withValueBytes({ NumberParser.parseInteger($0, min: .min, max: .max) }),
               let v = EnumValue.parse(String(n), type: e, open: ctx.model.hasOpenEnumerations) { return .enumValue(v) }
        case .complex(let c):
            if s.token == .beginObject {
                path.append(site.name)
                defer { path.removeLast() }
                return .complex(try readComplex(&s, type: c))
            }
        case .untyped:
            return .untyped(RawValue(json: try rawJSON(&s)))
        }
        return try mismatch(&s, shape: shape, site: site)
    }

    /// A primitive value from the current token, or nil when the token does not fit the type.
    @inline(__always)
    private func readPrimitive(_ s: inout JSONScanner, _ p: PrimitiveType) throws -> DataValue? {
        switch s.token {
        case .string:
            if p == .string { return .string(s.stringValue) }
            return s.withValueBytes { PrimitiveTextReader.parse($0, as: p) }
        case .number:
            guard p.isNumeric else { return nil }
            return s.withValueBytes { PrimitiveTextReader.parse($0, as: p) }
        case .true: return p == .boolean ? .boolean(true) : nil
        case .false: return p == .boolean ? .boolean(false) : nil
        case .beginObject:
            guard p.isGeo else { return nil }
            return .geography(GeographyValue(type: p, geoJSON: try rawJSON(&s)))
        default: return nil
        }
    }

    private func readCollection(_ s: inout JSONScanner, shape: ValueShape, site: Site) throws -> DataValue {
        // V2 (and V3) wrap collections: {"__metadata": {...}, "results": [...]}.
        if s.token == .beginObject {
            let start = s.checkpoint()
            var list: DataValue?
            while try s.next() != .endObject {
                if s.valueEquals("results") {
                    try s.next()
                    if s.token == .beginArray { list = try readCollection(&s, shape: shape, site: site) } else { try s.skipValue() }
                } else {
                    try s.next(); try s.skipValue()
                }
            }
            if let l = list { return l }
            s.restore(start)
            return try mismatch(&s, shape: shape, site: site)
        }
        guard s.token == .beginArray else { return try mismatch(&s, shape: shape, site: site) }
        let element = shape.element
        var values: [DataValue] = []
        path.append(site.name)
        defer { path.removeLast() }
        var index = 0
        while try s.next() != .endArray {
            values.append(try readValue(&s, shape: element, site: .index(index)))
            index += 1
        }
        return .list(DataValueList(elementType: TypeReference(name: element.typeName, isCollection: false), values))
    }

    /// Reads the complex value whose `{` is current.
    func readComplex(_ s: inout JSONScanner, type: ComplexType) throws -> ComplexValue {
        let layout = ctx.layout(type)
        var b = StructureBuilder(value: ComplexValue(layout: layout), layout: layout, set: nil, pendingStart: pending.count)
        while try s.next() != .endObject { try member(&b, &s) }
        return b.value as! ComplexValue
    }

    // MARK: Navigation

    private func readNavigation(_ s: inout JSONScanner, _ b: inout StructureBuilder, slot: Int) throws {
        let nav = b.layout.navigation(at: slot)
        guard let target = nav.target else {
            b.value.appendDynamic(nav.name, .untyped(RawValue(json: try rawJSON(&s))))
            return
        }
        let layout = ctx.layout(target)
        let set = ctx.targetSet(of: nav, from: b.set)
        switch s.token {
        case .null:
            b.value.slots.set(slot, .null)
        case .beginArray:
            b.value.slots.set(slot, .entityList(try readEntityArray(&s, layout: layout, set: set)))
        case .beginObject where !v2:
            b.value.slots.set(slot, .entity(try readEntity(&s, layout: layout, set: set)))
        case .beginObject:
            try readV2Navigation(&s, &b, slot: slot, nav: nav, layout: layout, set: set)
        default:
            b.value.slots.set(slot, try mismatch(&s, shape: ValueShape(kind: .untyped, isCollection: nav.isCollection,
                                                                       typeName: nav.type.description), site: .slot(b.layout, slot)))
        }
    }

    private func readEntityArray(_ s: inout JSONScanner, layout: StructureLayout, set: EntitySet?) throws -> EntityValueList {
        var list = EntityValueList()
        while try s.next() != .endArray {
            if s.token == .beginObject { list.append(try readEntity(&s, layout: layout, set: set)) } else { try s.skipValue() }
        }
        return list
    }

    /// V2: `{"__deferred": {"uri": ...}}`, `{"results": [...], "__count": "5", "__next": ...}`, or an entity.
    private func readV2Navigation(_ s: inout JSONScanner, _ b: inout StructureBuilder, slot: Int, nav: NavigationProperty,
                                  layout: StructureLayout, set: EntitySet?) throws {
        var t = try s.next()
        if t == .endObject { return }
        if s.valueEquals("__deferred") {
            try s.next()
            if s.token == .beginObject {
                while try s.next() != .endObject {
                    let isURI = s.valueEquals("uri")
                    try s.next()
                    if isURI, s.token == .string { (b.value as? EntityValue)?.navigationLinks[nav.name] = s.stringValue } else { try s.skipValue() }
                }
            } else { try s.skipValue() }
            while try s.next() != .endObject { try s.next(); try s.skipValue() }
            return
        }
        if s.valueEquals("results") || s.valueEquals("__count") || s.valueEquals("__next") {
            var list = EntityValueList()
            while t != .endObject {
                if s.valueEquals("results") {
                    try s.next()
                    if s.token == .beginArray { list.entities = try readEntityArray(&s, layout: layout, set: set).entities } else { try s.skipValue() }
                } else if s.valueEquals("__count") {
                    try s.next()
                    list.inlineCount = s.token == .number || s.token == .string ? s.withValueBytes { NumberParser.parseInteger($0, min: 0, max: .max) } : nil
                    try s.skipValue()
                } else if s.valueEquals("__next") {
                    try s.next()
                    list.nextLink = try v2Link(&s)
                } else {
                    try s.next(); try s.skipValue()
                }
                t = try s.next()
            }
            b.value.slots.set(slot, .entityList(list))
            return
        }
        // An expanded single entity: its first member is already current.
        var e = beginEntity(layout: layout, set: set)
        let savedPath = path
        path = []
        defer { path = savedPath }
        try member(&e, &s)
        while try s.next() != .endObject { try member(&e, &s) }
        b.value.slots.set(slot, .entity(try finishEntity(&e)))
    }

    /// A V2 `__next`/`__deferred` link: a string or `{"uri": ...}`.
    func v2Link(_ s: inout JSONScanner) throws -> String? {
        if s.token == .string { return s.stringValue }
        guard s.token == .beginObject else { try s.skipValue(); return nil }
        var uri: String?
        while try s.next() != .endObject {
            let isURI = s.valueEquals("uri")
            try s.next()
            if isURI, s.token == .string { uri = s.stringValue } else { try s.skipValue() }
        }
        return uri
    }

    // MARK: Raw values and problems

    /// The JSON text of the value whose first token is current (the scanner ends on its last token).
    func rawJSON(_ s: inout JSONScanner) throws -> String {
        let start = s.tokenOffset
        try s.skipValue()
        return s.withInputBytes(start..<s.offsetAfterToken) { String(decoding: $0, as: UTF8.self) }
    }

    /// A value that does not fit its type: kept raw, and noted as a problem of the entity being read.
    private func mismatch(_ s: inout JSONScanner, shape: ValueShape, site: Site) throws -> DataValue {
        let loc = s.tokenLocation()
        let offset = s.streamOffset
        let raw = try rawJSON(&s)
        let shown = raw.utf8.count > 80 ? String(raw.prefix(77)) + "..." : raw
        pending.append(PendingIssue(kind: .typeMismatch, path: issuePath(site), expected: shape.typeName, got: shown,
                                    message: "expected \(shape.typeName), got \(shown)", line: loc.line, column: loc.column, offset: offset))
        return .untyped(RawValue(json: raw))
    }

    /// Notes a problem at the current token (before its value is read).
    private func note(_ s: inout JSONScanner, _ kind: PayloadIssue.Kind, expected: String?, got: String?, message: String, site: Site) {
        let loc = s.tokenLocation()
        pending.append(PendingIssue(kind: kind, path: issuePath(site), expected: expected, got: got, message: message,
                                    line: loc.line, column: loc.column, offset: s.streamOffset))
    }

    private func issuePath(_ site: Site) -> String? {
        let leaf = site.name
        if path.isEmpty { return leaf.isEmpty ? nil : leaf }
        return (path + (leaf.isEmpty ? [] : [leaf])).joined(separator: "/")
    }

    /// Problems found outside any entity (values of an operation result): reported right away.
    func flushLooseProblems() throws {
        guard !pending.isEmpty else { return }
        try report(pending.takeIssues(from: 0, of: nil))
    }

    /// Warnings, or in strict mode (and for the problems that are always fatal) the first one thrown.
    private func report(_ issues: [(issue: PayloadIssue, alwaysFatal: Bool)]) throws {
        for (issue, fatal) in issues {
            if ctx.throws(issue) || fatal { throw PayloadError(issue) }
            ctx.warn(issue)
        }
    }
}
