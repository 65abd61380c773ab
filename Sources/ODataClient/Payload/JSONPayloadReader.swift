import ODataModel

/// Streams an OData JSON payload (V4, or V2 verbose) chunk by chunk: entities of a collection come out one by one
/// as soon as their last byte has arrived; a single entity comes out at the end, read member by member as its
/// bytes arrive. Only the unit being read (an entity, or one member of a single entity) and the latest chunk are
/// held; entities handed out are not kept.
///
/// How: a `JSONScanner` in chunked mode runs over a `ChunkBuffer`. The envelope (`@odata.context`, `value`,
/// `@odata.count`, `@odata.nextLink`; V2 `d`, `results`, `__count`, `__next`) is read token by token; each entity
/// of the collection is read as a unit by `JSONPayloadDecoder`. When a chunk ends inside a unit, the scanner goes
/// back to the unit's start, a `UnitFramer` watches the following chunks for the unit's end, and the unit is read
/// again from its start once it is complete.
final class JSONPayloadReader {
    private enum State {
        case start
        // V4
        case top
        case items(returnTo: ItemsReturn)
        // V2
        case v2Top, v2D, v2DObject, v2AfterD
        case end, done
    }
    private enum ItemsReturn { case top, v2DObject, v2AfterD }

    private let ctx: DecodingContext
    private let decoder: JSONPayloadDecoder
    private let target: PayloadTarget
    private let v2: Bool
    private let buffer = ChunkBuffer()
    private var scanner: JSONScanner
    private var state = State.start
    private var framer: UnitFramer?
    private var bomChecked = false
    /// A single entity (or complex value) read member by member.
    private var single: StructureBuilder?
    private let entityLayout: StructureLayout?
    private let valueShape: ValueShape?
    let emitEntity: (EntityValue) throws -> Void
    let emitValue: (DataValue) throws -> Void
    private(set) var pageInfo = PageInfo()
    var bufferCapacity: Int { buffer.capacity }

