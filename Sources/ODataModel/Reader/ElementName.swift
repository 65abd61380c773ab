/// The CSDL and EDMX element names the reader acts on, told apart once per distinct name pointer.
enum ElementName: String {
    case Edmx, DataServices, Reference, Include, IncludeAnnotations, Runtime, Designer, ConceptualModels, StorageModels, Mappings, Schema, EntityType, ComplexType, EnumType, TypeDefinition, Association, EntityContainer, Action, Function, Term, Annotations, Annotation, ValueAnnotation, Documentation, Using, TypeAnnotation, Key, PropertyRef, Property, NavigationProperty, ReferentialConstraint, OnDelete, Member, End, Principal, Dependent, EntitySet, Singleton, FunctionImport, ActionImport, AssociationSet, NavigationPropertyBinding, Parameter, ReturnType
    // Inside annotations: constant and path expressions (also as attributes), and the structural ones.
    case String, Bool, Int, Decimal, Float, Date, DateTimeOffset, TimeOfDay, Duration, Guid, Binary, EnumMember, DateTime, Time
    case Path, PropertyPath, NavigationPropertyPath, AnnotationPath, ModelElementPath, AnyPropertyPath
    case Null, Record, Collection, PropertyValue, LabeledElementReference, UrlRef
    // Attributes of annotation elements with fields of their own (with `Term` and `Property` above), told apart
    // through the same cache (`ExprFrame.take`).
    case Qualifier, `Type`
    case other = ""

    var isConstant: Swift.Bool {
        switch self {
        case .String, .Bool, .Int, .Decimal, .Float, .Date, .DateTimeOffset, .TimeOfDay, .Duration, .Guid, .Binary, .EnumMember, .DateTime, .Time: return true
        default: return false
        }
    }
    var isPath: Swift.Bool {
        switch self {
        case .Path, .PropertyPath, .NavigationPropertyPath, .AnnotationPath, .ModelElementPath, .AnyPropertyPath: return true
        default: return false
        }
    }
}
