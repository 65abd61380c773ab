extension Property {
    /// The path of the property that holds this code's text: `Common.Text`, else V2 `sap:text`; nil when none.
    public var textPath: String? {
        if let v = preferredAnnotation(of: VocabularyTerm.text)?.value?.pathValue, !v.isEmpty { return v }
        if let t = sap.text, !t.isEmpty { return t }
        return nil
    }

    /// How a code and its text are shown together (`UI.TextArrangement` inside `Common.Text`, or on the property):
    /// `TextFirst`, `TextLast`, `TextOnly` or `TextSeparate`; nil when the metadata does not say.
    public var textArrangement: String? {
        let inner = preferredAnnotation(of: VocabularyTerm.text)?.annotations.first { VocabularyTerm.matches($0, VocabularyTerm.textArrangement) }
        let a = inner ?? preferredAnnotation(of: VocabularyTerm.textArrangement)
        guard case .constant(_, let member)? = a?.value else { return nil }
        return member.split(separator: "/").last.map(String.init)
    }

    /// The unit or currency of this amount or quantity (see `UnitReference`).
    public var unitReference: UnitReference? { UnitReference.of(self) }

    /// `Common.FieldControl` (a path to the property holding the state, or a constant such as `ReadOnly`), else
    /// V2 `sap:field-control` (a path); nil when none.
    public var fieldControl: FieldControl? {
        if let v = preferredAnnotation(of: VocabularyTerm.fieldControl)?.value {
            switch v {
            case .path(_, let p) where !p.isEmpty: return .property(p)
            case .constant(_, let c) where !c.isEmpty: return .constant(c.split(separator: "/").last.map(String.init) ?? c)
            default: break
            }
        }
        if let p = sap["field-control"], !p.isEmpty { return .property(p) }
        return nil
    }

    /// The value help the metadata declares for this property (see `ValueListMapping`), best first: unqualified
    /// `Common.ValueList` before qualified ones.
    public var valueLists: [ValueListMapping] { ValueListMapping.of(self) }

    /// True when the metadata says the property has value help at all: `Common.ValueList`,
    /// `Common.ValueListReferences`, `Common.ValueListWithFixedValues`, or V2 `sap:value-list`.
    public var hasValueHelp: Bool {
        !annotations(of: VocabularyTerm.valueList).isEmpty || !annotations(of: VocabularyTerm.valueListReferences).isEmpty
            || hasFixedValues || sap["value-list"] != nil
    }

    /// True when the value help is a short fixed list (`Common.ValueListWithFixedValues`, V2 `sap:value-list="fixed-values"`).
    public var hasFixedValues: Bool {
        if let a = preferredAnnotation(of: VocabularyTerm.valueListWithFixedValues) { return a.value?.boolValue ?? true }
        return sap["value-list"] == "fixed-values"
    }
}

/// Whether a field may be changed, shown or must be given: `Common.FieldControl` or V2 `sap:field-control`.
public enum FieldControl: Sendable, Equatable, CustomStringConvertible {
    /// The state is in another property (SAP: 0 hidden, 1 read-only, 3 optional, 7 mandatory).
    case property(String)
    /// A fixed state: `Mandatory`, `Optional`, `ReadOnly`, `Inapplicable`, `Hidden`.
    case constant(String)

    /// `from PROPERTY` or the fixed state, for describe output.
    public var description: String {
        switch self {
        case .property(let p): return "from " + p
        case .constant(let c): return c
        }
    }
}
