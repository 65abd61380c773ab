/// An annotation: a term applied to an element with an optional qualifier and a value expression.
public struct CsdlAnnotation: @unchecked Sendable {
    /// The term's qualified name with any alias replaced by its namespace.
    public var term: String
    /// The term as written (it may use an alias).
    public var termAsWritten: String
    public var qualifier: String?
    public var value: AnnotationExpression?
    /// Annotations of this annotation.
    public var annotations: [CsdlAnnotation] = []
    /// The target path, for annotations from an `Annotations Target=...` block; nil for inline ones.
    public var target: String?
    public var location: SourceLocation

    public init(term: String, qualifier: String? = nil, value: AnnotationExpression? = nil, location: SourceLocation = .unknown) {
        self.term = term; self.termAsWritten = term; self.qualifier = qualifier; self.value = value; self.location = location
    }
    /// `@Term#Qualifier`.
    public var key: String { qualifier.map { "\(term)#\($0)" } ?? term }
}

/// An annotation value: constant and path expressions, records, collections and dynamic expressions.
public indirect enum AnnotationExpression: Sendable, Equatable {
    /// A constant with its kind (`String`, `Bool`, `Int`, `Decimal`, `Float`, `Date`, `DateTimeOffset`,
    /// `TimeOfDay`, `Duration`, `Guid`, `Binary`, `EnumMember`) and its text as written.
    case constant(kind: String, value: String)
    /// A path with its kind (`Path`, `PropertyPath`, `NavigationPropertyPath`, `AnnotationPath`, `ModelElementPath`, `AnyPropertyPath`).
    case path(kind: String, value: String)
    case record(type: String?, properties: [PropertyValue])
    case collection([AnnotationExpression])
    case null
    /// Any other expression (`Apply`, `If`, `Eq`, `And`, `Cast`, `IsOf`, `LabeledElement`, `UrlRef`, ...):
    /// its element name, attributes and operands.
    case dynamic(name: String, attributes: [String: String], operands: [AnnotationExpression])

    /// A property value inside a record.
    public struct PropertyValue: Sendable, Equatable {
        public var property: String
        public var value: AnnotationExpression
        public init(property: String, value: AnnotationExpression) { self.property = property; self.value = value }
    }

    /// The text of a constant or path, else nil.
    public var text: String? {
        switch self {
        case .constant(_, let v), .path(_, let v): return v
        default: return nil
        }
    }
}
