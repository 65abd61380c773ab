import FoundationEssentials

/// Annotations: targets looked up, attached to their elements, and the paths inside them checked.
extension ModelResolver {
    /// Where an `Annotations` block's target leads.
    enum TargetLookup {
        case found(CsdlElement, sub: String?)
        case missing
    }

    /// Replaces aliases in the terms of every annotation (inline ones and those of blocks) and in block targets, and
    /// looks the targets up (members resolved).
    func prepareAnnotations() -> AnnotationTargets {
        let hasAliases = !doc.aliasToNamespace.isEmpty
        // Qualified names inside values (record types, labeled element references) are written with aliases too.
        // Returns nil when nothing changes, so that values already resolved (the XML reader does it) cost no copies.
        func fixValue(_ e: AnnotationExpression) -> AnnotationExpression? {
            switch e {
            case .record(let type, let props):
                let newType = type.map(doc.resolveAlias)
                var changed = newType != type
                var newProps = props
                for i in props.indices { if let v = fixValue(props[i].value) { newProps[i].value = v; changed = true } }
                return changed ? .record(type: newType, properties: newProps) : nil
            case .collection(let items):
                var changed = false
                var newItems = items
                for i in items.indices { if let v = fixValue(items[i]) { newItems[i] = v; changed = true } }
                return changed ? .collection(newItems) : nil
            case .dynamic("LabeledElementReference", let attrs, let ops):
                guard case .constant(let k, let v)? = ops.first, doc.resolveAlias(v) != v else { return nil }
                return .dynamic(name: "LabeledElementReference", attributes: attrs, operands: [.constant(kind: k, value: doc.resolveAlias(v))])
            case .dynamic(let name, let attrs, let ops):
                var changed = false
                var newOps = ops
                for i in ops.indices { if let v = fixValue(ops[i]) { newOps[i] = v; changed = true } }
                return changed ? .dynamic(name: name, attributes: attrs, operands: newOps) : nil
            default: return nil
            }
        }
        func fixTerms(_ list: inout [CsdlAnnotation]) {
            for i in list.indices {
                list[i].term = doc.resolveAlias(list[i].termAsWritten)
                if hasAliases, let v = list[i].value, let fixed = fixValue(v) { list[i].value = fixed }
                fixTerms(&list[i].annotations)
            }
        }
        func fixAll(_ e: CsdlElement) { if !e.annotations.isEmpty { fixTerms(&e.annotations) } }
        // The XML reader resolves aliases in terms and values as it builds them; unless an alias that one of them
        // could use was declared (or an alias changed) after it first did, there is nothing left to do here.
        let termsResolved = doc.annotationAliasesSettled
        for s in doc.schemas where !termsResolved {
            fixAll(s)
            for t in s.entityTypes as [StructuredType] + s.complexTypes {
                fixAll(t)
                t.ownProperties.forEach(fixAll)
                t.ownNavigationProperties.forEach(fixAll)
            }
            for e in s.enumTypes { fixAll(e); e.members.forEach(fixAll) }
            s.typeDefinitions.forEach(fixAll)
            s.terms.forEach(fixAll)
            for o in s.actions + s.functions { fixAll(o); o.parameters.forEach(fixAll) }
            for c in s.entityContainers {
                fixAll(c)
                c.entitySets.forEach(fixAll); c.singletons.forEach(fixAll)
                for f in c.functionImports { fixAll(f); f.parameters.forEach(fixAll) }
                c.actionImports.forEach(fixAll)
            }
        }
        var targets = AnnotationTargets()
        for s in doc.schemas {
            for b in s.annotationsBlocks {
                if !termsResolved { fixTerms(&b.annotations) }
                b.resolvedTarget = resolveTargetAliases(b.target)
                let lookup = element(forTarget: b.resolvedTarget)
                if b.target.isEmpty { targets.namespaceOfUntargeted[targets.lookups.count] = s.namespace }
                targets.lookups.append(lookup)
                targets.blocks.append(b)
            }
        }
        return targets
    }

