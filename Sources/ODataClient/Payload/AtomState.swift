import CLibXML2
import ODataModel

/// What the Atom reader's SAX callbacks build: a stack of open elements that matter (feeds, entries, links,
/// properties) and the entities and values under construction.
final class AtomState {
    static let atomNS = "http://www.w3.org/2005/Atom"
    static let metadataNS: Set<String> = ["http://schemas.microsoft.com/ado/2007/08/dataservices/metadata",
                                          "http://docs.oasis-open.org/odata/ns/metadata"]
    static let dataNS: Set<String> = ["http://schemas.microsoft.com/ado/2007/08/dataservices",
                                      "http://docs.oasis-open.org/odata/ns/data"]
    static let relatedPrefixes = ["http://schemas.microsoft.com/ado/2007/08/dataservices/related/",
                                  "http://docs.oasis-open.org/odata/ns/related/"]
    static let mediaPrefixes = ["http://schemas.microsoft.com/ado/2007/08/dataservices/mediaresource/",
                                "http://docs.oasis-open.org/odata/ns/mediaresource/"]
    static let editMediaPrefixes = ["http://schemas.microsoft.com/ado/2007/08/dataservices/edit-media/",
                                    "http://docs.oasis-open.org/odata/ns/edit-media/"]

    let ctx: DecodingContext
    let target: PayloadTarget
    let emitEntity: (EntityValue) throws -> Void
    let emitValue: (DataValue) throws -> Void
    var ctxt: xmlParserCtxtPtr?
    private(set) var pageInfo = PageInfo()
    private(set) var failure: Error?
    private(set) var sawRoot = false
    private var stack: [Frame] = []
    /// Text of the element being read, when its text matters.
    var text: [UInt8] = []
    var wantsText: Bool {
        switch stack.last {
        case .text?, .geoPart?: return true
        case .property(let p)?: return p.collectsText
        default: return false
        }
    }
    private var pending: [PendingIssue] = []
    private var bases: [String?] = []

    init(ctx: DecodingContext, target: PayloadTarget,
         emitEntity: @escaping (EntityValue) throws -> Void, emitValue: @escaping (DataValue) throws -> Void) {
        self.ctx = ctx; self.target = target; self.emitEntity = emitEntity; self.emitValue = emitValue
    }

    func fail(_ e: Error) {
        guard failure == nil else { return }
        failure = e
        if let c = ctxt { xmlStopParser(c) }
    }

    func rethrow() throws {
        if let f = failure { throw f }
        ctx.commit()
    }

    // MARK: Frames

    enum TextKind { case entryID, count, errorCode, errorMessage }

    enum Frame {
        case feed(FeedFrame)
        case entry(EntryFrame)
        case link(LinkFrame)
        case inline(LinkFrame)
        case content(EntryFrame)
        case properties(StructureFrame)
        case property(PropertyFrame)
        case text(TextKind)
        /// An element inside a geography value (GML): its text belongs to the value.
        case geoPart
        case error
        case other
    }

    final class FeedFrame {
        let isTop: Bool
        var list = EntityValueList()
        let layout: StructureLayout?
        let set: EntitySet?
        init(isTop: Bool, layout: StructureLayout?, set: EntitySet?) { self.isTop = isTop; self.layout = layout; self.set = set }
    }

    /// An entity or complex value being filled from `d:` elements.
    class StructureFrame {
        var value: StructureBase
        var layout: StructureLayout
        init(value: StructureBase, layout: StructureLayout) { self.value = value; self.layout = layout }
    }

    final class EntryFrame: StructureFrame {
        let set: EntitySet?
        let pendingStart: Int
        let isTop: Bool
        init(entity: EntityValue, layout: StructureLayout, set: EntitySet?, pendingStart: Int, isTop: Bool) {
            self.set = set; self.pendingStart = pendingStart; self.isTop = isTop
            super.init(value: entity, layout: layout)
        }
        var entity: EntityValue { value as! EntityValue }
    }

    final class LinkFrame {
        let entry: EntryFrame
        let slot: Int?
        let navigation: NavigationProperty?
        var gotInline = false
        init(entry: EntryFrame, slot: Int?, navigation: NavigationProperty?) { self.entry = entry; self.slot = slot; self.navigation = navigation }
    }

    final class PropertyFrame {
        let owner: StructureFrame?
        let slot: Int?
        let name: String
        let shape: ValueShape
        let isNull: Bool
        let line: Int, column: Int
        /// For complex values: the structure being filled.
        var complex: StructureFrame?
        /// For collections: the elements read so far.
        var elements: [DataValue]?
        let textStart: Int
        /// For a collection element: the collection frame it belongs to.
        let parentCollection: PropertyFrame?

