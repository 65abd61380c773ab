/// Value help for a property, from SAP's `Common.ValueList`: the entity set that lists the allowed values and how
/// its properties map to the annotated one.
public struct ValueListMapping: Sendable, Equatable {
    /// How a value-list property relates to a local one.
    public enum ParameterKind: String, Sendable {
        /// `ValueListParameterIn`: the local value filters the list.
        case input = "In"
        /// `ValueListParameterOut`: the chosen entry's value goes to the local property.
        case output = "Out"
        /// `ValueListParameterInOut`: both.
        case inOut = "InOut"
        /// `ValueListParameterDisplayOnly`: shown to help choose (a description).
        case displayOnly = "DisplayOnly"
        /// `ValueListParameterConstant`: a fixed filter value.
        case constant = "Constant"
    }
    /// One parameter of a value list.
    public struct Parameter: Sendable, Equatable {
        /// How the parameter relates the two properties.
        public var kind: ParameterKind
        /// The local property (a path from the annotated property's type), for In, Out and InOut.
        public var localProperty: String?
        /// The property of the value-list entity.
        public var valueListProperty: String
        /// The constant of a `Constant` parameter.
        public var constant: String?
        /// A value-list parameter.
        public init(kind: ParameterKind, localProperty: String?, valueListProperty: String, constant: String? = nil) {
            self.kind = kind; self.localProperty = localProperty; self.valueListProperty = valueListProperty; self.constant = constant
        }
    }

    /// The entity set (`CollectionPath`) that lists the values.
    public var collectionPath: String
    /// `CollectionRoot`: another service holds the set (nil: this one).
    public var collectionRoot: String?
    /// `Label`: a title for the value help.
    public var label: String?
    /// The qualifier of the `Common.ValueList` annotation, when the property has several.
    public var qualifier: String?
    /// `SearchSupported`: the set takes `$search` (V2: `search=`).
    public var searchSupported: Bool
    /// `Common.ValueListWithFixedValues` or `sap:value-list="fixed-values"` on the property.
    public var fixedValues: Bool
    /// `Parameters`: how the value-list properties map to the annotated type's.
    public var parameters: [Parameter]

    /// A value list with its set and parameters.
    public init(collectionPath: String, collectionRoot: String? = nil, label: String? = nil, qualifier: String? = nil,
                searchSupported: Bool = false, fixedValues: Bool = false, parameters: [Parameter]) {
        self.collectionPath = collectionPath; self.collectionRoot = collectionRoot; self.label = label; self.qualifier = qualifier
        self.searchSupported = searchSupported; self.fixedValues = fixedValues; self.parameters = parameters
    }

    /// The value-list property that holds the annotated property's value: the Out or InOut parameter whose local
    /// property is `propertyName`, else the first Out or InOut one.
    public func valueProperty(for propertyName: String) -> String? {
        let outs = parameters.filter { $0.kind == .inOut || $0.kind == .output }
        return (outs.first { $0.localProperty == propertyName } ?? outs.first)?.valueListProperty
    }

    /// The first DisplayOnly property that is not the value: the entry's description.
    public func descriptionProperty(for propertyName: String) -> String? {
        let value = valueProperty(for: propertyName)
        return parameters.first { $0.kind == .displayOnly && $0.valueListProperty != value }?.valueListProperty
    }

    /// The value lists of a property, unqualified first.
    static func of(_ property: Property) -> [ValueListMapping] {
        let fixed = property.hasFixedValues
        let all = property.annotations(of: VocabularyTerm.valueList).compactMap { a -> ValueListMapping? in
            guard let v = a.value, case .constant(_, let path)? = v[property: "CollectionPath"], !path.isEmpty else { return nil }
            var params: [Parameter] = []
            for item in v[property: "Parameters"]?.items ?? [] {
                guard let type = item.recordType, let kind = kind(ofRecordType: type) else { continue }
                let local = item[property: "LocalDataProperty"]?.pathValue
                guard case .constant(_, let vl)? = item[property: "ValueListProperty"] else { continue }
                var constant: String?
                if case .constant(_, let c)? = item[property: "Constant"] { constant = c }
                params.append(Parameter(kind: kind, localProperty: local, valueListProperty: vl, constant: constant))
            }
            var root: String?
            if case .constant(_, let r)? = v[property: "CollectionRoot"], !r.isEmpty { root = r }
            var label: String?
            if case .constant(_, let l)? = v[property: "Label"] { label = l }
            return ValueListMapping(collectionPath: path, collectionRoot: root, label: label, qualifier: a.qualifier,
                                    searchSupported: v[property: "SearchSupported"]?.boolValue ?? false, fixedValues: fixed,
                                    parameters: params)
        }
        return all.filter { $0.qualifier == nil } + all.filter { $0.qualifier != nil }
    }

    private static func kind(ofRecordType type: String) -> ParameterKind? {
        guard let dot = type.lastIndex(of: ".") else { return nil }
        let name = type[type.index(after: dot)...]
        guard name.hasPrefix("ValueListParameter") else { return nil }
        return ParameterKind(rawValue: String(name.dropFirst("ValueListParameter".count)))
    }
}