    /// Attaches the annotations of `Annotations` blocks to their targets, in document order, and checks their paths.
    func attachAnnotations(_ targets: AnnotationTargets) {
        let blocks = targets.blocks, lookups = targets.lookups
        for i in blocks.indices {
            let b = blocks[i]
            guard case .found(let element, let sub) = lookups[i] else {
                // A block without a target names its schema.
                let namespace = targets.namespaceOfUntargeted[i] ?? ""
                warn("unresolved-target", b, path: b.target.isEmpty ? "\(namespace)/Annotations" : b.target,
                     b.target.isEmpty ? "Annotations without a target" : "annotation target \(b.target) does not exist in the model")
                continue
            }
            guard sub == nil else {
                // `$ReturnType`: the annotations the operation gets name it as their target, the block's do not.
                for var a in b.annotations {
                    a.target = sub
                    if a.qualifier == nil { a.qualifier = b.qualifier }
                    checkPaths(a, on: element, blockLocation: b)
                    element.annotations.append(a)
                }
                continue
            }
            // The block's annotations get their target (and the block's qualifier) where they are, and the target
            // shares them: most targets get their first annotations here, and take the block's array as it is.
            let qualifier = b.qualifier
            b.annotations.withUnsafeMutableBufferPointer { list in
                for i in list.indices {
                    list[i].target = b.target
                    if list[i].qualifier == nil, let qualifier { list[i].qualifier = qualifier }
                }
            }
            for a in b.annotations { checkPaths(a, on: element, blockLocation: b) }
            if element.annotations.isEmpty {
                element.annotations = b.annotations
            } else {
                element.annotations.append(contentsOf: b.annotations)
            }
        }
    }

    /// Inline annotations of types, their properties and entity sets: their paths must lead somewhere too.
    func checkInlineAnnotationPaths() {
        // The path names the element in warnings only: made for elements with inline annotations, not for each.
        func check(_ e: CsdlElement, _ path: @autoclosure () -> String) {
            guard !e.annotations.isEmpty else { return }
            let host = path()
            for a in e.annotations where a.target == nil { checkPaths(a, on: e, blockLocation: e, inlineOn: host) }
        }
        for s in doc.schemas {
            for t in s.entityTypes as [StructuredType] + s.complexTypes {
                check(t, t.qualifiedName)
                for p in t.ownProperties { check(p, "\(t.qualifiedName)/\(p.name)") }
            }
            for c in s.entityContainers {
                for e in c.entitySets as [ContainerElement] + c.singletons { check(e, "\(c.name)/\(e.name)") }
            }
        }
    }

    /// Property and navigation property paths inside an annotation on a type or entity set must lead somewhere.
    private func checkPaths(_ a: CsdlAnnotation, on element: CsdlElement, blockLocation: CsdlElement, inlineOn host: String? = nil) {
        let context: StructuredType?
        switch element {
        case let t as StructuredType: context = t
        case let s as ContainerElement: context = s.entityTypeIfResolved
        // Paths in an annotation of a property start at the type that declares it.
        case let p as Property: context = p.declaringType
        default: context = nil
        }
        guard let type = context, let value = a.value else { return }
        func walk(_ e: AnnotationExpression) {
            switch e {
            case .path(let kind, let path) where kind == "PropertyPath" || kind == "NavigationPropertyPath" || kind == "Path":
                // An empty navigation path means the annotated instance itself (SAP's SideEffects use it).
                if kind != "PropertyPath" && path.isEmpty { return }
                if !pathResolves(path, from: type) {
                    // At the annotation's own line:column when known, else the block's; the problem goes to the block.
                    let issue = MetadataIssue(.warning, code: "unresolved-path", path: "\(a.target ?? host ?? "")@\(a.term)",
                                              location: a.location == .unknown ? blockLocation.location : a.location,
                                              path.isEmpty ? "\(kind) is empty" : "\(kind) \(path) does not exist on \(type.qualifiedName)")
                    doc.issues.append(issue)
                    blockLocation.problems.append(issue)
                }
            // Constants hold no path: passed over where they lie (walking one copies it, retaining its strings).
            case .record(_, let props):
                for i in props.indices {
                    if case .constant = props[i].value { continue }
                    walk(props[i].value)
                }
            case .collection(let items):
                for i in items.indices {
                    if case .constant = items[i] { continue }
                    walk(items[i])
                }
            case .dynamic(_, _, let ops): ops.forEach(walk)
            default: break
            }
        }
        walk(value)
    }