        init(owner: StructureFrame?, slot: Int?, name: String, shape: ValueShape, isNull: Bool, line: Int, column: Int,
             textStart: Int, parentCollection: PropertyFrame?) {
            self.owner = owner; self.slot = slot; self.name = name; self.shape = shape; self.isNull = isNull
            self.line = line; self.column = column; self.textStart = textStart; self.parentCollection = parentCollection
        }
        var collectsText: Bool { complex == nil && elements == nil }
    }

    // MARK: Start tags

    private func string(_ p: UnsafePointer<xmlChar>) -> String { String(cString: p) }

    private var location: (line: Int, column: Int) {
        guard let c = ctxt else { return (0, 0) }
        return (Int(xmlSAX2GetLineNumber(c)), Int(xmlSAX2GetColumnNumber(c)))
    }

    func start(local: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?, attributes a: AtomAttributes) {
        let name = string(local)
        let ns = uri.map(string) ?? ""
        let isAtom = ns == AtomState.atomNS
        let isMeta = AtomState.metadataNS.contains(ns)
        let isData = AtomState.dataNS.contains(ns)
        let base = a.value("base")
        bases.append(base ?? bases.last ?? nil)
        if !sawRoot {
            sawRoot = true
            if isAtom && name == "feed" {
                stack.append(.feed(FeedFrame(isTop: true, layout: target.entityType.map(ctx.layout), set: target.entitySet)))
            } else if isAtom && name == "entry" {
                startEntry(a, isTop: true, layout: target.entityType.map(ctx.layout), set: target.entitySet)
            } else if isMeta && name == "error" {
                stack.append(.error)
            } else if isData || isMeta, case .values(let t) = target {
                let shape = ValueShape(resolved: ctx.model.resolveType(t.qualifiedName), reference: t)
                startProperty(name: name, owner: nil, slot: nil, shape: shape, a, parentCollection: nil)
            } else {
                fail(PayloadError(PayloadIssue(kind: .unexpectedStructure, message: "expected an Atom feed or entry, found <\(name)>",
                                               line: location.line, column: location.column)))
            }
            return
        }
        switch stack.last {
        case .feed(let f)?:
            if isAtom && name == "entry" {
                startEntry(a, isTop: f.isTop, layout: f.layout, set: f.set)
            } else if isMeta && name == "count" {
                text.removeAll(keepingCapacity: true)
                stack.append(.text(.count))
            } else if isAtom && name == "link" {
                let rel = a.value("rel")
                if rel == "next", let href = a.value("href") { if f.isTop { pageInfo.nextLink = resolve(href) } else { f.list.nextLink = resolve(href) } }
                if rel?.hasSuffix("/delta") == true, let href = a.value("href"), f.isTop { pageInfo.deltaLink = resolve(href) }
                stack.append(.other)
            } else {
                stack.append(.other)
            }
        case .entry(let e)?:
            startInEntry(e, name: name, isAtom: isAtom, isMeta: isMeta, a)
        case .content(let e)?:
            if isMeta && name == "properties" { stack.append(.properties(e)) } else { stack.append(.other) }
        case .link(let l)?:
            if isMeta && name == "inline" { l.gotInline = true; stack.append(.inline(l)) } else { stack.append(.other) }
        case .inline(let l)?:
            guard let nav = l.navigation, let target = nav.target else { stack.append(.other); return }
            let layout = ctx.layout(target)
            let set = ctx.targetSet(of: nav, from: l.entry.set)
            if isAtom && name == "feed" {
                stack.append(.feed(FeedFrame(isTop: false, layout: layout, set: set)))
            } else if isAtom && name == "entry" {
                startEntry(a, isTop: false, layout: layout, set: set)
            } else {
                stack.append(.other)
            }
        case .properties(let s)?:
            guard isData else { stack.append(.other); return }
            startDataElement(name: name, in: s, a)
        case .property(let p)?:
            if let c = p.complex, isData {
                startDataElement(name: name, in: c, a)
            } else if p.elements != nil, (isData || isMeta) && name == "element" {
                startProperty(name: p.name, owner: nil, slot: nil, shape: p.shape.element, a, parentCollection: p)
            } else if p.collectsText, case .primitive(let t) = p.shape.kind, t.isGeo {
                stack.append(.geoPart)   // GML inside a geography value: its text is the value's
            } else {
                stack.append(.other)
            }
        case .geoPart?:
            stack.append(.geoPart)
        case .error?:
            if name == "code" { text.removeAll(keepingCapacity: true); stack.append(.text(.errorCode)) }
            else if name == "message" { text.removeAll(keepingCapacity: true); stack.append(.text(.errorMessage)) }
            else { stack.append(.other) }
        default:
            stack.append(.other)
        }
    }

