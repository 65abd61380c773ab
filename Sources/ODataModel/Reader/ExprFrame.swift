/// An element inside an annotation, open until its end tag. Values are built bottom-up: each element that closes
/// hands its expression (or property value, or annotation) to the one around it, so no tree of XML nodes is kept.
struct ExprFrame {
    let name: String
    /// `name` told apart once per distinct name (no string comparisons or hashing per element).
    let kind: ElementName
    let location: SourceLocation
    /// The attributes the reader asks for by name: `Term`, `Qualifier` (Annotation), `Property` (PropertyValue),
    /// `Type` (Record, Cast, IsOf). Nearly every frame has one or two; kept in an array, they cost an allocation
    /// and a free per element (FAR_MANAGE's annotations are ~32,000 elements).
    var term: String?
    var qualifier: String?
    var property: String?
    var type: String?
    /// Any other attributes (those of dynamic expressions: `Function`, `Name`, ...), in document order: a few
    /// pairs, searched linearly.
    var attributes: [(String, String)] = []
    /// The value given as an attribute (`String="..."`, `Path="..."`).
    var inline: AnnotationExpression?
    /// Where this element's operands and property values start in the builder's pending lists (`CsdlXmlBuilder`):
    /// the values of all open elements are kept there, and each element's are made into an array of their exact size
    /// when it closes. Appended to an array per element, most grew more than once (a collection of records, a
    /// record of two property values).
    let operandsStart: Int
    let propertiesStart: Int
    var annotations: [CsdlAnnotation] = []

    /// An empty frame; `CsdlXmlBuilder.openExpression` fills it in place from the element's attributes.
    init(name: String, kind: ElementName, location: SourceLocation, operandsStart: Int, propertiesStart: Int) {
        self.name = name
        self.kind = kind
        self.location = location
        self.operandsStart = operandsStart
        self.propertiesStart = propertiesStart
    }

    /// Files the element's attributes: the first constant or path attribute is its inline value, the ones read by
    /// name have fields of their own, and any others are kept in order.
    mutating func take(_ a: Attrs, doc: CsdlDocument) {
        a.forEachUnprefixed { i, keyKind in
            let value = a.value(i)
            if inline == nil {
                if keyKind.isConstant { inline = .constant(kind: a.name(i), value: value); return }
                if keyKind.isPath { inline = .path(kind: a.name(i), value: value); return }
                if keyKind == .UrlRef { inline = .dynamic(name: "UrlRef", attributes: [:], operands: [.constant(kind: "String", value: value)]); return }
            }
            switch keyKind {
            case .Term: term = value
            case .Qualifier: qualifier = value
            case .Property: property = value
            case .Type: type = value
            default:
                let key = a.name(i)
                if let j = attributes.firstIndex(where: { $0.0 == key }) { attributes[j].1 = value } else { attributes.append((key, value)) }
            }
        }
        // Qualified names in values are stored with aliases replaced, like terms.
        if kind == .Record, let t = type { type = doc.resolveAnnotationAlias(t) }
    }

    func annotation(resolvingTermWith doc: CsdlDocument, operands: [AnnotationExpression]) -> CsdlAnnotation {
        let written = term ?? ""
        return CsdlAnnotation(term: doc.resolveAnnotationAlias(written), termAsWritten: written, qualifier: qualifier,
                              value: inline ?? operands.first, annotations: annotations, location: location)
    }

    /// The frame's property value, its name and value moved out (`take()`): the frame is dropped next, and copied
    /// out instead, they were retained here and released with it (FAR_MANAGE has ~17,000 property values).
    mutating func takePropertyValue(operands: [AnnotationExpression]) -> AnnotationExpression.PropertyValue {
        .init(property: property.take() ?? "", value: inline.take() ?? operands.first ?? .null)
    }

    /// The frame's expression; a record's type is moved out, as in `takePropertyValue`.
    mutating func takeExpression(_ doc: CsdlDocument, text: String, operands: [AnnotationExpression], properties: [AnnotationExpression.PropertyValue]) -> AnnotationExpression {
        if kind.isConstant {
            return .constant(kind: name, value: kind == .String ? text : text.trimmingWhitespace())
        }
        if kind.isPath { return .path(kind: name, value: text.trimmingWhitespace()) }
        switch kind {
        case .Null: return .null
        case .Record: return .record(type: type.take(), properties: properties)
        case .Collection: return .collection(operands)
        case .LabeledElementReference:
            return .dynamic(name: name, attributes: [:],
                            operands: [.constant(kind: "String", value: doc.resolveAnnotationAlias(text.trimmingWhitespace()))])
        default:
            var dict: [String: String] = [:]
            for (k, v) in attributes { dict[k] = v }
            for (k, v) in [("Term", term), ("Qualifier", qualifier), ("Property", property), ("Type", type)] { if let v { dict[k] = v } }
            return .dynamic(name: name, attributes: dict, operands: (inline.map { [$0] } ?? []) + operands)
        }
    }
}
