import ODataModel

extension CompletionContext.Scope {
    /// The structured type the scope reaches in a model: the resource path's type, then along the navigation
    /// (and complex) path; nil when a name does not resolve.
    public func structuredType(in doc: CsdlDocument) -> StructuredType? {
        guard let first = resource.first else { return nil }
        var t: StructuredType?
        if let s = try? doc.entitySet(withName: first) { t = s.entityTypeIfResolved }
        else if let s = try? doc.singleton(withName: first) { t = s.entityTypeIfResolved }
        for name in resource.dropFirst() + navigation {
            guard let cur = t else { return nil }
            if let n = cur.navigationProperty(named: name) { t = n.target }
            else if let p = cur.structuralProperty(named: name), case .complex(let c) = p.resolvedType { t = c }
            else { return nil }
        }
        return t
    }

    /// The property the scope ends with (for `value(comparedWith:)`), when there is one.
    public func property(in doc: CsdlDocument) -> Property? {
        guard let last = navigation.last else { return nil }
        let parent = CompletionContext.Scope(resource: resource, navigation: Array(navigation.dropLast()))
        return parent.structuredType(in: doc)?.structuralProperty(named: last)
    }

    /// The enumeration type of the property the scope ends with: its members are the values to offer.
    public func enumType(in doc: CsdlDocument) -> EnumType? {
        if case .enumeration(let e)? = property(in: doc)?.resolvedType { return e }
        return nil
    }
}
