import Testing
import ODataModel
import TestSupport

private typealias Loc = ODataModel.SourceLocation

private func read(_ json: String, source: String = "test.json") throws -> CsdlDocument {
    try CsdlJsonReader.read(bytes: Array(json.utf8), source: source)
}

private func readError(_ json: String) -> MetadataError? {
    do { _ = try read(json); return nil } catch { return error as? MetadataError }
}

/// One document with every construct the reader maps (line numbers matter for the location tests).
private let sample = #"""
{
  "$Version": "4.01",
  "$EntityContainer": "Sales.Service",
  "$Reference": {
    "https://example.org/Core.json": {
      "$Include": [{"$Namespace": "Org.OData.Core.V1", "$Alias": "Core", "@Core.DefaultNamespace": true}]
    },
    "https://example.org/more.json": {
      "$IncludeAnnotations": [{"$TermNamespace": "UI", "$Qualifier": "Tablet", "$TargetNamespace": "Sales"}]
    }
  },
  "Sales": {
    "$Alias": "self",
    "@Core.Description": "Sales schema",
    "Order": {
      "$Kind": "EntityType",
      "$Key": ["ID", {"InfoID": "Info/ID"}],
      "$BaseType": "self.Base",
      "$Abstract": true,
      "$OpenType": true,
      "$HasStream": true,
      "@Core.Description": "An order",
      "ID": {"$Type": "Edm.Int32"},
      "Note": {"$Nullable": true, "$MaxLength": 40, "$Unicode": false, "$DefaultValue": "none"},
      "Amount": {"$Type": "Edm.Decimal", "$Precision": 15, "$Scale": 2, "$DefaultValue": 3.50},
      "Ratio": {"$Type": "Edm.Decimal", "$Scale": "variable"},
      "Tags": {"$Collection": true},
      "Where": {"$Type": "Edm.GeographyPoint", "$SRID": 4326},
      "Flag": {"$Kind": "Property", "$Type": "Edm.Boolean", "$DefaultValue": null},
      "Info": {"$Type": "self.Info", "@Core.Computed": true},
      "Customer": {"$Kind": "NavigationProperty", "$Type": "self.Customer", "$Partner": "Orders",
                   "$ReferentialConstraint": {"CustomerID": "ID", "CustomerID@Core.Description": "kept out"},
                   "$OnDelete": "Cascade", "$OnDelete@Core.Description": "kept out"},
      "Items": {"$Kind": "NavigationProperty", "$Type": "self.Item", "$Collection": true, "$ContainsTarget": true},
      "Maybe": {"$Kind": "NavigationProperty", "$Type": "self.Customer", "$Nullable": true}
    },
    "Info": {"$Kind": "ComplexType", "ID": {"$Type": "Edm.Int32"}},
    "Color": {
      "$Kind": "EnumType",
      "$UnderlyingType": "Edm.Int64",
      "$IsFlags": true,
      "Red": 1,
      "Red@Core.Description": "red",
      "Blue": 2,
      "Big": "9007199254740993"
    },
    "Text40": {"$Kind": "TypeDefinition", "$UnderlyingType": "Edm.String", "$MaxLength": 40},
    "Label": {"$Kind": "Term", "$AppliesTo": ["Property", "EntityType"], "$BaseTerm": "Core.Description",
              "$DefaultValue": "x", "@Core.Description": "a term"},
    "Labels": {"$Kind": "Term", "$Type": "self.Info", "$Collection": true, "$Nullable": true},
    "Cancel": [
      {"$Kind": "Action", "$IsBound": true, "$EntitySetPath": "order",
       "$Parameter": [{"$Name": "order", "$Type": "self.Order"},
                      {"$Name": "reason", "$Nullable": true, "$MaxLength": 200, "@Core.Description": "why"}],
       "$ReturnType": {"$Type": "self.Order"}},
      {"$Kind": "Action"}
    ],
    "Top": [
      {"$Kind": "Function", "$IsComposable": true,
       "$ReturnType": {"$Type": "self.Order", "$Collection": true, "$Nullable": true, "@Core.Description": "not kept"}}
    ],
    "Service": {
      "$Kind": "EntityContainer",
      "$Extends": "Other.Service",
      "@Core.Description": "the service",
      "Orders": {"$Collection": true, "$Type": "self.Order", "$IncludeInServiceDocument": false,
                 "$NavigationPropertyBinding": {"Customer": "Customers", "Items/self.Special/Nav": "Specials"},
                 "@Core.Description": "all orders"},
      "Customers": {"$Collection": true, "$Type": "self.Customer"},
      "Boss": {"$Type": "self.Customer", "$NavigationPropertyBinding": {"Orders": "Orders"}},
      "CancelIt": {"$Action": "self.Cancel", "$EntitySet": "Orders"},
      "TopOnes": {"$Function": "self.Top", "$EntitySet": "Orders", "$IncludeInServiceDocument": true},
      "Hidden": {"$Function": "self.Top"}
    },
    "$Annotations": {
      "self.Order/Note": {
        "@Core.Description#Short": "a note",
        "@Core.Description": "The note"
      },
      "self.Cancel(self.Order)": {"@Core.Description": "bound"}
    }
  }
}
"""#

@Suite struct CsdlJsonReaderTests {
    @Test func documentAndReferences() throws {
        let doc = try read(sample)
        #expect(doc.version == .v401 && doc.edmxVersion == "4.01")
        #expect(doc.entityContainerName == "Sales.Service")
        #expect(doc.source == "test.json")
        #expect(doc.issues.isEmpty, "\(doc.issues)")
        #expect(doc.references.count == 2)
        #expect(doc.references[0].uri == "https://example.org/Core.json")
        #expect(doc.references[0].includes.map(\.namespace) == ["Org.OData.Core.V1"])
        #expect(doc.references[0].includes.map(\.alias) == ["Core"])
        let include = try #require(doc.references[1].includeAnnotations.first)
        #expect(include.termNamespace == "UI" && include.qualifier == "Tablet" && include.targetNamespace == "Sales")
        let schema = try #require(doc.schemas.first)
        #expect(schema.namespace == "Sales" && schema.alias == "self")
        #expect(schema.annotations.map(\.term) == ["Core.Description"])
        #expect(schema.annotations.first?.value == .constant(kind: "String", value: "Sales schema"))
    }

    @Test func entityTypeAndKeys() throws {
        let order = try #require(try read(sample).entityTypes.first)
        #expect(order.qualifiedName == "Sales.Order")
        #expect(order.ownKeyNames == ["ID", "Info/ID"])
        #expect(order.keyAliases == ["Info/ID": "InfoID"])
        #expect(order.baseTypeName == TypeReference(name: "self.Base", isCollection: false))
        #expect(order.isAbstract && order.isOpen && order.hasStream)
        #expect(order.annotations.map(\.term) == ["Core.Description"])
        #expect(order.ownProperties.map(\.name) == ["ID", "Note", "Amount", "Ratio", "Tags", "Where", "Flag", "Info"])
        #expect(order.ownNavigationProperties.map(\.name) == ["Customer", "Items", "Maybe"])
    }

    @Test func propertiesTypesAndFacets() throws {
        let order = try #require(try read(sample).entityTypes.first)
        func p(_ name: String) throws -> Property { try #require(order.ownProperties.first { $0.name == name }) }
        // CSDL JSON: $Type defaults to Edm.String and an absent $Nullable means false.
        #expect(try p("ID").type == TypeReference(name: "Edm.Int32", isCollection: false))
        #expect(try p("ID").facets.nullable == false)
        let note = try p("Note")
        #expect(note.type.qualifiedName == "Edm.String" && note.facets.nullable == true)
        #expect(note.facets.maxLength == .length(40) && note.facets.unicode == false && note.facets.defaultValue == "none")
        let amount = try p("Amount")
        #expect(amount.facets.precision == 15 && amount.facets.scale == .fixed(2) && amount.facets.defaultValue == "3.50")
        #expect(try p("Ratio").facets.scale == .variable)
        #expect(try p("Tags").type == TypeReference(name: "Edm.String", isCollection: true))
        #expect(try p("Tags").facets.nullable == false)
        #expect(try p("Where").facets.srid == "4326")
        #expect(try p("Flag").type.qualifiedName == "Edm.Boolean" && p("Flag").facets.defaultValue == "null")
        #expect(try p("Info").annotations.first?.value == .constant(kind: "Bool", value: "true"))
        #expect(try p("Info").declaringType === order)
    }

    @Test func navigationProperties() throws {
        let order = try #require(try read(sample).entityTypes.first)
        let customer = try #require(order.ownNavigationProperties.first)
        #expect(customer.type == TypeReference(name: "self.Customer", isCollection: false))
        #expect(customer.nullable == false)   // absent in JSON: not nullable
        #expect(customer.partner == "Orders" && customer.onDelete == "Cascade" && !customer.containsTarget)
        #expect(customer.referentialConstraints == [ReferentialConstraint(property: "CustomerID", referencedProperty: "ID")])
        let items = order.ownNavigationProperties[1]
        #expect(items.type.isCollection && items.containsTarget && items.nullable == nil)
        #expect(order.ownNavigationProperties[2].nullable == true)
    }

    @Test func enumsTypeDefinitionsAndTerms() throws {
        let doc = try read(sample)
        let color = try #require(doc.enumTypes.first)
        #expect(color.underlyingType == .int64 && color.isFlags)
        #expect(color.members.map(\.name) == ["Red", "Blue", "Big"])
        #expect(color.members.map(\.value) == [1, 2, 9_007_199_254_740_993])
        #expect(color.members.allSatisfy { $0.valueIsExplicit })
        #expect(color.member(named: "Red")?.annotations.first?.value == .constant(kind: "String", value: "red"))
        #expect(color.member(named: "Red")?.enumType === color)

        let text = try #require(doc.typeDefinitions.first)
        #expect(text.underlyingType.qualifiedName == "Edm.String" && text.facets.maxLength == .length(40))
        #expect(text.facets.nullable == nil)

        let label = try #require(doc.terms.first { $0.name == "Label" })
        #expect(label.type == TypeReference(name: "Edm.String", isCollection: false))
        #expect(label.facets.nullable == false && label.facets.defaultValue == "x")
        #expect(label.appliesTo == ["Property", "EntityType"] && label.baseTerm == "Core.Description")
        #expect(label.annotations.count == 1)
        let labels = try #require(doc.terms.first { $0.name == "Labels" })
        #expect(labels.type == TypeReference(name: "self.Info", isCollection: true) && labels.facets.nullable == true)
    }

    @Test func operations() throws {
        let doc = try read(sample)
        #expect(doc.actions.map(\.name) == ["Cancel", "Cancel"])
        let cancel = doc.actions[0]
        #expect(cancel.kind == .action && cancel.isBound && cancel.entitySetPath == "order")
        #expect(cancel.namespace == "Sales")
        #expect(cancel.parameters.map(\.name) == ["order", "reason"])
        let reason = cancel.parameters[1]
        #expect(reason.type.qualifiedName == "Edm.String" && reason.facets.nullable == true && reason.facets.maxLength == .length(200))
        #expect(reason.annotations.map(\.term) == ["Core.Description"])
        #expect(cancel.parameters[0].facets.nullable == false)
        #expect(cancel.returnType?.type == TypeReference(name: "self.Order", isCollection: false))
        #expect(cancel.returnType?.facets.nullable == false)
        #expect(doc.actions[1].parameters.isEmpty && doc.actions[1].returnType == nil && !doc.actions[1].isBound)
        let top = try #require(doc.functions.first)
        #expect(top.kind == .function && top.isComposable)
        #expect(top.returnType?.type.isCollection == true && top.returnType?.facets.nullable == true)
    }

    @Test func container() throws {
        let doc = try read(sample)
        let c = try #require(doc.entityContainer)
        #expect(c.qualifiedName == "Sales.Service" && c.extends == "Other.Service")
        #expect(c.annotations.map(\.term) == ["Core.Description"])
        #expect(c.entitySets.map(\.name) == ["Orders", "Customers"])
        let orders = c.entitySets[0]
        #expect(orders.type == TypeReference(name: "self.Order", isCollection: false))
        #expect(!orders.includeInServiceDocument && c.entitySets[1].includeInServiceDocument)
        #expect(orders.navigationPropertyBindings.map(\.path) == ["Customer", "Items/self.Special/Nav"])
        #expect(orders.navigationPropertyBindings.map(\.target) == ["Customers", "Specials"])
        #expect(orders.annotations.count == 1 && orders.container === c)
        #expect(c.singletons.map(\.name) == ["Boss"])
        #expect(c.singletons[0].bindingTarget(for: "Orders") == "Orders")
        #expect(c.actionImports.map(\.name) == ["CancelIt"])
        #expect(c.actionImports[0].action == "self.Cancel" && c.actionImports[0].entitySet == "Orders")
        #expect(c.functionImports.map(\.name) == ["TopOnes", "Hidden"])
        #expect(c.functionImports[0].function == "self.Top" && c.functionImports[0].entitySet == "Orders")
        #expect(c.functionImports[0].includeInServiceDocument && !c.functionImports[1].includeInServiceDocument)
    }

    @Test func annotationsBlocks() throws {
        let blocks = try read(sample).annotationsBlocks
        #expect(blocks.map(\.target) == ["self.Order/Note", "self.Cancel(self.Order)"])
        #expect(blocks.allSatisfy { $0.qualifier == nil })
        let note = blocks[0].annotations
        #expect(note.map(\.term) == ["Core.Description", "Core.Description"])
        #expect(note.map(\.qualifier) == ["Short", nil])
        #expect(note.allSatisfy { $0.target == "self.Order/Note" })
        #expect(note[0].value == .constant(kind: "String", value: "a note"))
    }

    @Test func locationsAreThoseOfTheKeys() throws {
        let doc = try read(sample)
        #expect(doc.schemas[0].location == Loc(line: 12, column: 3))
        let order = doc.entityTypes[0]
        #expect(order.location == Loc(line: 15, column: 5))
        #expect(order.ownProperties[0].location == Loc(line: 23, column: 7))
        #expect(order.ownNavigationProperties[0].location == Loc(line: 31, column: 7))
        #expect(order.annotations[0].location == Loc(line: 22, column: 7))
        #expect(doc.enumTypes[0].members[1].location == Loc(line: 44, column: 7))
        #expect(doc.actions[0].location == Loc(line: 52, column: 7))   // an overload: its object
        #expect(doc.actions[1].location == Loc(line: 56, column: 7))
        #expect(doc.entitySets[0].location == Loc(line: 66, column: 7))
    }

    // MARK: Annotation values

    /// The expression of annotation `@T.x` on a complex type whose members are `members`.
    private func value(_ annotationJSON: String) throws -> AnnotationExpression? {
        let doc = try read(#"{"$Version": "4.0", "N": {"C": {"$Kind": "ComplexType", "@T.x": \#(annotationJSON)}}}"#)
        #expect(doc.issues.isEmpty, "\(doc.issues)")
        return doc.complexTypes.first?.annotations.first?.value
    }

    @Test func constantsAndCollections() throws {
        #expect(try value(#""text""#) == .constant(kind: "String", value: "text"))
        #expect(try value("true") == .constant(kind: "Bool", value: "true"))
        #expect(try value("false") == .constant(kind: "Bool", value: "false"))
        #expect(try value("9007199254740993") == .constant(kind: "Int", value: "9007199254740993"))
        #expect(try value("-2e+80") == .constant(kind: "Decimal", value: "-2e+80"))
        #expect(try value("12.30") == .constant(kind: "Decimal", value: "12.30"))
        #expect(try value("null") == .null)
        #expect(try value(#"{"$Null": null, "@T.why": 1}"#) == .null)
        #expect(try value(#"[1, "a", null]"#) == .collection([.constant(kind: "Int", value: "1"), .constant(kind: "String", value: "a"), .null]))
        #expect(try value(#"{"$EnumMember": "self.Color/Red"}"#) == .constant(kind: "EnumMember", value: "self.Color/Red"))
        #expect(try value(#"{"$Binary": "T0RhdGE"}"#) == .constant(kind: "Binary", value: "T0RhdGE"))
        #expect(try value(#"{"$Date": "2000-01-01"}"#) == .constant(kind: "Date", value: "2000-01-01"))
        #expect(try value(#"{"$Decimal": 1.5}"#) == .constant(kind: "Decimal", value: "1.5"))
    }

    @Test func paths() throws {
        for kind in ["Path", "PropertyPath", "NavigationPropertyPath", "AnnotationPath", "ModelElementPath", "AnyPropertyPath"] {
            #expect(try value(#"{"$\#(kind)": "A/B"}"#) == .path(kind: kind, value: "A/B"))
        }
    }

    @Test func records() throws {
        let r = try value(##"{"@type": "https://example.org/v#self.Person", "@T.y": 1, "Name@T.z": 2, "Name": "Ann", "Age": 3, "Sub": {"X": {"$Path": "P"}}}"##)
        #expect(r == .record(type: "self.Person", properties: [
            .init(property: "Name", value: .constant(kind: "String", value: "Ann")),
            .init(property: "Age", value: .constant(kind: "Int", value: "3")),
            .init(property: "Sub", value: .record(type: nil, properties: [.init(property: "X", value: .path(kind: "Path", value: "P"))])),
        ]))
        #expect(try value(##"{"@odata.type": "#self.T", "A": 1}"##) == .record(type: "self.T", properties: [.init(property: "A", value: .constant(kind: "Int", value: "1"))]))
        #expect(try value(#"{"$Type": "UI.DataField", "Value": {"$Path": "P"}}"#)
                == .record(type: "UI.DataField", properties: [.init(property: "Value", value: .path(kind: "Path", value: "P"))]))
        #expect(try value("{}") == .record(type: nil, properties: []))
    }

    @Test func dynamicExpressions() throws {
        let p = AnnotationExpression.path(kind: "Path", value: "P")
        let s = AnnotationExpression.constant(kind: "String", value: "s")
        #expect(try value(#"{"$Function": "odata.concat", "$Apply": ["s", {"$Path": "P"}]}"#)
                == .dynamic(name: "Apply", attributes: ["Function": "odata.concat"], operands: [s, p]))
        #expect(try value(#"{"$Cast": {"$Path": "P"}, "$Type": "Edm.Decimal", "$Precision": 30, "$Scale": "variable"}"#)
                == .dynamic(name: "Cast", attributes: ["Type": "Edm.Decimal", "Precision": "30", "Scale": "variable"], operands: [p]))
        #expect(try value(#"{"$MaxLength": 30, "$Cast": "s"}"#)
                == .dynamic(name: "Cast", attributes: ["Type": "Edm.String", "MaxLength": "30"], operands: [s]))
        #expect(try value(#"{"$Type": "self.T", "$Collection": true, "$IsOf": {"$Path": "P"}}"#)
                == .dynamic(name: "IsOf", attributes: ["Type": "Collection(self.T)"], operands: [p]))
        #expect(try value(#"{"$LabeledElement": {"$Path": "P"}, "$Name": "L"}"#)
                == .dynamic(name: "LabeledElement", attributes: ["Name": "L"], operands: [p]))
        #expect(try value(#"{"$LabeledElementReference": "self.L"}"#)
                == .dynamic(name: "LabeledElementReference", attributes: [:], operands: [.constant(kind: "String", value: "self.L")]))
        #expect(try value(#"{"$UrlRef": "http://x"}"#)
                == .dynamic(name: "UrlRef", attributes: [:], operands: [.constant(kind: "String", value: "http://x")]))
        #expect(try value(#"{"$If": [true, "s", {"$Path": "P"}]}"#)
                == .dynamic(name: "If", attributes: [:], operands: [.constant(kind: "Bool", value: "true"), s, p]))
        for op in ["And", "Or", "Eq", "Ne", "Gt", "Ge", "Lt", "Le", "Has", "Add", "Sub", "Mul", "Div", "DivBy", "Mod"] {
            #expect(try value(#"{"$\#(op)": [{"$Path": "P"}, "s"], "@T.note": 1}"#) == .dynamic(name: op, attributes: [:], operands: [p, s]))
        }
        #expect(try value(#"{"$Not": {"$Path": "P"}}"#) == .dynamic(name: "Not", attributes: [:], operands: [p]))
        #expect(try value(#"{"$Neg": {"$Path": "P"}}"#) == .dynamic(name: "Neg", attributes: [:], operands: [p]))
        #expect(try value(#"{"$In": [{"$Path": "P"}, ["s"]]}"#) == .dynamic(name: "In", attributes: [:], operands: [p, .collection([s])]))
    }

    @Test func annotationsOfAnnotationsAndQualifiers() throws {
        let doc = try read(#"""
            {"$Version": "4.0", "N": {"C": {"$Kind": "ComplexType",
              "@A.Outer@B.Inner": 1,
              "@A.Outer": "o",
              "@A.Outer#Q": "q",
              "@A.Outer#Q@B.Inner#R": 2,
              "@A.Outer@B.Inner@C.Deep": 3
            }}}
            """#)
        #expect(doc.issues.isEmpty, "\(doc.issues)")
        let list = try #require(doc.complexTypes.first?.annotations)
        #expect(list.map(\.key) == ["A.Outer", "A.Outer#Q"])
        #expect(list[0].annotations.map(\.key) == ["B.Inner"])
        #expect(list[0].annotations[0].value == .constant(kind: "Int", value: "1"))
        #expect(list[0].annotations[0].annotations.map(\.key) == ["C.Deep"])
        #expect(list[1].annotations.map(\.key) == ["B.Inner#R"])
        #expect(list.allSatisfy { $0.target == nil })
    }

    // MARK: Errors and warnings

    @Test func jsonThatIsNotCSDL() throws {
        let payload = readError(#"{"@odata.context": "$metadata#People", "value": []}"#)
        #expect(payload?.issues.first?.code == "not-csdl" && payload?.issues.first?.location == Loc(line: 1, column: 1))
        #expect(payload?.description.contains("$Version") == true)
        #expect(readError("[1, 2]")?.issues.first?.code == "not-csdl")
        let number = readError("{\n  \"$Version\": 4.0}")
        #expect(number?.issues.first?.code == "not-csdl" && number?.issues.first?.location == Loc(line: 2, column: 3))
    }

    @Test func jsonThatIsNotWellFormed() throws {
        let e = readError("{\"$Version\": \"4.0\",\n  \"N\": {\"C\": {\"$Kind\": \"ComplexType\",}}}")
        let issue = try #require(e?.issues.first)
        #expect(issue.code == "not-well-formed" && issue.severity == .error)
        #expect(issue.location == Loc(line: 2, column: 38))
        #expect(e?.description == "test.json:2:38: not well-formed JSON: trailing comma before '}'")
    }

    @Test func oddMembersBecomeWarningsWithPathAndLocation() throws {
        let doc = try read(#"""
            {"$Version": "5.0",
             "N": {
              "W": {"$Kind": "Widget"},
              "NoKind": {},
              "C": {"$Kind": "ComplexType", "P": {"$Nullable": "yes", "$Frobs": 1}, "Q": {"$Kind": "Gadget"}},
              "E": {"$Kind": "EnumType", "A": 1, "B": "x", "Z@T.x": 1},
              "S": {"$Kind": "EntityContainer", "Odd": {"$Nothing": 1}},
              "F": [{"$Kind": "Function", "$Parameter": [{"$Type": "Edm.Int32"}]}, {"$Kind": "Sub"}],
              "@T.a@T.b": 1
             }}
            """#)
        let got = doc.issues.map { "\($0.severity) \($0.code) \($0.path) \($0.location)" }
        #expect(got == [
            "warning unknown-version  1:2",
            "warning unknown-kind N.W 3:9",
            "warning unknown-kind N.NoKind 4:3",
            "warning invalid-value N.C/P 5:52",
            "warning unknown-member N.C/P 5:59",
            "warning unknown-kind N.C/Q 5:79",
            "warning invalid-value N.E/B 6:43",
            "warning ignored-annotation N.E 6:48",
            "warning unknown-kind N.S/Odd 7:37",
            "warning missing-member N.F 8:46",
            "warning unknown-kind N.F 8:72",
            "warning ignored-annotation N 9:3",
        ], "\(doc.issues.map(\.description).joined(separator: "\n"))")
        #expect(doc.version == .v4 && doc.edmxVersion == "5.0")
        // What could be read is there.
        #expect(doc.complexTypes.first?.ownProperties.map(\.name) == ["P"])
        #expect(doc.enumTypes.first?.members.map(\.name) == ["A"])
        #expect(doc.functions.count == 1 && doc.functions[0].parameters.isEmpty)
    }

    @Test func versionsTwoAndThreeAreRead() throws {
        #expect(try read(#"{"$Version": "2.0"}"#).version == .v2)
        #expect(try read(#"{"$Version": "3.0"}"#).version == .v3)
        #expect(try read(#"{"$Version": "4.0"}"#).version == .v4)
    }
}

/// Details of the broadest corpus document (OASIS `miscellaneous.json`).
@Suite(.fixture("corpus", Corpus.isAvailable("metadata"), Corpus.missing("metadata")))
struct CsdlJsonMiscellaneousTests {
    let doc: CsdlDocument
    init() throws { doc = try CsdlJsonReader.read(bytes: Corpus.bytes("metadata", "oasis-csdl-miscellaneous.json"), source: "misc") }

    func schema(_ ns: String) throws -> CsdlSchema { try #require(doc.schemas.first { $0.namespace == ns }) }

    @Test func schemasAndReferences() throws {
        #expect(doc.schemas.map(\.namespace) == ["First", "org.example", "Model1", "X", "Y", "ODATA1221", "Intentionally.Empty"])
        #expect(doc.references.count == 9)
        #expect(doc.references.flatMap(\.includeAnnotations).count == 8)
        #expect(try schema("org.example").alias == "self")
    }

    @Test func enumMemberAnnotations() throws {
        let shipping = try #require(doc.enumTypes.first { $0.name == "ShippingMethod" })
        #expect(shipping.members.map(\.name) == ["FirstClass", "TwoDay", "Overnight"])
        #expect(shipping.members.map { $0.annotations.first?.value?.text } == ["Shipped with highest priority", "Shipped within two days", "Shipped overnight"])
        let color = try #require(try schema("Model1").enumTypes.first { $0.name == "Color" })
        #expect(color.member(named: "Yellow")?.annotations.map(\.term) == ["Is.Working", "Is.Testing"])
    }

    @Test func annotationOnAnnotationWrittenFirst() throws {
        let example = try #require(doc.complexTypes.first { $0.name == "Example40" })
        let amount = try #require(example.ownProperties.first)
        let currency = try #require(amount.annotations.first)
        #expect(currency.term == "Measures.ISOCurrency" && currency.value == .constant(kind: "String", value: "USD"))
        #expect(currency.annotations.map(\.term) == ["Core.Description"])
    }

    @Test func keyAliasAndExternalTargets() throws {
        let category = try #require(doc.entityTypes.first { $0.name == "Category11" })
        #expect(category.ownKeyNames == ["Info/ID"] && category.keyAliases["Info/ID"] == "EntityInfoID")
        let y = try schema("Y")
        #expect(y.annotationsBlocks.map(\.target) == ["Some.EntityType", "self.MyEntityContainer/MyEntitySet/self.MyEntityType/MyProperty"])
        let something = try #require(y.annotationsBlocks[0].annotations.first { $0.term == "Y.Something" && $0.qualifier == nil })
        guard case .record(let type, let properties)? = something.value else { Issue.record("not a record"); return }
        #expect(type == "Y.SomeDerivedType")
        #expect(properties.map(\.property) == ["SomeProperty", "AnotherProperty", "SomeTime", "MoreTime", "Contacts", "VIPs"])
    }

    @Test func termsDefaultToNotNullableString() throws {
        let minimal = try #require(doc.terms.first { $0.name == "Minimal" })
        #expect(minimal.type == TypeReference(name: "Edm.String", isCollection: false) && minimal.facets.nullable == false)
    }
}
