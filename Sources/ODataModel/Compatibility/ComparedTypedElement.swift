/// What properties, parameters and return types have alike for the comparison: a type, a nullability and facets.
protocol ComparedTypedElement {
    /// The type as written.
    var type: TypeReference { get }
    /// True unless `Nullable="false"`.
    var isNullable: Bool { get }
    /// The facets (`Nullable`, `MaxLength`, ...).
    var facets: Facets { get }
}

extension Property: ComparedTypedElement {}
extension Parameter: ComparedTypedElement {}
extension ReturnType: ComparedTypedElement {}