    private func startEntry(_ a: AtomAttributes, isTop: Bool, layout: StructureLayout?, set: EntitySet?) {
        guard let layout = layout else {
            fail(PayloadError(PayloadIssue(kind: .unexpectedStructure, message: "an entry where \(target.name) was expected")))
            return
        }
        let e = EntityValue(layout: layout, entitySet: set)
        e.etag = a.value("etag", namespace: { AtomState.metadataNS.contains($0) })
        stack.append(.entry(EntryFrame(entity: e, layout: layout, set: set, pendingStart: pending.count, isTop: isTop)))
    }

    private func startInEntry(_ e: EntryFrame, name: String, isAtom: Bool, isMeta: Bool, _ a: AtomAttributes) {
        if isAtom && name == "id" {
            text.removeAll(keepingCapacity: true)
            stack.append(.text(.entryID))
        } else if isAtom && name == "category" {
            if let term = a.value("term"), a.value("scheme")?.hasSuffix("/scheme") ?? true { retype(e, to: term) }
            stack.append(.other)
        } else if isAtom && name == "link" {
            startLink(e, a)
        } else if isAtom && name == "content" {
            if let src = a.value("src") {
                var m = e.entity.mediaLink ?? StreamLink()
                m.readLink = resolve(src)
                m.contentType = a.value("type")
                e.entity.mediaLink = m
                stack.append(.other)
            } else {
                stack.append(.content(e))
            }
        } else if isMeta && name == "properties" {
            stack.append(.properties(e))
        } else {
            stack.append(.other)
        }
    }

    private func startLink(_ e: EntryFrame, _ a: AtomAttributes) {
        let rel = a.value("rel") ?? ""
        let href = a.value("href").map(resolve)
        let entity = e.entity
        switch rel {
        case "edit": entity.editLink = href
        case "self": entity.readLink = href
        case "edit-media":
            var m = entity.mediaLink ?? StreamLink()
            m.editLink = href
            if let etag = a.value("etag", namespace: { AtomState.metadataNS.contains($0) }) { m.etag = etag }
            entity.mediaLink = m
        default:
            if let prefix = AtomState.relatedPrefixes.first(where: { rel.hasPrefix($0) }) {
                let navName = String(rel.dropFirst(prefix.count))
                let slot = e.layout.slot(named: navName).flatMap { e.layout.isNavigation($0) ? $0 : nil }
                if let h = href { entity.navigationLinks[navName] = h }
                stack.append(.link(LinkFrame(entry: e, slot: slot, navigation: slot.map(e.layout.navigation(at:)))))
                return
            }
            if let prefix = (AtomState.mediaPrefixes + AtomState.editMediaPrefixes).first(where: { rel.hasPrefix($0) }) {
                let propName = String(rel.dropFirst(prefix.count))
                if let slot = e.layout.slot(named: propName), slot < e.layout.propertyCount {
                    var link = StreamLink()
                    if case .stream(let existing) = e.value.slots.value(slot), e.value.slots.has(slot) { link = existing }
                    if AtomState.mediaPrefixes.contains(prefix) { link.readLink = href } else { link.editLink = href }
                    link.contentType = a.value("type") ?? link.contentType
                    if let etag = a.value("etag", namespace: { AtomState.metadataNS.contains($0) }) { link.etag = etag }
                    e.value.slots.set(slot, .stream(link))
                }
            }
        }
        stack.append(.other)
    }

    /// A `d:Name` element inside `m:properties` or a complex value.
    private func startDataElement(name: String, in s: StructureFrame, _ a: AtomAttributes) {
        let typeName = a.value("type", namespace: { AtomState.metadataNS.contains($0) })
        if let slot = s.layout.slot(named: name), slot < s.layout.propertyCount {
            var shape = s.layout.shapes[slot]
            if let t = typeName, case .complex = shape.kind, !shape.isCollection,
               case .complex(let derived) = ctx.model.resolveType(t), case .complex(let declared) = shape.kind, derived.isSubtype(of: declared) {
                shape = ValueShape(kind: .complex(derived), isCollection: false, typeName: derived.qualifiedName)
            }
            startProperty(name: name, owner: s, slot: slot, shape: shape, a, parentCollection: nil)
        } else {
            let shape = typeName.flatMap(shapeOf) ?? ValueShape(kind: .primitive(.string), isCollection: false, typeName: "Edm.String")
            if !s.layout.type.isOpen {
                let loc = location
                pending.append(PendingIssue(kind: .unknownProperty, path: name, expected: nil, got: nil,
                                            message: "\(s.layout.type.qualifiedName) has no property \(name)", line: loc.line, column: loc.column, offset: 0))
            }
            startProperty(name: name, owner: s, slot: nil, shape: shape, a, parentCollection: nil)
        }
    }