    init(ctx: DecodingContext, target: PayloadTarget, v2: Bool,
         emitEntity: @escaping (EntityValue) throws -> Void, emitValue: @escaping (DataValue) throws -> Void) {
        self.ctx = ctx
        self.target = target
        self.v2 = v2
        decoder = JSONPayloadDecoder(ctx: ctx, v2: v2)
        entityLayout = target.entityType.map { ctx.layout($0) }
        if case .values(let t) = target {
            valueShape = ValueShape(resolved: ctx.model.resolveType(t.qualifiedName), reference: t)
        } else {
            valueShape = nil
        }
        self.emitEntity = emitEntity
        self.emitValue = emitValue
        scanner = JSONScanner(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        scanner.isFinal = false
    }

    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        buffer.append(bytes)
        scanner.rebase(onto: buffer.bytes, dropped: 0)
        if !bomChecked {
            let b = buffer.bytes
            if b.count < 3 && b.allSatisfy({ [0xEF, 0xBB, 0xBF].contains($0) }) && Array(b) == Array([0xEF, 0xBB, 0xBF].prefix(b.count)) { return }
            bomChecked = true
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
                buffer.drop(3)
                scanner.rebase(onto: buffer.bytes, dropped: 0)
            }
        }
        try run()
        compact()
    }

    func finish() throws -> PageInfo {
        scanner.isFinal = true
        framer = nil
        scanner.rebase(onto: buffer.bytes, dropped: 0)
        try run()   // reads to the end: with the input final, a missing byte is an error
        return pageInfo
    }

    /// Throws when the unit being read, from `start` in the buffer, has grown past `maxUnitBytes`.
    private func checkUnitSize(from start: Int) throws {
        let limit = ctx.options.maxUnitBytes
        guard buffer.count - start > limit else { return }
        let issue = PayloadIssue(kind: .malformed, message: "one value of the payload is larger than the limit of \(Self.describeBytes(limit)) "
                                 + "(PayloadReadOptions.maxUnitBytes)")
        throw PayloadError(issue)
    }

    static func describeBytes(_ n: Int) -> String {
        n % (1 << 20) == 0 ? "\(n >> 20) MiB" : n % 1024 == 0 ? "\(n >> 10) KiB" : "\(n) bytes"
    }

    /// Drops consumed bytes once they are a good part of the buffer.
    private func compact() {
        let consumed = scanner.checkpoint().bufferOffset
        guard consumed > 0, consumed >= 32 * 1024 || consumed * 2 >= buffer.count else { return }
        buffer.drop(consumed)
        scanner.rebase(onto: buffer.bytes, dropped: consumed)
        framer?.shift(consumed)
    }

    /// Reads units until the buffer runs out in the middle of one.
    private func run() throws {
        if var f = framer {
            let complete = f.advance(buffer.bytes)
            framer = f
            if !complete && f.hasStarted {
                try checkUnitSize(from: f.start)
                return
            }
            // Complete, or only blanks so far: read again (the scanner skips the blanks for good, see below).
            framer = nil
        }
        while true {
            if case .done = state { return }
            let mark = scanner.checkpoint()
            let pendingMark = decoder.pending.count
            let warningMark = ctx.uncommittedMark
            do {
                try step()
                // The members of a single entity are units of their own; its warnings count when it is complete.
                if single == nil { ctx.commit() }
            } catch let e as JSONError where e.kind == .unexpectedEndOfInput && !scanner.isFinal {
                scanner.restore(mark)
                ctx.rollBack(to: warningMark)
                if decoder.pending.count > pendingMark { decoder.pending.removeSubrange(pendingMark...) }
                decoder.path.removeAll()
                // Blanks before the unit are passed for good, so that compact() drops them: a body of endless
                // blanks between tokens is read in constant memory.
                scanner.skipBlanks()
                var f = UnitFramer(start: scanner.checkpoint().bufferOffset)
                _ = f.advance(buffer.bytes)
                framer = f
                try checkUnitSize(from: f.start)
                return
            }
        }
    }

    // MARK: The envelope

    private func unexpected(_ what: String) -> JSONError {
        scanner.errorAtToken(.unexpectedCharacter, "unexpected \(describe(scanner.token)), expected \(what)")
    }

    private func describe(_ t: JSONToken) -> String {
        switch t {
        case .beginObject: return "'{'"
        case .endObject: return "'}'"
        case .beginArray: return "'['"
        case .endArray: return "']'"
        case .key: return "member \"\(scanner.stringValue)\""
        case .string: return "a string"
        case .number: return "a number"
        case .true, .false: return "a boolean"
        case .null: return "null"
        case .endOfInput: return "the end of input"
        }
    }

    private func step() throws {
        switch state {
        case .start:
            guard try scanner.next() == .beginObject else { throw unexpected("a JSON object") }
            state = v2 ? .v2Top : .top
        case .top: try stepTop()
        case .items(let back): try stepItem(returnTo: back)
        case .v2Top:
            let t = try scanner.next()
            if t == .endObject { state = .end; return }
            if scanner.valueEquals("d") { state = .v2D; return }
            if scanner.valueEquals("error") { try serviceError() }
            try scanner.next(); try scanner.skipValue()
        case .v2D:
            switch try scanner.next() {
            case .beginArray: state = .items(returnTo: .v2AfterD)
            case .beginObject: state = .v2DObject
            case .null: state = .v2AfterD
            default:
                if let shape = valueShape {
                    try emit(value: try decoder.readValue(&scanner, shape: shape, site: .none))
                    state = .v2AfterD
                } else { throw unexpected("an object or array after \"d\"") }
            }
        case .v2DObject: try stepV2DObject()
        case .v2AfterD:
            let t = try scanner.next()
            if t == .endObject { state = .end; return }
            try scanner.next(); try scanner.skipValue()
        case .end:
            // Only whitespace may follow; while more may come, wait for the end of input.
            if try scanner.next() == .endOfInput && !scanner.isFinal {
                throw JSONError(.unexpectedEndOfInput, "waiting for the end of input", line: 0, column: 0, offset: 0)
            }
            state = .done
        case .done: return
        }
    }

    private func stepTop() throws {
        guard try nextMember(endingIn: .end) else { return }
        let control: ControlName? = scanner.withValueBytes { k in
            k.first == UInt8(ascii: "@") ? ControlName(term: UnsafeRawBufferPointer(rebasing: k[1...])) : nil
        }
        if let c = control {
            switch c {
            case .context:
                try scanner.next()
                if scanner.token == .string {
                    pageInfo.context = scanner.stringValue
                    if contextIsSingle(pageInfo.context!) { beginSingle() }
                } else { try scanner.skipValue() }
            case .count:
                try scanner.next()
                pageInfo.count = try count()
            case .nextLink:
                try scanner.next()
                pageInfo.nextLink = scanner.token == .string ? scanner.stringValue : nil
                try scanner.skipValue()
            case .deltaLink:
                try scanner.next()
                pageInfo.deltaLink = scanner.token == .string ? scanner.stringValue : nil
                try scanner.skipValue()
            case .type, .etag, .id, .editLink, .readLink, .mediaReadLink, .mediaEditLink, .mediaContentType, .mediaEtag:
                // Control information of an entity: the object is a single entity.
                beginSingle()
                try decoder.member(&single!, &scanner)
            default:
                try scanner.next(); try scanner.skipValue()
            }
            return
        }
        if scanner.valueEquals("value"), !targetIsSingleStructure {
            switch try scanner.next() {
            case .beginArray: state = .items(returnTo: .top)
            default:
                guard let shape = valueShape else { throw unexpected("an array of entities after \"value\"") }
                try emit(value: try decoder.readValue(&scanner, shape: shape, site: .none))
            }
            return
        }
        if scanner.valueEquals("error") { try serviceError() }
        // Any other member: the object is a single entity (or complex value) itself.
        beginSingle()
        try decoder.member(&single!, &scanner)
    }

    private var targetIsSingleStructure: Bool {
        if case .singleton = target { return true }
        return false
    }

    /// `...#Orders/$entity`, `...#Orders(Order_Details())/$entity`, or a singleton's name.
    private func contextIsSingle(_ c: String) -> Bool {
        if c.hasSuffix("/$entity") { return true }
        guard let hash = c.lastIndex(of: "#") else { return false }
        let fragment = c[c.index(after: hash)...]
        if case .singleton(let s) = target { return fragment == s.name || fragment.hasPrefix(s.name + "(") }
        if case .values(let t) = target, !t.isCollection, case .complex = ctx.model.resolveType(t.qualifiedName) { return true }
        return false
    }

    /// One primitive or enumeration value (not a collection, not complex).
    private static func isSingleNonComplex(_ shape: ValueShape) -> Bool {
        switch shape.kind {
        case .primitive, .enumeration: return !shape.isCollection
        case .complex, .untyped: return false
        }
    }

    private func beginSingle() {
        guard single == nil else { return }
        if let layout = entityLayout {
            single = decoder.beginEntity(layout: layout, set: target.entitySet)
        } else if let shape = valueShape, case .complex(let c) = shape.kind {
            let layout = ctx.layout(c)
            single = StructureBuilder(value: ComplexValue(layout: layout), layout: layout, set: nil, pendingStart: decoder.pending.count)
        } else {
            let layout = ctx.layout(ComplexType(name: "Untyped", namespace: "Edm"))
            single = StructureBuilder(value: ComplexValue(layout: layout), layout: layout, set: nil, pendingStart: decoder.pending.count)
        }
    }

    /// Reads the next member name of an object that may turn out to be a single entity or complex value: false when
    /// nothing is left to do with it (the object ended, and the reader goes on in `after`; or the member was the
    /// single value's), true when the caller looks at the member.
    private func nextMember(endingIn after: State) throws -> Bool {
        if try scanner.next() == .endObject {
            if single != nil { try finishSingle() }
            state = after
            return false
        }
        if single != nil { try decoder.member(&single!, &scanner); return false }
        return true
    }

    private func finishSingle() throws {
        guard var b = single else { return }
        single = nil
        if b.value is EntityValue {
            try emit(entity: try decoder.finishEntity(&b))
        } else {
            try decoder.flushLooseProblems()
            try emit(value: .complex(b.value as! ComplexValue))
        }
    }

    private func stepItem(returnTo back: ItemsReturn) throws {
        let t = try scanner.next()
        if t == .endArray {
            switch back {
            case .top: state = .top
            case .v2DObject: state = .v2DObject
            case .v2AfterD: state = .v2AfterD
            }
            return
        }
        if let layout = entityLayout {
            guard t == .beginObject else { throw unexpected("an entity (a JSON object)") }
            try emit(entity: try decoder.readEntity(&scanner, layout: layout, set: target.entitySet))
        } else if let shape = valueShape {
            let element = shape.isCollection ? shape.element : shape
            let v = try decoder.readValue(&scanner, shape: element, site: .index(pageInfo.itemCount))
            try decoder.flushLooseProblems()
            try emit(value: v)
        } else {
            try scanner.skipValue()
        }
    }

    private func stepV2DObject() throws {
        guard try nextMember(endingIn: .v2AfterD) else { return }
        if scanner.valueEquals("results") {
            switch try scanner.next() {
            case .beginArray: state = .items(returnTo: .v2DObject)
            case .beginObject where entityLayout != nil:
                try emit(entity: try decoder.readEntity(&scanner, layout: entityLayout!, set: target.entitySet))
            case .beginObject where valueShape.map(Self.isSingleNonComplex) == true:
                // pyslet wraps a function's primitive result once more: {"d": {"results": {"CustomerCount": 11}}}.
                while try scanner.next() != .endObject {
                    try scanner.next()
                    try emit(value: try decoder.readValue(&scanner, shape: valueShape!, site: .none))
                    try decoder.flushLooseProblems()
                }
            default:
                if let shape = valueShape {
                    try emit(value: try decoder.readValue(&scanner, shape: shape, site: .none))
                } else { try scanner.skipValue() }
            }
            return
        }
        if scanner.valueEquals("__count") {
            try scanner.next()
            pageInfo.count = try count()
            return
        }
        if scanner.valueEquals("__next") {
            try scanner.next()
            pageInfo.nextLink = try decoder.v2Link(&scanner)
            return
        }
        if scanner.valueEquals("__delta") {
            try scanner.next()
            pageInfo.deltaLink = try decoder.v2Link(&scanner)
            return
        }
        if entityLayout == nil, let shape = valueShape {
            // A function import's single result: {"d": {"FunctionName": value}}.
            if case .complex = shape.kind, !shape.isCollection {} else {
                try scanner.next()
                try emit(value: try decoder.readValue(&scanner, shape: shape, site: .none))
                try decoder.flushLooseProblems()
                return
            }
        }
        beginSingle()
        try decoder.member(&single!, &scanner)
    }

    /// `@odata.count` / `__count`: a number, or a string of digits (V2, IEEE754Compatible).
    private func count() throws -> Int64? {
        let n: Int64? = scanner.token == .number || scanner.token == .string
            ? scanner.withValueBytes { NumberParser.parseInteger($0, min: 0, max: .max) } : nil
        try scanner.skipValue()
        return n
    }

    /// An error payload where data was expected: `{"error": {"code": ..., "message": ...}}`.
    private func serviceError() throws -> Never {
        let loc = scanner.tokenLocation()
        try scanner.next()
        let value = try JSONValue(reading: &scanner)
        let code = value["code"]?.stringValue ?? ""
        let message = value["message"]?["value"]?.stringValue ?? value["message"]?.stringValue ?? "(no message)"
        var issue = PayloadIssue(kind: .serviceError, message: "the service answered with an error: \(code.isEmpty ? "" : code + ": ")\(message)",
                                 line: loc.line, column: loc.column)
        issue.got = code
        throw PayloadError(issue)
    }

    private func emit(entity: EntityValue) throws {
        pageInfo.itemCount += 1
        try emitEntity(entity)
    }

    private func emit(value: DataValue) throws {
        pageInfo.itemCount += 1
        try emitValue(value)
    }
}
