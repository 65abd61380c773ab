/// An annotation: a term applied to an element with an optional qualifier and a value expression.
///
/// A value type whose term, value, nested annotations and location live in one shared, copy-on-write object: an
/// annotation is copied far more often than changed (from an `Annotations` block to its target, between the
/// reader's stages), and a copy then retains two references instead of up to six, and takes 40 bytes in an array
/// instead of 96.
// @unchecked: the storage object is written only once it is this value's alone (`unique`: isKnownUniquelyReferenced
// reads its atomic reference count), as Array's copy-on-write does; storage shared between values is only read.
public struct CsdlAnnotation: @unchecked Sendable {
    private final class Storage {
        var term: String
        var termAsWritten: String
        var value: AnnotationExpression?
        var annotations: [CsdlAnnotation]
        var location: SourceLocation
        init(term: String, termAsWritten: String, value: AnnotationExpression?, annotations: [CsdlAnnotation], location: SourceLocation) {
            self.term = term; self.termAsWritten = termAsWritten; self.value = value; self.annotations = annotations; self.location = location
        }
        func copy() -> Storage {
            Storage(term: term, termAsWritten: termAsWritten, value: value, annotations: annotations, location: location)
        }
    }
    private var storage: Storage
    /// The storage, made this value's own first when it is shared.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The term's qualified name with any alias replaced by its namespace.
    public var term: String {
        get { storage.term }
        set { unique.term = newValue }
    }
    /// The term as written (it may use an alias).
    public var termAsWritten: String {
        get { storage.termAsWritten }
        set { unique.termAsWritten = newValue }
    }
    /// The qualifier that tells apart several annotations with the same term (`#Q` in `@UI.LineItem#Q`); nil for none.
    public var qualifier: String?
    /// The annotation's value; nil for an annotation written without one (a Boolean term then means true).
    public var value: AnnotationExpression? {
        get { storage.value }
        set { unique.value = newValue }
    }
    /// Annotations of this annotation.
    public var annotations: [CsdlAnnotation] {
        get { storage.annotations }
        _modify { yield &unique.annotations }
        set { unique.annotations = newValue }
    }
    /// The target path, for annotations from an `Annotations Target=...` block (on the target and, once the document
    /// is resolved, in the block too, unless the target is an operation's `$ReturnType` or missing); nil for inline ones.
    public var target: String?
    /// Where the annotation was written.
    public var location: SourceLocation {
        get { storage.location }
        set { unique.location = newValue }
    }

    /// An annotation of a term, with a qualifier and value, read at `location`.
    public init(term: String, qualifier: String? = nil, value: AnnotationExpression? = nil, location: SourceLocation = .unknown) {
        storage = Storage(term: term, termAsWritten: term, value: value, annotations: [], location: location)
        self.qualifier = qualifier
    }

    /// A new annotation with every part given (the reader's: no storage made only to be replaced).
    init(term: String, termAsWritten: String, qualifier: String?, value: AnnotationExpression?, annotations: [CsdlAnnotation],
         location: SourceLocation) {
        storage = Storage(term: term, termAsWritten: termAsWritten, value: value, annotations: annotations, location: location)
        self.qualifier = qualifier
    }
    /// `@Term#Qualifier`.
    public var key: String { qualifier.map { "\(term)#\($0)" } ?? term }
}

/// An annotation value: constant and path expressions, records, collections and dynamic expressions.
// Not `indirect`: the nested values are in arrays already, and an indirect enum puts every value, each constant and
// path included, in a heap box of its own.
public enum AnnotationExpression: Sendable, Equatable {
    /// A constant with its kind (`String`, `Bool`, `Int`, `Decimal`, `Float`, `Date`, `DateTimeOffset`,
    /// `TimeOfDay`, `Duration`, `Guid`, `Binary`, `EnumMember`) and its text as written.
    case constant(kind: String, value: String)
    /// A path with its kind (`Path`, `PropertyPath`, `NavigationPropertyPath`, `AnnotationPath`, `ModelElementPath`, `AnyPropertyPath`).
    case path(kind: String, value: String)
    /// A record: an optional type and its property values.
    case record(type: String?, properties: [PropertyValue])
    /// A collection of values.
    case collection([AnnotationExpression])
    /// The `null` expression.
    case null
    /// Any other expression (`Apply`, `If`, `Eq`, `And`, `Cast`, `IsOf`, `LabeledElement`, `UrlRef`, ...):
    /// its element name, attributes and operands.
    case dynamic(name: String, attributes: [String: String], operands: [AnnotationExpression])

    /// A property value inside a record.
    public struct PropertyValue: Sendable, Equatable {
        /// The name of the record's property.
        public var property: String
        /// The property's value.
        public var value: AnnotationExpression
        /// A record property and its value.
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
