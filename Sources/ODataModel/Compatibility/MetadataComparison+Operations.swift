// Actions and functions, matched by overload, with their parameters and return types.
extension MetadataComparison {
    /// What tells overloads apart (OData CSDL 4.01, 12.1 and 12.2): the binding parameter's type, and for functions
    /// the names of the other parameters.
    private static func overloadKey(_ o: Operation) -> String {
        var key = o.kind.rawValue
        key += o.isBound ? "|" + (o.parameters.first?.type.description ?? "") : "|-"
        if o.kind == .function {
            key += "|" + o.parameters.dropFirst(o.isBound ? 1 : 0).map(\.name).sorted().joined(separator: ",")
        }
        return key
    }

    func compareOperations() {
        var done = Set<String>()
        for o in old.actions + old.functions where done.insert(o.qualifiedName).inserted {
            let olds = old.operationsByName[o.qualifiedName] ?? []
            var news = new.operationsByName[o.qualifiedName] ?? []
            var unmatched: [Operation] = []
            var newByKey: [String: Int] = [:]
            for (i, n) in news.enumerated() where newByKey[Self.overloadKey(n)] == nil { newByKey[Self.overloadKey(n)] = i }
            var taken = Set<Int>()
            var pairs: [(Operation, Operation)] = []
            for op in olds {
                if let i = newByKey[Self.overloadKey(op)], !taken.contains(i) { taken.insert(i); pairs.append((op, news[i])) }
                else { unmatched.append(op) }
            }
            news = news.enumerated().filter { !taken.contains($0.offset) }.map(\.element)
            // One overload left on each side, of the same kind and binding: the same operation with other parameters.
            if unmatched.count == 1, news.count == 1, let a = unmatched.first, let b = news.first, a.kind == b.kind, a.isBound == b.isBound,
               !a.isBound || a.parameters.first?.type.description == b.parameters.first?.type.description {
                pairs.append((a, b)); unmatched = []; news = []
            }
            for (a, b) in pairs {
                if a.isRemoved { added(b.signature, Self.kind(of: b), .operationAdded, b) } else { compareOperation(a, b) }
            }
            for a in unmatched {
                if a.isRemoved { removals.append(.operation(a)) }
                else { removed(a.signature, Self.kind(of: a), .elementRemoved, a, carry: .operation(a)) }
            }
            for b in news { added(b.signature, Self.kind(of: b), .operationAdded, b) }
        }
        for n in new.actions + new.functions where old.operationsByName[n.qualifiedName] == nil {
            added(n.signature, Self.kind(of: n), .operationAdded, n)
        }
    }

    static func kind(of o: Operation) -> MetadataChange.ElementKind { o.kind == .action ? .action : .function }

    private func compareOperation(_ o: Operation, _ n: Operation) {
        let path = o.signature
        let kind = Self.kind(of: o)
        compareParameters(o.parameters, n.parameters, base: path, bound: o.isBound && n.isBound, omittable: o.kind == .action)
        compareReturnTypes(o.returnType, n.returnType, path: "\(path)/$ReturnType")
        if o.isComposable != n.isComposable {
            emit(path, kind, .traitChanged, .operationTraitChanged, aspect: "IsComposable", old: value(o.isComposable), new: value(n.isComposable))
        }
        differ(path, kind, .traitChanged, .operationTraitChanged, aspect: "EntitySetPath", o.entitySetPath, n.entitySetPath)
        // Annotations of the return type are kept on the operation with the target `$ReturnType`.
        let isReturn: (CsdlAnnotation) -> Bool = { $0.target == "$ReturnType" }
        compareAnnotationLists(o.annotations.filter { !isReturn($0) }, n.annotations.filter { !isReturn($0) }, path: path, element: kind)
        compareAnnotationLists(o.annotations.filter(isReturn), n.annotations.filter(isReturn), path: "\(path)/$ReturnType", element: .returnType)
        compareAttributes(o, n, path: path, element: kind)
    }

    /// Parameters by name (the binding parameter by position: callers never name it). `omittable`: a nullable
    /// parameter may be left out of a call (actions, V2/V3 function imports).
    func compareParameters(_ o: [Parameter], _ n: [Parameter], base: String, bound: Bool, omittable: Bool) {
        var os = o[...], ns = n[...]
        if bound, let ob = os.first, let nb = ns.first {
            let pp = "\(base)/\(ob.name)"
            if ob.name != nb.name { emit(pp, .parameter, .renamed, .bindingParameterRenamed, old: ob.name, new: nb.name) }
            compareParameter(ob, nb, path: pp)
            os = os.dropFirst(); ns = ns.dropFirst()
        }
        var byName: [String: Parameter] = [:]
        for p in ns where byName[p.name] == nil { byName[p.name] = p }
        var oldNames = Set<String>()
        for p in os where oldNames.insert(p.name).inserted {
            let pp = "\(base)/\(p.name)"
            if let np = byName[p.name] { compareParameter(p, np, path: pp) }
            else { removed(pp, .parameter, .elementRemoved, p, carry: nil) }   // a parameter list is a signature: not carried
        }
        for p in ns where !oldNames.contains(p.name) {
            let optional = omittable && p.isNullable || p.annotation(term: "Org.OData.Core.V1.OptionalParameter") != nil
            added("\(base)/\(p.name)", .parameter, optional ? .optionalParameterAdded : .parameterAdded, p)
        }
        let oldOrder = os.map(\.name).filter { byName[$0] != nil }
        let newOrder = ns.map(\.name).filter { oldNames.contains($0) }
        if oldOrder != newOrder {
            emit(base, .parameter, .orderChanged, .parameterOrderChanged, aspect: "parameter order",
                 old: oldOrder.joined(separator: ","), new: newOrder.joined(separator: ","))
        }
    }

    private func compareParameter(_ o: Parameter, _ n: Parameter, path: String) {
        compareTyped(o, n, path: path, .parameter, typeRule: .parameterTypeChanged, nullabilityRule: .parameterNullabilityChanged)
        differ(path, .parameter, .traitChanged, .containerElementChanged, aspect: "Mode", o.mode, n.mode)
        compareAnnotations(o, n, path: path, element: .parameter)
    }

    func compareReturnTypes(_ o: ReturnType?, _ n: ReturnType?, path: String) {
        guard let o = o, let n = n else {
            if o != nil || n != nil {
                emit(path, .returnType, .typeChanged, .returnTypeChanged, old: o?.type.description, new: n?.type.description)
            }
            return
        }
        compareTyped(o, n, path: path, .returnType, typeRule: .returnTypeChanged, nullabilityRule: .returnNullabilityChanged)
    }
}
