// Entity containers and their sets, singletons and imports.
extension MetadataComparison {
    func compareContainers() {
        let olds = old.entityContainers, news = new.entityContainers
        var byName: [String: EntityContainer] = [:]
        for c in news where byName[c.qualifiedName] == nil { byName[c.qualifiedName] = c }
        var pairs: [(EntityContainer, EntityContainer)] = []
        var unmatchedOld: [EntityContainer] = []
        var matchedNew = Set<ObjectIdentifier>()
        for c in olds {
            if let n = byName[c.qualifiedName], matchedNew.insert(ObjectIdentifier(n)).inserted { pairs.append((c, n)) }
            else { unmatchedOld.append(c) }
        }
        var unmatchedNew = news.filter { !matchedNew.contains(ObjectIdentifier($0)) }
        // A service has one container; when its name alone changed, compare what it holds.
        if unmatchedOld.count == 1, unmatchedNew.count == 1 {
            pairs.append((unmatchedOld[0], unmatchedNew[0])); unmatchedOld = []; unmatchedNew = []
        }
        for (o, n) in pairs {
            if o.isRemoved { added(n.name, .entityContainer, .containerAdded, n) } else { compareContainer(o, n) }
        }
        for o in unmatchedOld {
            if o.isRemoved { removals.append(.schemaElement(o)) }
            else { removed(o.name, .entityContainer, .elementRemoved, o, carry: .schemaElement(o)) }
        }
        for n in unmatchedNew { added(n.name, .entityContainer, .containerAdded, n) }
    }

    static func kind(of e: CsdlElement) -> MetadataChange.ElementKind {
        switch e {
        case is EntitySet: return .entitySet
        case is Singleton: return .singleton
        case is FunctionImport: return .functionImport
        default: return .actionImport
        }
    }

    private func compareContainer(_ o: EntityContainer, _ n: EntityContainer) {
        let base = o.name
        if o.qualifiedName != n.qualifiedName {
            emit(base, .entityContainer, .renamed, .containerRenamed, old: o.qualifiedName, new: n.qualifiedName)
        }
        differ(base, .entityContainer, .traitChanged, .containerElementChanged, aspect: "Extends",
               o.extends.map(old.resolveAlias), n.extends.map(new.resolveAlias))
        compareAnnotations(o, n, path: base, element: .entityContainer)

        // Every child by name: entity sets, singletons and imports share one namespace in a container.
        func children(_ c: EntityContainer) -> [CsdlElement] {
            c.entitySets as [CsdlElement] + c.singletons + c.functionImports + c.actionImports
        }
        var newChildren: [String: CsdlElement] = [:]
        for e in children(n) where newChildren[e.name] == nil { newChildren[e.name] = e }
        var oldNames = Set<String>()
        for e in children(o) where oldNames.insert(e.name).inserted {
            let path = "\(base)/\(e.name)"
            let kind = Self.kind(of: e)
            let m = newChildren[e.name]
            if e.isRemoved {
                if let m = m { added(path, Self.kind(of: m), Self.addedRule(m), m) }
                else { removals.append(.containerElement(e, into: n)) }
                continue
            }
            guard let m = m else {
                removed(path, kind, .elementRemoved, e, carry: .containerElement(e, into: n))
                continue
            }
            let newKind = Self.kind(of: m)
            if newKind != kind {
                emit(path, kind, .kindChanged, .elementKindChanged, old: kind.words, new: newKind.words)
                continue
            }
            switch (e, m) {
            case let (a as ContainerElement, b as ContainerElement): compareContainerElement(a, b, path: path, kind: kind)
            case let (a as FunctionImport, b as FunctionImport): compareFunctionImport(a, b, path: path)
            case let (a as ActionImport, b as ActionImport): compareActionImport(a, b, path: path)
            default: break
            }
        }
        var addedNames = Set<String>()
        for e in children(n) where !oldNames.contains(e.name) && addedNames.insert(e.name).inserted {
            added("\(base)/\(e.name)", Self.kind(of: e), Self.addedRule(e), e)
        }
    }

