// Annotations and foreign (non-CSDL) attributes of any element.
extension MetadataComparison {
    func compareAnnotations(_ o: CsdlElement, _ n: CsdlElement, path: String, element: MetadataChange.ElementKind) {
        if !o.annotations.isEmpty || !n.annotations.isEmpty {
            compareAnnotationLists(o.annotations, n.annotations, path: path, element: element)
        }
        compareAttributes(o, n, path: path, element: element)
    }

    func compareAnnotationLists(_ o: [CsdlAnnotation], _ n: [CsdlAnnotation], path: String, element: MetadataChange.ElementKind) {
        if o.isEmpty && n.isEmpty { return }
        if o.count == n.count, zip(o, n).allSatisfy({ $0.term == $1.term && $0.qualifier == $1.qualifier && AnnotationText.same($0, $1) }) {
            return
        }
        var byKey: [String: CsdlAnnotation] = [:]
        for a in n where byKey[a.key] == nil { byKey[a.key] = a }
        var oldKeys = Set<String>()
        for a in o where oldKeys.insert(a.key).inserted {
            guard let b = byKey[a.key] else {
                emit(path, element, .annotationRemoved, .annotationRemoved, aspect: "@" + a.key, old: AnnotationText.text(a))
                continue
            }
            if !AnnotationText.same(a, b) {
                emit(path, element, .annotationChanged, .annotationChanged, aspect: "@" + a.key, old: AnnotationText.text(a), new: AnnotationText.text(b))
            }
        }
        var addedKeys = Set<String>()
        for a in n where !oldKeys.contains(a.key) && addedKeys.insert(a.key).inserted {
            emit(path, element, .annotationAdded, .annotationAdded, aspect: "@" + a.key, new: AnnotationText.text(a))
        }
    }

    /// Foreign attributes the model already reads into its own fields (compared there).
    private static let interpreted: Set<String> = [
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|HasStream",
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|HttpMethod",
        "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata|IsDefaultEntityContainer",
    ]

    func compareAttributes(_ o: CsdlElement, _ n: CsdlElement, path: String, element: MetadataChange.ElementKind) {
        let oa = o.foreignAttributes, na = n.foreignAttributes
        if oa.isEmpty && na.isEmpty || oa == na { return }
        func key(_ a: ForeignAttribute) -> String { a.namespace + "|" + a.localName }
        var byKey: [String: ForeignAttribute] = [:]
        for a in na where byKey[key(a)] == nil { byKey[key(a)] = a }
        var oldKeys = Set<String>()
        for a in oa where oldKeys.insert(key(a)).inserted && !Self.interpreted.contains(key(a)) {
            let b = byKey[key(a)]
            if b?.value != a.value {
                emit(path, element, .attributeChanged, .attributeChanged, aspect: (b ?? a).qualifiedName, old: a.value, new: b?.value)
            }
        }
        for b in na where !oldKeys.contains(key(b)) && !Self.interpreted.contains(key(b)) {
            oldKeys.insert(key(b))
            emit(path, element, .attributeChanged, .attributeChanged, aspect: b.qualifiedName, new: b.value)
        }
    }
}
