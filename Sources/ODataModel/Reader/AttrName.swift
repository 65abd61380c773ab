/// The CSDL attributes the reader looks up by name.
enum AttrName: Int, CaseIterable {
    case Abstract, Action, Alias, AppliesTo, Association, BaseTerm, BaseType, ConcurrencyMode, ContainsTarget, DefaultValue, EntitySet, EntitySetPath, EntityType, Extends, FixedLength, FromRole, Function, HasStream, HttpMethod, IncludeInServiceDocument, IsBindable, IsBound, IsComposable, IsFlags, IsSideEffecting, MaxLength, Mode, Multiplicity, Name, Namespace, Nullable, OpenType, Partner, Path, Precision, Property, Qualifier, ReferencedProperty, Relationship, ReturnType, Role, SRID, Scale, Target, TargetNamespace, TermNamespace, ToRole, type, UnderlyingType, Unicode, Uri, Value, Version

    /// The names as written, by raw value (`type` stands for `Type`, a name Swift keeps for itself). Spelled out
    /// rather than derived from the case names: `"\(case)"` goes through reflection, slow at the first look-up of
    /// every run (`AttrNameTests` checks the two agree).
    static let names = [
        "Abstract", "Action", "Alias", "AppliesTo", "Association", "BaseTerm", "BaseType", "ConcurrencyMode", "ContainsTarget",
        "DefaultValue", "EntitySet", "EntitySetPath", "EntityType", "Extends", "FixedLength", "FromRole", "Function", "HasStream",
        "HttpMethod", "IncludeInServiceDocument", "IsBindable", "IsBound", "IsComposable", "IsFlags", "IsSideEffecting",
        "MaxLength", "Mode", "Multiplicity", "Name", "Namespace", "Nullable", "OpenType", "Partner", "Path", "Precision",
        "Property", "Qualifier", "ReferencedProperty", "Relationship", "ReturnType", "Role", "SRID", "Scale", "Target",
        "TargetNamespace", "TermNamespace", "ToRole", "Type", "UnderlyingType", "Unicode", "Uri", "Value", "Version",
    ]
    var name: String { Self.names[rawValue] }
    static let byName: [String: AttrName] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