    private static func addedRule(_ e: CsdlElement) -> CompatibilityRule {
        e is ContainerElement ? .entitySetAdded : .importAdded
    }

    private func compareContainerElement(_ o: ContainerElement, _ n: ContainerElement, path: String, kind: MetadataChange.ElementKind) {
        differ(path, kind, .typeChanged, .entitySetTypeChanged, o.type.qualifiedName, n.type.qualifiedName)
        if let a = o as? EntitySet, let b = n as? EntitySet, a.includeInServiceDocument != b.includeInServiceDocument {
            emit(path, kind, .traitChanged, .containerElementChanged, aspect: "IncludeInServiceDocument",
                 old: value(a.includeInServiceDocument), new: value(b.includeInServiceDocument))
        }
        // `Container/Set` and `Set` name the same target.
        func normalized(_ t: String) -> String {
            let segments = t.split(separator: "/", omittingEmptySubsequences: false)
            if segments.count > 1, segments[0].contains(".") { return segments.dropFirst().joined(separator: "/") }
            return t
        }
        var newBindings: [String: String] = [:]
        for b in n.navigationPropertyBindings where newBindings[b.path] == nil { newBindings[b.path] = normalized(b.target) }
        var oldPaths = Set<String>()
        for b in o.navigationPropertyBindings where oldPaths.insert(b.path).inserted {
            let t = normalized(b.target)
            guard let nt = newBindings[b.path] else {
                emit(path, kind, .bindingRemoved, .bindingChanged, aspect: b.path, old: t)
                continue
            }
            if nt != t { emit(path, kind, .bindingChanged, .bindingChanged, aspect: b.path, old: t, new: nt) }
        }
        var addedPaths = Set<String>()
        for b in n.navigationPropertyBindings where !oldPaths.contains(b.path) && addedPaths.insert(b.path).inserted {
            emit(path, kind, .bindingAdded, .bindingChanged, aspect: b.path, new: normalized(b.target))
        }
        compareAnnotations(o, n, path: path, element: kind)
    }

    private func compareFunctionImport(_ o: FunctionImport, _ n: FunctionImport, path: String) {
        let rule = CompatibilityRule.containerElementChanged
        differ(path, .functionImport, .traitChanged, rule, aspect: "Function", o.function.map(old.resolveAlias), n.function.map(new.resolveAlias))
        differ(path, .functionImport, .traitChanged, rule, aspect: "EntitySet", o.entitySet, n.entitySet)
        differ(path, .functionImport, .traitChanged, rule, aspect: "HttpMethod", o.httpMethod, n.httpMethod)
        if o.function != nil || n.function != nil, o.includeInServiceDocument != n.includeInServiceDocument {
            emit(path, .functionImport, .traitChanged, rule, aspect: "IncludeInServiceDocument",
                 old: value(o.includeInServiceDocument), new: value(n.includeInServiceDocument))
        }
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsSideEffecting", o.isSideEffecting.map(value), n.isSideEffecting.map(value))
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsBindable", o.isBindable.map(value), n.isBindable.map(value))
        differ(path, .functionImport, .traitChanged, rule, aspect: "IsComposable", o.isComposable.map(value), n.isComposable.map(value))
        // V2/V3 function imports are the operations themselves: their parameters and results follow the operation rules.
        compareParameters(o.parameters, n.parameters, base: path, bound: false, omittable: true)
        compareReturnTypes(o.returnType, n.returnType, path: "\(path)/$ReturnType")
        compareAnnotations(o, n, path: path, element: .functionImport)
    }

    private func compareActionImport(_ o: ActionImport, _ n: ActionImport, path: String) {
        let rule = CompatibilityRule.containerElementChanged
        differ(path, .actionImport, .traitChanged, rule, aspect: "Action", old.resolveAlias(o.action), new.resolveAlias(n.action))
        differ(path, .actionImport, .traitChanged, rule, aspect: "EntitySet", o.entitySet, n.entitySet)
        compareAnnotations(o, n, path: path, element: .actionImport)
    }
}