    private func shapeOf(_ typeName: String) -> ValueShape? {
        var name = typeName
        var collection = false
        if name.hasPrefix("Collection("), name.hasSuffix(")") { name = String(name.dropFirst(11).dropLast()); collection = true }
        let resolved = ctx.model.resolveType(name)
        if case .unresolved = resolved, PrimitiveType.named(name) == nil { return nil }
        return ValueShape(resolved: resolved, reference: TypeReference(name: name, isCollection: collection))
    }

    private func startProperty(name: String, owner: StructureFrame?, slot: Int?, shape: ValueShape, _ a: AtomAttributes,
                               parentCollection: PropertyFrame?) {
        let isNull = a.value("null", namespace: { AtomState.metadataNS.contains($0) }) == "true"
        let loc = location
        let p = PropertyFrame(owner: owner, slot: slot, name: name, shape: shape, isNull: isNull, line: loc.line, column: loc.column,
                              textStart: 0, parentCollection: parentCollection)
        if !isNull {
            if shape.isCollection {
                p.elements = []
            } else if case .complex(let c) = shape.kind {
                let layout = ctx.layout(c)
                p.complex = StructureFrame(value: ComplexValue(layout: layout), layout: layout)
            }
        }
        text.removeAll(keepingCapacity: true)
        stack.append(.property(p))
    }

    // MARK: End tags

    func end() {
        guard let top = stack.popLast() else { return }
        defer { _ = bases.popLast() }
        switch top {
        case .text(let kind):
            let s = String(decoding: text, as: UTF8.self)
            switch kind {
            case .entryID: if case .entry(let e)? = stack.last { e.entity.id = s.trimmingXMLSpace() }
            case .count:
                if case .feed(let f)? = stack.last {
                    let n = Int64(s.trimmingXMLSpace())
                    if f.isTop { pageInfo.count = n } else { f.list.inlineCount = n }
                }
            case .errorCode: errorCode = s
            case .errorMessage: errorMessage = s
            }
        case .property(let p): endProperty(p)
        case .entry(let e): endEntry(e)
        case .feed(let f):
            if !f.isTop, case .inline(let l)? = stack.last, let slot = l.slot { l.entry.value.slots.set(slot, .entityList(f.list)) }
        case .link(let l):
            // An empty m:inline: the expanded single entity is null (a collection is empty).
            if l.gotInline, let slot = l.slot, !l.entry.value.slots.has(slot) {
                l.entry.value.slots.set(slot, l.navigation?.isCollection == true ? .entityList(EntityValueList()) : .null)
            }
        case .error:
            var issue = PayloadIssue(kind: .serviceError, message: "the service answered with an error: \(errorCode.isEmpty ? "" : errorCode + ": ")\(errorMessage)")
            issue.got = errorCode
            fail(PayloadError(issue))
        default: break
        }
    }

    private var errorCode = "", errorMessage = ""

    private func endEntry(_ e: EntryFrame) {
        let entity = e.entity
        for (issue, _) in pending.takeIssues(from: e.pendingStart, of: entity) {
            if ctx.throws(issue) { fail(PayloadError(issue)); return }
            ctx.warn(issue)
        }
        switch stack.last {
        case .feed(let f)?:
            if f.isTop { emit(entity) } else { f.list.append(entity) }
        case .inline(let l)?:
            if let slot = l.slot { l.entry.value.slots.set(slot, .entity(entity)) }
        case nil:
            emit(entity)
        default: break
        }
    }

    private func emit(_ e: EntityValue) {
        pageInfo.itemCount += 1
        do {
            try emitEntity(e)
            ctx.commit()
        } catch { fail(error) }
    }

