import Testing
@testable import ODataModel

/// One rule on a minimal pair of documents, compared both ways: A→B gives one change, B→A its mirror image.
struct RuleCase: Sendable, CustomTestStringConvertible {
    struct Outcome: Sendable {
        var kind: MetadataChange.Kind
        var level: CompatibilityLevel
        var rule: String
    }
    var name: String
    var a: String
    var b: String
    var path: String
    /// The path the other way round, when it differs (an operation's signature names the older document's types).
    var backwardPath: String?
    var element: MetadataChange.ElementKind
    var forward: Outcome
    var backward: Outcome
    /// Old and new value A→B (B→A swaps them).
    var values: (String?, String?)?
    var testDescription: String { name }

    /// B is A with one piece of text replaced.
    init(_ name: String, _ find: String, _ replacement: String, in a: String = CompatibilityFixtures.base, path: String,
         backwardPath: String? = nil, _ element: MetadataChange.ElementKind, _ forward: Outcome, _ backward: Outcome,
         values: (String?, String?)? = nil) {
        self.name = name; self.a = a; self.b = CompatibilityFixtures.edited(find, replacement, in: a)
        self.path = path; self.backwardPath = backwardPath; self.element = element
        self.forward = forward; self.backward = backward; self.values = values
    }

    /// Something added: compatible (or what `level` says) one way, removed the other way.
    static func added(_ name: String, _ find: String, _ replacement: String, path: String, backwardPath: String? = nil,
                      _ element: MetadataChange.ElementKind, rule: String, level: CompatibilityLevel = .compatible,
                      removedRule: String = "element-removed") -> RuleCase {
        // Schema children go before the anchor (the start of a type or the container), members after it.
        let before = find == RuleCases.complexStart || find == RuleCases.beforeContainer
        return RuleCase(name, find, before ? replacement + "\n" + find : find + "\n" + replacement, path: path, backwardPath: backwardPath, element,
                 Outcome(kind: .added, level: level, rule: rule), Outcome(kind: .removed, level: .incompatible, rule: removedRule))
    }

    /// A value changed: the same kind, level and rule both ways, old and new swapped.
    static func changed(_ name: String, _ find: String, _ replacement: String, in a: String = CompatibilityFixtures.base,
                        path: String, backwardPath: String? = nil, _ element: MetadataChange.ElementKind, _ kind: MetadataChange.Kind,
                        rule: String, level: CompatibilityLevel, values: (String?, String?)) -> RuleCase {
        let o = Outcome(kind: kind, level: level, rule: rule)
        return RuleCase(name, find, replacement, in: a, path: path, backwardPath: backwardPath, element, o, o, values: values)
    }
}

