/// A rule of metadata compatibility: a stable id, one sentence, the level it gives a change, and the pre-approval
/// that turns an incompatible change into an approved one. The rules marked SAP are those SAP documents for
/// `refreshMetadata` (`isSAPRule`); the others are odsh's decisions where SAP's rules are silent (see man/compatibility-rules.md).
public struct CompatibilityRule: Sendable, Hashable, CustomStringConvertible {
    /// The pre-approvals, named as in SAP's CsdlDocument.
    public enum Approval: String, Sendable, Hashable {
        /// `hasOpenEnumerations`: members may be added to enumeration types.
        case openEnumerations = "hasOpenEnumerations"
        /// `canChangeAnything`: types, nullability, base types and enumeration values may change.
        case changeAnything = "canChangeAnything"
        /// Also granted per element by `canBeRemoved`.
        case removeAnything = "canRemoveAnything"
    }

    /// A short stable id: `property-type-changed`.
    public let id: String
    /// The rule in one sentence.
    public let sentence: String
    /// The level before any pre-approval.
    public let level: CompatibilityLevel
    /// The pre-approval that turns an incompatible change of this rule into an approved one.
    public let approval: Approval?

    init(_ id: String, _ level: CompatibilityLevel, _ approval: Approval?, _ sentence: String) {
        self.id = id; self.level = level; self.approval = approval; self.sentence = sentence
    }
    init(_ id: String, _ level: CompatibilityLevel, _ sentence: String) { self.init(id, level, nil, sentence) }

    /// `id: sentence`.
    public var description: String { "\(id): \(sentence)" }

    // MARK: SAP's rules

    /// `type-added` (SAP's rule): Adding an entity, complex, enumeration or type definition is compatible.
    public static let typeAdded = CompatibilityRule("type-added", .compatible,
        "Adding an entity, complex, enumeration or type definition is compatible.")
    /// `property-added` (SAP's rule): Adding a structural or navigation property to an entity or complex type is
    /// compatible.
    public static let propertyAdded = CompatibilityRule("property-added", .compatible,
        "Adding a structural or navigation property to an entity or complex type is compatible.")
    /// `entity-set-added` (SAP's rule): Adding an entity set or singleton is compatible.
    public static let entitySetAdded = CompatibilityRule("entity-set-added", .compatible,
        "Adding an entity set or singleton is compatible.")
    /// `operation-added` (SAP's rule): Adding an action or function (or an overload of one) is compatible.
    public static let operationAdded = CompatibilityRule("operation-added", .compatible,
        "Adding an action or function (or an overload of one) is compatible.")
    /// `enum-member-added` (SAP's rule): Adding a member to an enumeration type is incompatible unless enumerations are
    /// open (hasOpenEnumerations).
    public static let enumMemberAdded = CompatibilityRule("enum-member-added", .incompatible, .openEnumerations,
        "Adding a member to an enumeration type is incompatible unless enumerations are open (hasOpenEnumerations).")
    /// `base-type-changed` (SAP's rule): Changing the base type of a type (or the underlying type of an enumeration or
    /// type definition) is incompatible.
    public static let baseTypeChanged = CompatibilityRule("base-type-changed", .incompatible, .changeAnything,
        "Changing the base type of a type (or the underlying type of an enumeration or type definition) is incompatible.")
    /// `enum-value-changed` (SAP's rule): Changing the value of an enumeration member is incompatible.
    public static let enumValueChanged = CompatibilityRule("enum-value-changed", .incompatible, .changeAnything,
        "Changing the value of an enumeration member is incompatible.")
    /// `property-type-changed` (SAP's rule): Changing the type of a structural or navigation property is incompatible.
    public static let propertyTypeChanged = CompatibilityRule("property-type-changed", .incompatible, .changeAnything,
        "Changing the type of a structural or navigation property is incompatible.")
    /// `property-nullability-changed` (SAP's rule): Changing the nullability of a structural or navigation property is
    /// incompatible.
    public static let propertyNullabilityChanged = CompatibilityRule("property-nullability-changed", .incompatible, .changeAnything,
        "Changing the nullability of a structural or navigation property is incompatible.")
    /// `parameter-type-changed` (SAP's rule): Changing the type of an action or function parameter is incompatible.
    public static let parameterTypeChanged = CompatibilityRule("parameter-type-changed", .incompatible, .changeAnything,
        "Changing the type of an action or function parameter is incompatible.")
    /// `parameter-nullability-changed` (SAP's rule): Changing the nullability of an action or function parameter is
    /// incompatible.
    public static let parameterNullabilityChanged = CompatibilityRule("parameter-nullability-changed", .incompatible, .changeAnything,
        "Changing the nullability of an action or function parameter is incompatible.")
    /// `return-type-changed` (SAP's rule): Changing the result type of an action or function (adding or dropping a
    /// result included) is incompatible.
    public static let returnTypeChanged = CompatibilityRule("return-type-changed", .incompatible, .changeAnything,
        "Changing the result type of an action or function (adding or dropping a result included) is incompatible.")
    /// `return-nullability-changed` (SAP's rule): Changing the nullability of an action or function result is
    /// incompatible.
    public static let returnNullabilityChanged = CompatibilityRule("return-nullability-changed", .incompatible, .changeAnything,
        "Changing the nullability of an action or function result is incompatible.")
    /// `element-removed` (SAP's rule): Removing a model element is incompatible unless removals are pre-approved
    /// (canRemoveAnything, canBeRemoved).
    public static let elementRemoved = CompatibilityRule("element-removed", .incompatible, .removeAnything,
        "Removing a model element is incompatible unless removals are pre-approved (canRemoveAnything, canBeRemoved).")
    /// `enum-member-removed` (SAP's rule): Removing a member from an enumeration type is incompatible.
    public static let enumMemberRemoved = CompatibilityRule("enum-member-removed", .incompatible, .removeAnything,
        "Removing a member from an enumeration type is incompatible.")
    /// `property-removed` (SAP's rule): Removing a structural or navigation property from an entity or complex type is
    /// incompatible.
    public static let propertyRemoved = CompatibilityRule("property-removed", .incompatible, .removeAnything,
        "Removing a structural or navigation property from an entity or complex type is incompatible.")

