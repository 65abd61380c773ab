/// Qualified names of the vocabulary terms the model reads typed values from (OASIS Measures, Capabilities and
/// Aggregation, SAP's UI, Common and Analytics), and how an annotation is matched against them.
public enum VocabularyTerm {
    /// `UI.LineItem`: the columns of a table of the type's entities.
    public static let lineItem = "com.sap.vocabularies.UI.v1.LineItem"
    /// `UI.HeaderInfo`: how one entity is titled (type name, title, description).
    public static let headerInfo = "com.sap.vocabularies.UI.v1.HeaderInfo"
    /// `Common.Text`: the property holding a readable text for a code.
    public static let text = "com.sap.vocabularies.Common.v1.Text"
    /// `UI.TextArrangement`: how a code and its text are shown together.
    public static let textArrangement = "com.sap.vocabularies.UI.v1.TextArrangement"
    /// `Common.FieldControl`: whether a property is mandatory, optional, read-only or hidden.
    public static let fieldControl = "com.sap.vocabularies.Common.v1.FieldControl"
    /// `Common.ValueList`: value help for a property.
    public static let valueList = "com.sap.vocabularies.Common.v1.ValueList"
    /// `Common.ValueListWithFixedValues`: the value help is a short fixed list (a dropdown).
    public static let valueListWithFixedValues = "com.sap.vocabularies.Common.v1.ValueListWithFixedValues"
    /// `Common.ValueListReferences`: value help described in another service's metadata.
    public static let valueListReferences = "com.sap.vocabularies.Common.v1.ValueListReferences"
    /// `Measures.ISOCurrency`: the currency of an amount.
    public static let isoCurrency = "Org.OData.Measures.V1.ISOCurrency"
    /// `Measures.Unit`: the unit of measure of a quantity.
    public static let unit = "Org.OData.Measures.V1.Unit"
    /// `Analytics.AggregatedProperties`: dynamic properties, each an aggregation method applied to a property, that
    /// other annotations of the entity type may name in paths (SAP's Analytics vocabulary).
    public static let aggregatedProperties = "com.sap.vocabularies.Analytics.v1.AggregatedProperties"
    /// `Analytics.AggregatedProperty`: one such dynamic property.
    public static let aggregatedProperty = "com.sap.vocabularies.Analytics.v1.AggregatedProperty"
    /// `Aggregation.CustomAggregate`: a dynamic property for the aggregate transformation, named by the qualifier
    /// (OASIS Aggregation vocabulary).
    public static let customAggregate = "Org.OData.Aggregation.V1.CustomAggregate"

    /// A term of the OASIS Capabilities vocabulary by its name (`FilterRestrictions`, `TopSupported`, ...): what a
    /// service says it cannot do.
    public static func capabilities(_ name: String) -> String { "Org.OData.Capabilities.V1." + name }
    /// A term of the OASIS Aggregation vocabulary by its name (`ApplySupported`, `CustomAggregate`, ...).
    public static func aggregation(_ name: String) -> String { "Org.OData.Aggregation.V1." + name }
    /// A term of SAP's Analytics vocabulary by its name (`Dimension`, `Measure`, ...).
    public static func analytics(_ name: String) -> String { "com.sap.vocabularies.Analytics.v1." + name }

    /// The aliases SAP and OASIS documents conventionally give these vocabularies, for documents that use an alias
    /// without declaring it (the reader then keeps the term as written).
    static let conventionalAliases = [
        "com.sap.vocabularies.UI.v1": "UI", "com.sap.vocabularies.Common.v1": "Common",
        "Org.OData.Measures.V1": "Measures", "Org.OData.Capabilities.V1": "Capabilities",
        "com.sap.vocabularies.Analytics.v1": "Analytics", "Org.OData.Aggregation.V1": "Aggregation",
    ]

    /// The short form of a term, as SAP tools write it: the vocabulary's name without its version before the term
    /// (`com.sap.vocabularies.UI.v1.LineItem` → `UI.LineItem`, `Org.OData.Measures.V1.Unit` → `Measures.Unit`);
    /// other names unchanged.
    public static func shortName(_ term: String) -> String {
        // An annotation of an annotation, `Host/@Term` as `AnnotationEntry` names it: each part shortened.
        if term.contains("/@") { return term.components(separatedBy: "/@").map(shortName).joined(separator: "/@") }
        let parts = term.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let version = parts.dropLast().last, version.first == "v" || version.first == "V",
              version.dropFirst().allSatisfy(\.isNumber), !version.dropFirst().isEmpty else { return term }
        return "\(parts[parts.count - 3]).\(parts[parts.count - 1])"
    }

    /// True when `annotation` applies `term` (a qualified name from this enum), written with its namespace or the
    /// vocabulary's conventional alias.
    public static func matches(_ annotation: CsdlAnnotation, _ term: String) -> Bool {
        var written = annotation.term, term = term
        if written == term { return true }
        // Most annotations apply another term and differ in their last part: compared as bytes from the end first
        // (a walk over every annotation of a large document asks this tens of thousands of times).
        let (sameName, dot) = term.withUTF8 { t in
            written.withUTF8 { w -> (Bool, Int) in
                guard let dot = t.lastIndex(of: UInt8(ascii: ".")) else { return (false, 0) }
                let n = t.count - dot
                guard w.count > n else { return (false, dot) }
                return (t[dot...].elementsEqual(w[(w.count - n)...]), dot)
            }
        }
        guard sameName, let alias = conventionalAliases[String(decoding: term.utf8.prefix(dot), as: UTF8.self)] else { return false }
        return written.utf8.count == alias.utf8.count + term.utf8.count - dot && written.utf8.starts(with: alias.utf8)
    }
}

extension CsdlElement {
    /// The annotations that apply `term` (see `VocabularyTerm`), in document order; with a qualifier, only those
    /// with that qualifier.
    public func annotations(of term: String, qualifier: String? = nil) -> [CsdlAnnotation] {
        annotations.filter { VocabularyTerm.matches($0, term) && (qualifier == nil || $0.qualifier == qualifier) }
    }

    /// A property of the record that the annotation of `term` holds (see `preferredAnnotation(of:)`), such as
    /// `FilterRestrictions/NonFilterableProperties` (`recordValue(of: VocabularyTerm.capabilities("FilterRestrictions"),
    /// property: "NonFilterableProperties")`); nil when the element has no such annotation or its record no such
    /// property.
    public func recordValue(of term: String, property: String) -> AnnotationExpression? {
        preferredAnnotation(of: term)?.value?[property: property]
    }

    /// The annotation of `term` without a qualifier, else the first qualified one.
    public func preferredAnnotation(of term: String) -> CsdlAnnotation? {
        let all = annotations(of: term)
        return all.first(where: { $0.qualifier == nil }) ?? all.first
    }
}

extension AnnotationExpression {
    /// The value of a record's property, or nil.
    public subscript(property name: String) -> AnnotationExpression? {
        guard case .record(_, let props) = self else { return nil }
        return props.first(where: { $0.property == name })?.value
    }

    /// The record's type, when the expression is a record that names one.
    public var recordType: String? {
        if case .record(let t, _) = self { return t }
        return nil
    }

    /// The items of a collection (a single value counts as one item).
    public var items: [AnnotationExpression] {
        if case .collection(let list) = self { return list }
        return [self]
    }

    /// The path of a path expression, else nil.
    public var pathValue: String? {
        if case .path(_, let v) = self { return v }
        return nil
    }

    /// A Boolean constant's value, else nil.
    public var boolValue: Bool? {
        if case .constant(let kind, let v) = self, kind == "Bool" { return v == "true" }
        return nil
    }
}