    private func endProperty(_ p: PropertyFrame) {
        let value: DataValue
        if p.isNull {
            value = .null
        } else if let c = p.complex {
            value = .complex(c.value as! ComplexValue)
        } else if let elements = p.elements {
            value = .list(DataValueList(elementType: TypeReference(name: p.shape.element.typeName, isCollection: false), elements))
        } else {
            value = textValue(p)
        }
        text.removeAll(keepingCapacity: true)
        if let parent = p.parentCollection {
            parent.elements?.append(value)
        } else if let owner = p.owner {
            if let slot = p.slot { owner.value.slots.set(slot, value) } else { owner.value.appendDynamic(p.name, value) }
        } else {
            // A property or operation result at the top: each element of a collection is one value.
            pageInfo.itemCount += 1
            do {
                if case .list(let l) = value { for v in l.values { try emitValue(v) } } else { try emitValue(value) }
                ctx.commit()
            } catch { fail(error) }
        }
    }

    private func textValue(_ p: PropertyFrame) -> DataValue {
        switch p.shape.kind {
        case .primitive(let t):
            if t == .string { return .string(String(decoding: text, as: UTF8.self)) }
            if t.isGeo { return .geography(GeographyValue(type: t, gmlText: String(decoding: text, as: UTF8.self).trimmingXMLSpace())) }
            if let v = text.withUnsafeBytes({ PrimitiveTextReader.parse(trimmed($0), as: t) }) { return v }
        case .enumeration(let e):
            if let v = EnumValue.parse(String(decoding: text, as: UTF8.self).trimmingXMLSpace(), type: e, open: ctx.model.hasOpenEnumerations) {
                return .enumValue(v)
            }
        case .untyped, .complex:
            return .untyped(RawValue(text: String(decoding: text, as: UTF8.self)))
        }
        let got = String(decoding: text, as: UTF8.self)
        let shown = got.utf8.count > 80 ? String(got.prefix(77)) + "..." : got
        pending.append(PendingIssue(kind: .typeMismatch, path: p.parentCollection == nil ? p.name : p.name + "[]", expected: p.shape.typeName,
                                    got: "\"\(shown)\"", message: "expected \(p.shape.typeName), got \"\(shown)\"",
                                    line: p.line, column: p.column, offset: 0))
        return .untyped(RawValue(text: got))
    }

    /// Atom text with surrounding XML whitespace removed (for everything but strings).
    private func trimmed(_ b: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var s = 0, e = b.count
        while s < e, [0x20, 0x09, 0x0A, 0x0D].contains(b[s]) { s += 1 }
        while e > s, [0x20, 0x09, 0x0A, 0x0D].contains(b[e - 1]) { e -= 1 }
        return UnsafeRawBufferPointer(rebasing: b[s..<e])
    }

    // MARK: Helpers

    private func retype(_ e: EntryFrame, to raw: String) {
        let name = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
        if name == e.layout.type.qualifiedName { return }
        guard let t = ctx.structuredType(named: name) as? EntityType, t.isSubtype(of: e.layout.type), t !== e.layout.type else {
            let loc = location
            pending.append(PendingIssue(kind: .unknownType, path: nil, expected: e.layout.type.qualifiedName, got: name,
                                        message: "type \(name) is not \(e.layout.type.qualifiedName) or derived from it",
                                        line: loc.line, column: loc.column, offset: 0))
            return
        }
        let layout = ctx.layout(t)
        let old = e.entity
        let new = EntityValue(layout: layout, entitySet: e.set)
        new.etag = old.etag; new.id = old.id; new.editLink = old.editLink; new.readLink = old.readLink
        new.mediaLink = old.mediaLink; new.navigationLinks = old.navigationLinks
        for i in old.slots.indices where old.slots.has(i) {
            if let j = layout.slot(named: e.layout.name(at: i)) { new.slots.set(j, old.slots.value(i)) }
        }
        e.value = new
        e.layout = layout
    }

    /// An href relative to the nearest `xml:base`.
    private func resolve(_ href: String) -> String {
        guard !href.contains("://"), let base = bases.last ?? nil else { return href }
        if href.hasPrefix("/") {
            if let scheme = base.firstRange(of: "://"), let slash = base[scheme.upperBound...].firstIndex(of: "/") {
                return String(base[..<slash]) + href
            }
            return base + href.dropFirst()
        }
        return base.hasSuffix("/") ? base + href : base + "/" + href
    }
}

extension String {
    /// Without leading and trailing XML whitespace.
    func trimmingXMLSpace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\n" || f == "\t" || f == "\r" || f == "\r\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\n" || l == "\t" || l == "\r" || l == "\r\n" { s = s.dropLast() }
        return String(s)
    }
}