enum RuleCases {
    static let name = #"<Property Name="Name" Type="Edm.String" MaxLength="40"/>"#
    static let city = #"<Property Name="City" Type="Edm.String"/>"#
    static let lastOrder = #"<NavigationProperty Name="LastOrder" Type="NS.Order"/>"#
    static let ordersSet = #"<EntitySet Name="Orders" EntityType="NS.Order"/>"#
    static let beforeContainer = #"<EntityContainer Name="Container">"#
    static let complexStart = #"<ComplexType Name="Address">"#
    static let green = #"<Member Name="Green" Value="1"/>"#
    static let force = #"<Parameter Name="force" Type="Edm.Boolean" Nullable="false"/>"#
    static let top = #"<Parameter Name="top" Type="Edm.Int32"/>"#
    static let returnType = #"<ReturnType Type="Collection(NS.Customer)"/>"#
    static func annotated(_ text: String) -> String {
        CompatibilityFixtures.edited(name, #"<Property Name="Name" Type="Edm.String" MaxLength="40"><Annotation Term="Core.Description" String="\#(text)"/></Property>"#)
    }

    /// SAP's rules: what is compatible, what is not.
    static let sap: [RuleCase] = [
        .added("structural property added to an entity type", name, #"<Property Name="Email" Type="Edm.String"/>"#,
               path: "NS.Customer/Email", .property, rule: "property-added", removedRule: "property-removed"),
        .added("navigation property added to an entity type", lastOrder, #"<NavigationProperty Name="FirstOrder" Type="NS.Order"/>"#,
               path: "NS.Customer/FirstOrder", .navigationProperty, rule: "property-added", removedRule: "property-removed"),
        .added("structural property added to a complex type", city, #"<Property Name="Zip" Type="Edm.String"/>"#,
               path: "NS.Address/Zip", .property, rule: "property-added", removedRule: "property-removed"),
        .added("navigation property added to a complex type", city, #"<NavigationProperty Name="Owner" Type="NS.Customer"/>"#,
               path: "NS.Address/Owner", .navigationProperty, rule: "property-added", removedRule: "property-removed"),
        .added("entity type added", complexStart,
               #"<EntityType Name="Invoice"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>"#,
               path: "NS.Invoice", .entityType, rule: "type-added"),
        .added("complex type added", complexStart, #"<ComplexType Name="Geo"><Property Name="Lat" Type="Edm.Double"/></ComplexType>"#,
               path: "NS.Geo", .complexType, rule: "type-added"),
        .added("enumeration type added", complexStart, #"<EnumType Name="Size"><Member Name="S"/><Member Name="M"/></EnumType>"#,
               path: "NS.Size", .enumType, rule: "type-added"),
        .added("type definition added", complexStart, #"<TypeDefinition Name="Email" UnderlyingType="Edm.String"/>"#,
               path: "NS.Email", .typeDefinition, rule: "type-added"),
        .added("entity set added", ordersSet, #"<EntitySet Name="Archive" EntityType="NS.Order"/>"#,
               path: "Container/Archive", .entitySet, rule: "entity-set-added"),
        .added("singleton added", ordersSet, #"<Singleton Name="Me" Type="NS.Customer"/>"#,
               path: "Container/Me", .singleton, rule: "entity-set-added"),
        .added("action added", complexStart, #"<Action Name="Ping"/>"#, path: "NS.Ping()", .action, rule: "operation-added"),
        .added("function added", complexStart, #"<Function Name="Count"><ReturnType Type="Edm.Int32"/></Function>"#,
               path: "NS.Count()", .function, rule: "operation-added"),
        .added("function overload added", complexStart,
               #"<Function Name="GetTop"><Parameter Name="top" Type="Edm.Int32"/><Parameter Name="skip" Type="Edm.Int32"/><ReturnType Type="Collection(NS.Customer)"/></Function>"#,
               path: "NS.GetTop(Edm.Int32,Edm.Int32)", .function, rule: "operation-added"),
        .added("enumeration member added (closed enumerations)", green, #"<Member Name="Blue" Value="2"/>"#,
               path: "NS.Color/Blue", .enumMember, rule: "enum-member-added", level: .incompatible, removedRule: "enum-member-removed"),
        .changed("base type changed", #"<EntityType Name="Special" BaseType="NS.Customer">"#, #"<EntityType Name="Special" BaseType="NS.Order">"#,
                 path: "NS.Special", .entityType, .baseTypeChanged, rule: "base-type-changed", level: .incompatible,
                 values: ("NS.Customer", "NS.Order")),
        .changed("enumeration underlying type changed", #"<EnumType Name="Color">"#, #"<EnumType Name="Color" UnderlyingType="Edm.Int64">"#,
                 path: "NS.Color", .enumType, .baseTypeChanged, rule: "base-type-changed", level: .incompatible,
                 values: ("Edm.Int32", "Edm.Int64")),
        .changed("type definition underlying type changed", #"UnderlyingType="Edm.String"/>"#, #"UnderlyingType="Edm.Int32"/>"#,
                 path: "NS.Code", .typeDefinition, .baseTypeChanged, rule: "base-type-changed", level: .incompatible,
                 values: ("Edm.String", "Edm.Int32")),
        .changed("enumeration member value changed", green, #"<Member Name="Green" Value="5"/>"#,
                 path: "NS.Color/Green", .enumMember, .enumValueChanged, rule: "enum-value-changed", level: .incompatible, values: ("1", "5")),
        .changed("structural property type changed", city, #"<Property Name="City" Type="Edm.Guid"/>"#,
                 path: "NS.Address/City", .property, .typeChanged, rule: "property-type-changed", level: .incompatible,
                 values: ("Edm.String", "Edm.Guid")),
        .changed("structural property nullability changed", city, #"<Property Name="City" Type="Edm.String" Nullable="false"/>"#,
                 path: "NS.Address/City", .property, .nullabilityChanged, rule: "property-nullability-changed", level: .incompatible,
                 values: ("true", "false")),
        .changed("navigation property type changed", lastOrder, #"<NavigationProperty Name="LastOrder" Type="Collection(NS.Order)"/>"#,
                 path: "NS.Customer/LastOrder", .navigationProperty, .typeChanged, rule: "property-type-changed", level: .incompatible,
                 values: ("NS.Order", "Collection(NS.Order)")),
        .changed("navigation property nullability changed", lastOrder, #"<NavigationProperty Name="LastOrder" Type="NS.Order" Nullable="false"/>"#,
                 path: "NS.Customer/LastOrder", .navigationProperty, .nullabilityChanged, rule: "property-nullability-changed",
                 level: .incompatible, values: ("true", "false")),
        .changed("function parameter type changed", top, #"<Parameter Name="top" Type="Edm.Int64"/>"#,
                 path: "NS.GetTop(Edm.Int32)/top", backwardPath: "NS.GetTop(Edm.Int64)/top", .parameter, .typeChanged,
                 rule: "parameter-type-changed", level: .incompatible, values: ("Edm.Int32", "Edm.Int64")),
        .changed("action parameter nullability changed", force, #"<Parameter Name="force" Type="Edm.Boolean"/>"#,
                 path: "NS.Reset(Edm.Boolean)/force", .parameter, .nullabilityChanged, rule: "parameter-nullability-changed",
                 level: .incompatible, values: ("false", "true")),
        .changed("function result type changed", returnType, #"<ReturnType Type="Collection(NS.Order)"/>"#,
                 path: "NS.GetTop(Edm.Int32)/$ReturnType", .returnType, .typeChanged, rule: "return-type-changed", level: .incompatible,
                 values: ("Collection(NS.Customer)", "Collection(NS.Order)")),
        .changed("function result nullability changed", returnType, #"<ReturnType Type="Collection(NS.Customer)" Nullable="false"/>"#,
                 path: "NS.GetTop(Edm.Int32)/$ReturnType", .returnType, .nullabilityChanged, rule: "return-nullability-changed",
                 level: .incompatible, values: ("true", "false")),
        .changed("action result added", force, force + #"<ReturnType Type="Edm.Int32"/>"#,
                 path: "NS.Reset(Edm.Boolean)/$ReturnType", .returnType, .typeChanged, rule: "return-type-changed", level: .incompatible,
                 values: (nil, "Edm.Int32")),
        .added("function import added", #"<FunctionImport Name="GetTop" Function="NS.GetTop"/>"#,
               #"<FunctionImport Name="Top" Function="NS.GetTop"/>"#, path: "Container/Top", .functionImport, rule: "import-added"),
    ]

    /// odsh's decisions where SAP's rules are silent.
    static let decided: [RuleCase] = [
        .added("term added", complexStart, #"<Term Name="Note" Type="Edm.String"/>"#, path: "NS.Note", .term, rule: "term-added"),
        .added("nullable action parameter added", force, #"<Parameter Name="reason" Type="Edm.String"/>"#,
               path: "NS.Reset(Edm.Boolean)/reason", backwardPath: "NS.Reset(Edm.Boolean,Edm.String)/reason", .parameter,
               rule: "optional-parameter-added"),
        .added("required function parameter added", top, #"<Parameter Name="skip" Type="Edm.Int32"/>"#,
               path: "NS.GetTop(Edm.Int32)/skip", backwardPath: "NS.GetTop(Edm.Int32,Edm.Int32)/skip", .parameter,
               rule: "parameter-added", level: .incompatible),
        .added("function parameter annotated Core.OptionalParameter added", top,
               #"<Parameter Name="skip" Type="Edm.Int32"><Annotation Term="Core.OptionalParameter"/></Parameter>"#,
               path: "NS.GetTop(Edm.Int32)/skip", backwardPath: "NS.GetTop(Edm.Int32,Edm.Int32)/skip", .parameter,
               rule: "optional-parameter-added"),
        .changed("key changed", #"<Key><PropertyRef Name="ID" /></Key>"#, #"<Key><PropertyRef Name="ID" /><PropertyRef Name="CustomerID" /></Key>"#,
                 path: "NS.Order", .entityType, .keyChanged, rule: "key-changed", level: .incompatible, values: ("ID", "ID,CustomerID")),
        .changed("entity set type changed", ordersSet, #"<EntitySet Name="Orders" EntityType="NS.Special"/>"#,
                 path: "Container/Orders", .entitySet, .typeChanged, rule: "entity-set-type-changed", level: .incompatible,
                 values: ("NS.Order", "NS.Special")),
        .changed("enumeration IsFlags changed", #"<EnumType Name="Color">"#, #"<EnumType Name="Color" IsFlags="true">"#,
                 path: "NS.Color", .enumType, .flagsChanged, rule: "enum-flags-changed", level: .incompatible, values: ("false", "true")),
        .changed("complex type became an entity type", "<ComplexType Name=\"Address\">\n  \(city)\n</ComplexType>",
                 "<EntityType Name=\"Address\">\n  \(city)\n</EntityType>",
                 path: "NS.Address", .complexType, .kindChanged, rule: "element-kind-changed", level: .incompatible,
                 values: ("complex type", "entity type")),
        .changed("MaxLength changed", name, #"<Property Name="Name" Type="Edm.String" MaxLength="max"/>"#,
                 path: "NS.Customer/Name", .property, .facetChanged, rule: "facet-changed", level: .info, values: ("40", "max")),
        .changed("Precision changed", #"Precision="10""#, #"Precision="12""#,
                 path: "NS.Customer/Price", .property, .facetChanged, rule: "facet-changed", level: .info, values: ("10", "12")),
        .changed("Scale changed", #"Scale="2""#, #"Scale="4""#,
                 path: "NS.Customer/Price", .property, .facetChanged, rule: "facet-changed", level: .info, values: ("2", "4")),
        RuleCase("annotation added", name,
                 #"<Property Name="Name" Type="Edm.String" MaxLength="40"><Annotation Term="Core.Description" String="The name"/></Property>"#,
                 path: "NS.Customer/Name", .property,
                 .init(kind: .annotationAdded, level: .info, rule: "annotation-added"),
                 .init(kind: .annotationRemoved, level: .info, rule: "annotation-removed")),
        .changed("annotation changed", #"String="The name""#, #"String="Full name""#, in: annotated("The name"),
                 path: "NS.Customer/Name", .property, .annotationChanged, rule: "annotation-changed", level: .info,
                 values: ("\"The name\"", "\"Full name\"")),
        .changed("SAP attribute changed", name, #"<Property Name="Name" Type="Edm.String" MaxLength="40" sap:label="Name"/>"#,
                 path: "NS.Customer/Name", .property, .attributeChanged, rule: "attribute-changed", level: .info, values: (nil, "Name")),
        .changed("containment changed", lastOrder, #"<NavigationProperty Name="LastOrder" Type="NS.Order" ContainsTarget="true"/>"#,
                 path: "NS.Customer/LastOrder", .navigationProperty, .traitChanged, rule: "navigation-trait-changed", level: .info,
                 values: ("false", "true")),
        .changed("partner changed", #"Type="Collection(NS.Order)" Partner="Customer""#, #"Type="Collection(NS.Order)""#,
                 path: "NS.Customer/Orders", .navigationProperty, .traitChanged, rule: "navigation-trait-changed", level: .info,
                 values: ("Customer", nil)),
        .changed("referential constraint changed", #"<ReferentialConstraint Property="CustomerID" ReferencedProperty="ID"/>"#, "",
                 path: "NS.Order/Customer", .navigationProperty, .traitChanged, rule: "navigation-trait-changed", level: .info,
                 values: ("CustomerID=ID", nil)),
        RuleCase("navigation property binding removed", #"<NavigationPropertyBinding Path="Orders" Target="Orders"/>"#, "",
                 path: "Container/Customers", .entitySet,
                 .init(kind: .bindingRemoved, level: .info, rule: "navigation-binding-changed"),
                 .init(kind: .bindingAdded, level: .info, rule: "navigation-binding-changed"),
                 values: ("Orders", nil)),
        .changed("function import attribute changed", #"<FunctionImport Name="GetTop" Function="NS.GetTop"/>"#,
                 #"<FunctionImport Name="GetTop" Function="NS.GetTop" IncludeInServiceDocument="true"/>"#,
                 path: "Container/GetTop", .functionImport, .traitChanged, rule: "container-element-changed", level: .info,
                 values: ("false", "true")),
        .changed("term type changed", #"<Term Name="Tag" Type="Edm.Boolean"/>"#, #"<Term Name="Tag" Type="Edm.String"/>"#,
                 path: "NS.Tag", .term, .typeChanged, rule: "term-changed", level: .info, values: ("Edm.Boolean", "Edm.String")),
        .changed("open type flag changed", #"<EntityType Name="Order">"#, #"<EntityType Name="Order" OpenType="true">"#,
                 path: "NS.Order", .entityType, .traitChanged, rule: "type-trait-changed", level: .info, values: ("false", "true")),
        .changed("abstract flag changed", #"<ComplexType Name="Address">"#, #"<ComplexType Name="Address" Abstract="true">"#,
                 path: "NS.Address", .complexType, .traitChanged, rule: "type-trait-changed", level: .info, values: ("false", "true")),
        .changed("entity container renamed", beforeContainer, #"<EntityContainer Name="Service">"#,
                 path: "Container", backwardPath: "Service", .entityContainer, .renamed, rule: "container-renamed", level: .info,
                 values: ("NS.Container", "NS.Service")),
    ]

    static let all = sap + decided
}

@Suite("Compatibility rules on minimal pairs, both ways")
struct CompatibilityRuleTests {
    @Test("a rule, A→B and B→A", arguments: RuleCases.all)
    func rule(_ c: RuleCase) throws {
        let forward = try CompatibilityFixtures.compare(c.a, c.b)
        #expect(forward.changes.count == 1, "A→B: \(forward.changes.map(\.description))")
        let f = try #require(forward.changes.first { $0.path == c.path && $0.kind == c.forward.kind },
                             "A→B: no \(c.forward.kind) at \(c.path): \(forward.changes.map(\.description))")
        #expect(f.element == c.element)
        #expect(f.level == c.forward.level)
        #expect(f.rule.id == c.forward.rule)
        if let v = c.values { #expect(f.oldValue == v.0 && f.newValue == v.1, "values: \(f)") }

        let backward = try CompatibilityFixtures.compare(c.b, c.a)
        #expect(backward.changes.count == 1, "B→A: \(backward.changes.map(\.description))")
        let path = c.backwardPath ?? c.path
        let b = try #require(backward.changes.first { $0.path == path && $0.kind == c.backward.kind },
                             "B→A: no \(c.backward.kind) at \(path): \(backward.changes.map(\.description))")
        #expect(b.element == c.element || c.forward.kind == .kindChanged)
        #expect(b.level == c.backward.level)
        #expect(b.rule.id == c.backward.rule)
        #expect(b.oldValue == f.newValue && b.newValue == f.oldValue, "not mirrored: \(f) / \(b)")
    }

    @Test("identical documents: no changes")
    func identical() throws {
        #expect(try CompatibilityFixtures.compare(CompatibilityFixtures.base, CompatibilityFixtures.base).isEmpty)
    }

    @Test("a property moved to the base type is reported as moved, and added on the base")
    func movedToBase() throws {
        let bonus = #"<Property Name="Bonus" Type="Edm.Int32"/>"#
        let b = CompatibilityFixtures.edited(bonus, "").replacingOccurrences(
            of: RuleCases.name, with: RuleCases.name + "\n" + bonus)
        let r = try CompatibilityFixtures.compare(CompatibilityFixtures.base, b)
        #expect(r.changes.map(\.description) == [
            "NS.Customer/Bonus: added [compatible, property-added]",
            "NS.Special/Bonus: moved: declared on NS.Special → NS.Customer [info, property-moved]",
        ])
        let back = try CompatibilityFixtures.compare(b, CompatibilityFixtures.base)
        #expect(back.changes.map(\.description) == [
            "NS.Customer/Bonus: removed [incompatible, property-removed]",
            "NS.Special/Bonus: moved: declared on NS.Customer → NS.Special [info, property-moved]",
        ])
    }

    @Test("an annotation without a value is Bool true, as CSDL JSON writes it")
    func implicitTrue() throws {
        func annotated(_ annotation: String) -> String {
            CompatibilityFixtures.edited(RuleCases.name, #"<Property Name="Name" Type="Edm.String" MaxLength="40">"# + annotation + "</Property>")
        }
        let bare = annotated(#"<Annotation Term="Core.Immutable"/>"#)
        #expect(try CompatibilityFixtures.compare(bare, annotated(#"<Annotation Term="Core.Immutable" Bool="true"/>"#)).isEmpty)
        #expect(try CompatibilityFixtures.compare(bare, annotated(#"<Annotation Term="Core.Immutable" Bool="false"/>"#)).changes.map(\.description)
                == [#"NS.Customer/Name: annotation @Org.OData.Core.V1.Immutable (no value) → false [info, annotation-changed]"#])
    }

    @Test("parameters are matched by name: a new order is informational")
    func parameterOrder() throws {
        let a = CompatibilityFixtures.edited(RuleCases.force, RuleCases.force + #"<Parameter Name="reason" Type="Edm.String"/>"#)
        let b = CompatibilityFixtures.edited(RuleCases.force, #"<Parameter Name="reason" Type="Edm.String"/>"# + RuleCases.force)
        let r = try CompatibilityFixtures.compare(a, b)
        #expect(r.changes.map(\.description) == [
            "NS.Reset(Edm.Boolean,Edm.String): parameter order (force,reason) → (reason,force) [info, parameter-order-changed]",
        ])
    }

    @Test("an entity type removed takes its properties along: one change")
    func removedTypeIsOneChange() throws {
        let withInvoice = CompatibilityFixtures.edited(RuleCases.complexStart,
            #"<EntityType Name="Invoice"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>"#
            + RuleCases.complexStart)
        let r = try CompatibilityFixtures.compare(withInvoice, CompatibilityFixtures.base)
        #expect(r.changes.map(\.path) == ["NS.Invoice"])
    }

    @Test("V2 function import parameters follow the parameter rules")
    func v2FunctionImport() throws {
        let body = """
            <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
            <EntityContainer Name="Entities" m:IsDefaultEntityContainer="true">
              <EntitySet Name="Items" EntityType="NS.Item"/>
              <FunctionImport Name="Find" ReturnType="Collection(NS.Item)" EntitySet="Items" m:HttpMethod="GET">
                <Parameter Name="text" Type="Edm.String" Mode="In"/>
              </FunctionImport>
            </EntityContainer>
            """
        let stricter = body.replacingOccurrences(of: #"Mode="In"/>"#, with: #"Mode="In" Nullable="false"/>"#)
        let old = try CompatibilityFixtures.read(CompatibilityFixtures.v2(body))
        let new = try CompatibilityFixtures.read(CompatibilityFixtures.v2(stricter))
        let r = MetadataComparison.compare(old, new)
        #expect(r.changes.map(\.description) == ["Entities/Find/text: nullable true → false [incompatible, parameter-nullability-changed]"])
        let post = try CompatibilityFixtures.read(CompatibilityFixtures.v2(body.replacingOccurrences(of: #"m:HttpMethod="GET""#, with: #"m:HttpMethod="POST""#)))
        #expect(MetadataComparison.compare(old, post).changes.map(\.description) == ["Entities/Find: HttpMethod GET → POST [info, container-element-changed]"])
    }

    @Test("every rule has a unique id and a sentence; SAP's are marked")
    func catalog() {
        #expect(Set(CompatibilityRule.all.map(\.id)).count == CompatibilityRule.all.count)
        #expect(CompatibilityRule.all.allSatisfy { $0.sentence.hasSuffix(".") })
        #expect(CompatibilityRule.all.filter(\.isSAPRule).count == 16)
        #expect(CompatibilityRule.all.filter { $0.level == .incompatible && $0.approval == nil }.map(\.id) == ["odata-version-changed"])
    }
}