    // MARK: odsh's decisions where SAP's rules are silent

    /// `odata-version-changed` (odsh's decision): The OData protocol version changed (V2/V3 to V4 or back): URLs and
    /// payloads differ, so no refresh can bridge it and no pre-approval applies.
    public static let versionChanged = CompatibilityRule("odata-version-changed", .incompatible,
        "The OData protocol version changed (V2/V3 to V4 or back): URLs and payloads differ, so no refresh can bridge it and no pre-approval applies.")
    /// `odata-minor-version-changed` (odsh's decision): Moving between OData 4.0 and 4.01 keeps 4.0 requests working.
    public static let minorVersionChanged = CompatibilityRule("odata-minor-version-changed", .info,
        "Moving between OData 4.0 and 4.01 keeps 4.0 requests working.")
    /// `element-kind-changed` (odsh's decision): A name now denotes another kind of element (say an entity type became
    /// a complex type): incompatible like a type change.
    public static let elementKindChanged = CompatibilityRule("element-kind-changed", .incompatible, .changeAnything,
        "A name now denotes another kind of element (say an entity type became a complex type): incompatible like a type change.")
    /// `key-changed` (odsh's decision): Changing the key of an entity type changes every entity's URL and identity:
    /// incompatible.
    public static let keyChanged = CompatibilityRule("key-changed", .incompatible, .changeAnything,
        "Changing the key of an entity type changes every entity's URL and identity: incompatible.")
    /// `entity-set-type-changed` (odsh's decision): Changing the entity type of an entity set or singleton is
    /// incompatible like a property type change.
    public static let entitySetTypeChanged = CompatibilityRule("entity-set-type-changed", .incompatible, .changeAnything,
        "Changing the entity type of an entity set or singleton is incompatible like a property type change.")
    /// `enum-flags-changed` (odsh's decision): Turning IsFlags on or off changes how enumeration values are written:
    /// incompatible.
    public static let enumFlagsChanged = CompatibilityRule("enum-flags-changed", .incompatible, .changeAnything,
        "Turning IsFlags on or off changes how enumeration values are written: incompatible.")
    /// `parameter-added` (odsh's decision): Adding a required parameter to an action or function breaks existing calls,
    /// which lack it.
    public static let parameterAdded = CompatibilityRule("parameter-added", .incompatible, .changeAnything,
        "Adding a required parameter to an action or function breaks existing calls, which lack it.")
    /// `optional-parameter-added` (odsh's decision): Adding a nullable action parameter, or a parameter annotated
    /// Core.OptionalParameter, is compatible: existing calls may omit it.
    public static let optionalParameterAdded = CompatibilityRule("optional-parameter-added", .compatible,
        "Adding a nullable action parameter, or a parameter annotated Core.OptionalParameter, is compatible: existing calls may omit it.")
    /// `import-added` (odsh's decision): Adding a function or action import is compatible, like adding a function or
    /// action.
    public static let importAdded = CompatibilityRule("import-added", .compatible,
        "Adding a function or action import is compatible, like adding a function or action.")
    /// `term-added` (odsh's decision): Adding a vocabulary term is compatible.
    public static let termAdded = CompatibilityRule("term-added", .compatible,
        "Adding a vocabulary term is compatible.")
    /// `container-added` (odsh's decision): Adding an entity container is compatible.
    public static let containerAdded = CompatibilityRule("container-added", .compatible,
        "Adding an entity container is compatible.")
    /// `container-renamed` (odsh's decision): Renaming the entity container changes no URL or payload.
    public static let containerRenamed = CompatibilityRule("container-renamed", .info,
        "Renaming the entity container changes no URL or payload.")
    /// `property-moved` (odsh's decision): A property moved between a type and its base type; the type still has it.
    public static let propertyMoved = CompatibilityRule("property-moved", .info,
        "A property moved between a type and its base type; the type still has it.")
    /// `parameter-order-changed` (odsh's decision): Parameters are passed by name, so their order does not matter to
    /// callers.
    public static let parameterOrderChanged = CompatibilityRule("parameter-order-changed", .info,
        "Parameters are passed by name, so their order does not matter to callers.")
    /// `binding-parameter-renamed` (odsh's decision): The binding parameter is never passed by name, so its name does
    /// not matter to callers.
    public static let bindingParameterRenamed = CompatibilityRule("binding-parameter-renamed", .info,
        "The binding parameter is never passed by name, so its name does not matter to callers.")
    /// `facet-changed` (odsh's decision): MaxLength, Precision, Scale, SRID, Unicode and DefaultValue constrain values
    /// but keep the type; the rules are silent.
    public static let facetChanged = CompatibilityRule("facet-changed", .info,
        "MaxLength, Precision, Scale, SRID, Unicode and DefaultValue constrain values but keep the type; the rules are silent.")
    /// `type-trait-changed` (odsh's decision): Abstract, OpenType and HasStream flags changed; the rules are silent.
    public static let typeTraitChanged = CompatibilityRule("type-trait-changed", .info,
        "Abstract, OpenType and HasStream flags changed; the rules are silent.")
    /// `navigation-trait-changed` (odsh's decision): Containment, partner, referential constraints and OnDelete
    /// describe relationships; the rules are silent.
    public static let navigationTraitChanged = CompatibilityRule("navigation-trait-changed", .info,
        "Containment, partner, referential constraints and OnDelete describe relationships; the rules are silent.")
    /// `navigation-binding-changed` (odsh's decision): Navigation property bindings say which set a navigation leads
    /// to; the rules are silent.
    public static let bindingChanged = CompatibilityRule("navigation-binding-changed", .info,
        "Navigation property bindings say which set a navigation leads to; the rules are silent.")
    /// `container-element-changed` (odsh's decision): Which operation or entity set an import names, its HTTP method,
    /// IncludeInServiceDocument: the rules are silent.
    public static let containerElementChanged = CompatibilityRule("container-element-changed", .info,
        "Which operation or entity set an import names, its HTTP method, IncludeInServiceDocument: the rules are silent.")
    /// `operation-trait-changed` (odsh's decision): IsComposable and EntitySetPath of an action or function changed;
    /// the rules are silent.
    public static let operationTraitChanged = CompatibilityRule("operation-trait-changed", .info,
        "IsComposable and EntitySetPath of an action or function changed; the rules are silent.")
    /// `concurrency-changed` (odsh's decision): ConcurrencyMode decides whether a property takes part in the ETag; the
    /// rules are silent.
    public static let concurrencyChanged = CompatibilityRule("concurrency-changed", .info,
        "ConcurrencyMode decides whether a property takes part in the ETag; the rules are silent.")
    /// `term-changed` (odsh's decision): A term's type, base term, AppliesTo or facets shape annotations, not the data
    /// clients exchange.
    public static let termChanged = CompatibilityRule("term-changed", .info,
        "A term's type, base term, AppliesTo or facets shape annotations, not the data clients exchange.")
    /// `annotation-added` (odsh's decision): Annotations describe the model; adding one changes no data.
    public static let annotationAdded = CompatibilityRule("annotation-added", .info,
        "Annotations describe the model; adding one changes no data.")
    /// `annotation-removed` (odsh's decision): Annotations describe the model; removing one changes no data.
    public static let annotationRemoved = CompatibilityRule("annotation-removed", .info,
        "Annotations describe the model; removing one changes no data.")
    /// `annotation-changed` (odsh's decision): Annotations describe the model; changing one changes no data.
    public static let annotationChanged = CompatibilityRule("annotation-changed", .info,
        "Annotations describe the model; changing one changes no data.")
    /// `attribute-changed` (odsh's decision): Attributes in foreign namespaces (SAP's sap:*, m:*) annotate the model;
    /// the rules are silent.
    public static let attributeChanged = CompatibilityRule("attribute-changed", .info,
        "Attributes in foreign namespaces (SAP's sap:*, m:*) annotate the model; the rules are silent.")
    /// `reference-changed` (odsh's decision): edmx:Reference includes (vocabularies, other services) and their aliases
    /// changed.
    public static let referenceChanged = CompatibilityRule("reference-changed", .info,
        "edmx:Reference includes (vocabularies, other services) and their aliases changed.")