    private func pathResolves(_ path: String, from type: StructuredType) -> Bool {
        guard !path.isEmpty else { return false }
        // Most paths are one segment (`PropertyPath="PARTNER"`): looked up as they are, with no pieces made.
        guard path.containsByte(UInt8(ascii: "/")) else {
            if case .fails = pathStep(path, from: type) { return false }
            return true
        }
        var current: StructuredType? = type
        for piece in path.splitBytes(UInt8(ascii: "/")) {
            guard let t = current else { return true }   // past a primitive or unknown type: not ours to judge
            switch pathStep(String(piece), from: t) {
            case .into(let next): current = next
            case .resolves: return true
            case .fails: return false
            }
        }
        return true
    }

    /// What one segment of a path leads to from `t`.
    private enum PathStep { case into(StructuredType?), resolves, fails }

    private func pathStep(_ seg: String, from t: StructuredType) -> PathStep {
        // Annotations, wildcards, `$count` and term casts with a qualifier (`vCard.Address#work`) are not checked.
        if seg.utf8.first == UInt8(ascii: "@") || seg.containsByte(UInt8(ascii: "#")) || seg == "*" || seg == "$count" {
            return .resolves
        }
        if let p = t.structuralProperty(named: seg) { return .into(doc.schemaElements[p.type.qualifiedName] as? StructuredType) }
        if let n = t.navigationProperty(named: seg) { return .into(n.target) }
        if seg.containsByte(UInt8(ascii: ".")), let cast = doc.schemaElement(named: seg) as? StructuredType { return .into(cast) }
        // An aggregate (`Analytics.AggregatedProperties`, `Aggregation.CustomAggregate`): a primitive.
        if declaresDynamicProperty(seg, on: t) { return .resolves }
        return .fails
    }

