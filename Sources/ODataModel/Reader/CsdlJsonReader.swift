/// Reads CSDL JSON (OData 4.01 CSDL JSON, and the `$Version` 2.0/3.0 documents converters write) into a raw,
/// unresolved `CsdlDocument`: names are kept as written; the resolver replaces aliases and links elements later.
///
/// Problems that leave the rest readable (an unknown `$Kind`, a member of the wrong JSON type) become warnings
/// in `document.issues`; JSON that is not well-formed, or is not CSDL, throws a `MetadataError`.
package enum CsdlJsonReader {
    /// Reads a CSDL JSON document; `source` names it in messages.
    package static func read(bytes: UnsafeRawBufferPointer, source: String) throws -> CsdlDocument {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes: bytes)
        } catch {
            throw MetadataError(source: source, MetadataIssue(.error, code: "not-well-formed", location: error.location,
                                                               "not well-formed JSON: \(error.message)"))
        }
        guard let top = root.members else {
            throw notCSDL(source, root.location, "a CSDL JSON document is a JSON object, this one is \(root.kindDescription)")
        }
        guard let version = root.member("$Version") else {
            throw notCSDL(source, root.location, "no \"$Version\" member: this JSON is not a CSDL document")
        }
        guard let versionText = version.value.string else {
            throw notCSDL(source, version.location, "\"$Version\" must be a string, found \(version.value.kindDescription)")
        }
        let document = CsdlDocument()
        document.source = source
        document.edmxVersion = versionText
        let reading = Reading(document: document)
        if let v = ODataVersion(versionString: versionText) {
            document.version = v
        } else {
            reading.warn("unknown-version", "", version.location, "unknown $Version \"\(versionText)\"; reading it as 4.0")
        }
        reading.readDocument(top)
        return document
    }

    /// Reads a CSDL JSON document held in an array.
    package static func read(bytes: [UInt8], source: String) throws -> CsdlDocument {
        try bytes.withUnsafeBytes { try read(bytes: $0, source: source) }
    }

    private static func notCSDL(_ source: String, _ location: SourceLocation, _ message: String) -> MetadataError {
        MetadataError(source: source, MetadataIssue(.error, code: "not-csdl", location: location, message))
    }

    /// One reading of one document: walks the JSON tree, builds elements, records warnings.
    struct Reading {
        typealias Member = JSONNode.Member
        let document: CsdlDocument

        func readDocument(_ members: [Member]) {
            for m in members {
                switch m.key {
                case "$Version": break
                case "$EntityContainer": document.entityContainerName = string(m, "")
                case "$Reference": readReferences(m)
                default:
                    if m.key.hasPrefix("@") {
                        warn("ignored-annotation", "", m.location, "annotation \(m.key) on the document is not kept")
                    } else if m.key.hasPrefix("$") {
                        unknownMember(m, "")
                    } else {
                        readSchema(m)
                    }
                }
            }
        }

        // MARK: References

        func readReferences(_ m: Member) {
            guard let refs = object(m, "") else { return }
            for r in refs {
                let path = "$Reference/\(r.key)"
                guard let members = object(r, path) else { continue }
                var reference = CsdlReference(uri: r.key)
                for x in members where !x.key.hasPrefix("@") {
                    switch x.key {
                    case "$Include":
                        for item in objects(x, path) {
                            var namespace: String?, alias: String?
                            for f in item.members where !f.key.hasPrefix("@") {
                                switch f.key {
                                case "$Namespace": namespace = string(f, path)
                                case "$Alias": alias = string(f, path)
                                default: unknownMember(f, path)
                                }
                            }
                            guard let ns = namespace else {
                                warn("missing-member", path, item.location, "$Include without $Namespace"); continue
                            }
                            reference.includes.append(.init(namespace: ns, alias: alias))
                        }
                    case "$IncludeAnnotations":
                        for item in objects(x, path) {
                            var include = CsdlReference.IncludeAnnotations(termNamespace: "", qualifier: nil, targetNamespace: nil)
                            var hasTermNamespace = false
                            for f in item.members where !f.key.hasPrefix("@") {
                                switch f.key {
                                case "$TermNamespace":
                                    if let s = string(f, path) { include.termNamespace = s; hasTermNamespace = true }
                                case "$Qualifier": include.qualifier = string(f, path)
                                case "$TargetNamespace": include.targetNamespace = string(f, path)
                                default: unknownMember(f, path)
                                }
                            }
                            guard hasTermNamespace else {
                                warn("missing-member", path, item.location, "$IncludeAnnotations without $TermNamespace"); continue
                            }
                            reference.includeAnnotations.append(include)
                        }
                    default: unknownMember(x, path)
                    }
                }
                document.references.append(reference)
            }
        }

        // MARK: Schemas

        func readSchema(_ m: Member) {
            guard let members = object(m, m.key) else { return }
            let schema = CsdlSchema(namespace: m.key, alias: nil, location: m.location)
            for x in members where !x.key.hasPrefix("@") {
                switch x.key {
                case "$Alias": schema.alias = string(x, schema.namespace)
                case "$Annotations": readAnnotationsBlocks(x, into: schema)
                case "$Kind":
                    if x.value.string != "Schema" { unknownKind(x.value.scalarText ?? x.value.kindDescription, schema.namespace, x.location) }
                default:
                    if x.key.hasPrefix("$") {
                        unknownMember(x, schema.namespace)
                    } else if x.key.containsAtSign {
                        warn("ignored-annotation", schema.namespace, x.location,
                             "annotation \(x.key) beside a schema element is not kept: annotations belong inside the element")
                    } else {
                        readSchemaElement(x, into: schema)
                    }
                }
            }
            applyAnnotations(members, to: schema, path: schema.namespace)
            document.schemas.append(schema)
        }

        func readSchemaElement(_ m: Member, into schema: CsdlSchema) {
            let path = "\(schema.namespace).\(m.key)"
            if let overloads = m.value.array {
                readOperations(m, overloads, into: schema)
                return
            }
            guard let members = m.value.members else {
                warn("invalid-value", path, m.location, "a schema element must be an object (or an array of overloads), found \(m.value.kindDescription)")
                return
            }
            guard let kindMember = members.first(where: { $0.key == "$Kind" }) else {
                warn("unknown-kind", path, m.location, "schema element without $Kind is ignored")
                return
            }
            switch kindMember.value.string {
            case "EntityType": readStructuredType(m, members, isEntity: true, into: schema)
            case "ComplexType": readStructuredType(m, members, isEntity: false, into: schema)
            case "EnumType": readEnumType(m, members, into: schema)
            case "TypeDefinition": readTypeDefinition(m, members, into: schema)
            case "Term": readTerm(m, members, into: schema)
            case "EntityContainer": readContainer(m, members, into: schema)
            case "Action", "Function":
                warn("invalid-value", path, m.location, "an action or function is written as an array of overloads")
                readOperations(m, [m.value], into: schema)
            default:
                unknownKind(kindMember.value.scalarText ?? kindMember.value.kindDescription, path, kindMember.location)
            }
        }

        // MARK: Typed member access, with warnings

        func warn(_ code: String, _ path: String, _ location: SourceLocation, _ message: String) {
            document.issues.append(MetadataIssue(.warning, code: code, path: path, location: location, message))
        }

        func unknownMember(_ m: Member, _ path: String) {
            warn("unknown-member", path, m.location, "unknown member \(m.key) is ignored")
        }

        func unknownKind(_ kind: String, _ path: String, _ location: SourceLocation) {
            warn("unknown-kind", path, location, "unknown $Kind \(kind) is ignored")
        }

        func wrongType(_ m: Member, _ path: String, expected: String) {
            warn("invalid-value", path, m.value.location, "\(m.key) must be \(expected), found \(m.value.kindDescription)")
        }

        func string(_ m: Member, _ path: String) -> String? {
            if let s = m.value.string { return s }
            wrongType(m, path, expected: "a string")
            return nil
        }

        func bool(_ m: Member, _ path: String) -> Bool? {
            if let b = m.value.bool { return b }
            wrongType(m, path, expected: "true or false")
            return nil
        }

        func integer(_ m: Member, _ path: String) -> Int? {
            if case .number(let text, true) = m.value.value, let n = Int(text) { return n }
            wrongType(m, path, expected: "an integer")
            return nil
        }

        func object(_ m: Member, _ path: String) -> [Member]? {
            if let o = m.value.members { return o }
            wrongType(m, path, expected: "an object")
            return nil
        }

        func array(_ m: Member, _ path: String) -> [JSONNode]? {
            if let a = m.value.array { return a }
            wrongType(m, path, expected: "an array")
            return nil
        }

        /// The objects in an array member (other items are warned about and skipped).
        func objects(_ m: Member, _ path: String) -> [(members: [Member], location: SourceLocation)] {
            guard let items = array(m, path) else { return [] }
            return items.compactMap { item in
                guard let o = item.members else {
                    warn("invalid-value", path, item.location, "items of \(m.key) must be objects, found \(item.kindDescription)")
                    return nil
                }
                return (o, item.location)
            }
        }

        /// The strings in an array member.
        func strings(_ m: Member, _ path: String) -> [String] {
            guard let items = array(m, path) else { return [] }
            return items.compactMap { item in
                if let s = item.string { return s }
                warn("invalid-value", path, item.location, "items of \(m.key) must be strings, found \(item.kindDescription)")
                return nil
            }
        }
    }
}

extension String {
    /// True when the text has an `@` (an annotation name): a byte search, as Foundation's `contains` is slow.
    var containsAtSign: Bool { utf8.contains(UInt8(ascii: "@")) }
}