    /// True for the rules SAP documents for `refreshMetadata`; false for odsh's own decisions.
    public var isSAPRule: Bool { Self.sapRules.contains(id) }
    private static let sapRules: Set<String> = [
        "type-added", "property-added", "entity-set-added", "operation-added", "enum-member-added", "base-type-changed",
        "enum-value-changed", "property-type-changed", "property-nullability-changed", "parameter-type-changed",
        "parameter-nullability-changed", "return-type-changed", "return-nullability-changed", "element-removed",
        "enum-member-removed", "property-removed",
    ]

    /// Every rule, SAP's first.
    public static let all: [CompatibilityRule] = [
        typeAdded, propertyAdded, entitySetAdded, operationAdded, enumMemberAdded, baseTypeChanged, enumValueChanged,
        propertyTypeChanged, propertyNullabilityChanged, parameterTypeChanged, parameterNullabilityChanged,
        returnTypeChanged, returnNullabilityChanged, elementRemoved, enumMemberRemoved, propertyRemoved,
        versionChanged, minorVersionChanged, elementKindChanged, keyChanged, entitySetTypeChanged, enumFlagsChanged,
        parameterAdded, optionalParameterAdded, importAdded, termAdded, containerAdded, containerRenamed,
        propertyMoved, parameterOrderChanged, bindingParameterRenamed, facetChanged, typeTraitChanged,
        navigationTraitChanged, bindingChanged, containerElementChanged, operationTraitChanged, concurrencyChanged,
        termChanged, annotationAdded, annotationRemoved, annotationChanged, attributeChanged, referenceChanged,
    ]

    /// A rule by id.
    public static func named(_ id: String) -> CompatibilityRule? { all.first { $0.id == id } }
}