    /// Replaces aliases in every qualified name of a target path, parameter types included.
    private func resolveTargetAliases(_ target: String) -> String {
        guard !doc.aliasToNamespace.isEmpty else { return target }
        // Most targets are `Alias.Type/member`: only the head can hold an alias.
        if !target.containsByte(UInt8(ascii: "(")) {
            guard let slash = target.firstIndex(ofByte: UInt8(ascii: "/")) else { return doc.resolveAlias(target) }
            // Only an alias changes anything: checked on the bytes before a new string is made.
            guard let (namespace, aliasEnd) = doc.aliasPrefix(of: target, before: slash) else { return target }
            return namespace + String(target[aliasEnd...])
        }
        var out = ""
        var tokenStart = target.utf8.startIndex
        func flush(_ end: String.Index) {
            let token = String(target[tokenStart..<end])
            out += token.utf8.contains(UInt8(ascii: ".")) ? doc.resolveAlias(token) : token
        }
        for i in target.utf8.indices {
            let c = target.utf8[i]
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "(") || c == UInt8(ascii: ")") || c == UInt8(ascii: ",") {
                flush(i)
                out.unicodeScalars.append(Unicode.Scalar(c))
                tokenStart = target.utf8.index(after: i)
            }
        }
        flush(target.utf8.endIndex)
        return out
    }

    /// Parameter types of an overload signature, split at top-level commas.
    private func splitSignature(_ sig: String) -> [String] {
        // On the UTF-8 (the separators are ASCII): walking Characters is far slower.
        var out: [String] = []
        let u = sig.utf8
        var start = u.startIndex
        var depth = 0
        for i in u.indices {
            switch u[i] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                out.append(String(sig[start..<i]).trimmingWhitespace())
                start = u.index(after: i)
            default: break
            }
        }
        if start != u.endIndex || !out.isEmpty { out.append(String(sig[start...]).trimmingWhitespace()) }
        return out
    }

    /// The operation a target's head names with an overload signature (`NS.Action(NS.Type)`), nil when none fits.
    func operation(overloadedAs head: String) -> Operation? {
        guard head.utf8.last == UInt8(ascii: ")"), let p = head.firstIndex(ofByte: UInt8(ascii: "(")) else { return nil }
        let name = String(head[..<p])
        let sig = String(head[head.index(after: p)..<head.index(before: head.endIndex)])
        let ops = doc.operationsByName[name] ?? []
        let params = splitSignature(sig)
        // Functions name all parameter types; actions only the binding parameter's (none when unbound). Compared
        // one type at a time: a bound function can have hundreds of overloads (Graph's `delta`).
        func named(_ p: Parameter, _ written: String) -> Bool { p.type.description == written }
        return ops.first(where: { o in
            if params.count == o.parameters.count, zip(o.parameters, params).allSatisfy(named) { return true }
            guard o.isBound, let first = o.parameters.first else { return params.isEmpty }
            return params.count == 1 && named(first, params[0])
        }) ?? (ops.count == 1 ? ops.first : nil)
    }

    /// The element a target path names, and for `$ReturnType` the sub-target.
    func element(forTarget target: String) -> TargetLookup {
        // The head (a qualified name, perhaps with an overload signature in nested parentheses) ends at the first
        // slash outside parentheses; the segments after it are split on the contiguous UTF-8 one at a time. The head
        // is looked up by its bytes: a string made for it, and an array of the segments, would cost an allocation
        // each per target.
        var headEnd = 0
        var overload = false
        var found: SchemaElement?
        let scanned = target.withUTF8Bytes { buf -> Bool in
            var depth = 0
            var i = 0
            while i < buf.count {
                let c = buf[i]
                if c == UInt8(ascii: "(") { depth += 1; overload = true } else if c == UInt8(ascii: ")") {
                    depth -= 1
                    if depth < 0 { return false }
                } else if c == UInt8(ascii: "/"), depth == 0 { break }
                i += 1
            }
            if depth != 0 { return false }
            headEnd = i
            if !overload { found = doc.schemaElements.value(forUTF8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buf[0..<i]))) }
            return true
        }
        guard scanned else { return .missing }
        var current: CsdlElement
        if let e = found {
            current = e
        } else {
            let head = String(target[..<target.utf8.index(target.startIndex, offsetBy: headEnd)])
            if overload {
                guard let op = operation(overloadedAs: head) else { return .missing }
                current = op
            } else if let ops = doc.operationsByName[head], let first = ops.first {
                current = first
            } else {
                return .missing
            }
        }
        let total = target.utf8.count
        var from = headEnd
        while from < total {
            let start = from + 1
            var end = start
            let seg = target.withUTF8Bytes { buf -> String in
                while end < buf.count, buf[end] != UInt8(ascii: "/") { end += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self)
            }
            from = end
            if seg.isEmpty { continue }
            switch current {
            case let t as StructuredType:
                if let p = t.structuralProperty(named: seg) {
                    current = p
                } else if let n = t.navigationProperty(named: seg) {
                    current = n
                } else if let derived = doc.schemaElements[seg] as? StructuredType {
                    current = derived    // a type-cast segment
                } else { return .missing }
            case let p as Property:
                guard let ct = doc.schemaElements[p.type.qualifiedName] as? StructuredType else { return .missing }
                guard let m = ct.structuralProperty(named: seg) ?? nil else {
                    if let n = ct.navigationProperty(named: seg) { current = n; continue }
                    return .missing
                }
                current = m
            case let n as NavigationProperty:
                guard let t = n.target, let m = t.structuralProperty(named: seg) else { return .missing }
                current = m
            case let c as EntityContainer:
                if let s = c.entitySets.first(where: { $0.name == seg }) { current = s }
                else if let s = c.singletons.first(where: { $0.name == seg }) { current = s }
                else if let f = c.functionImports.first(where: { $0.name == seg }) { current = f }
                else if let a = c.actionImports.first(where: { $0.name == seg }) { current = a }
                else { return .missing }
            case let s as ContainerElement:
                guard let t = s.entityTypeIfResolved else { return .missing }
                if let p = t.structuralProperty(named: seg) { current = p }
                else if let n = t.navigationProperty(named: seg) { current = n }
                else { return .missing }
            case let e as EnumType:
                guard let m = e.member(named: seg) else { return .missing }
                current = m
            case let o as Operation:
                if seg == "$ReturnType" { return .found(o, sub: "$ReturnType") }
                guard let p = o.parameter(named: seg) else { return .missing }
                current = p
            case let f as FunctionImport:
                guard let p = f.parameters.first(where: { $0.name == seg }) else { return .missing }
                current = p
            default:
                return .missing
            }
        }
        return .found(current, sub: nil)
    }
}
