import FoundationEssentials
import ODataModel

/// The metadata that generated proxy classes were made from, carried in their source (`odsh generate swift`): a
/// service object starts with it instead of requesting `$metadata`, and `refreshMetadata` checks the live service
/// against it. The document is read once, on first use; the look-ups hand out its elements for the classes'
/// static property descriptors (`Customer.companyName`).
public final class EmbeddedMetadata: Sendable {
    /// The document, or an empty one when the text could not be read (`checkLoaded()` throws then).
    public let document: CsdlDocument
    private let failure: EmbeddedMetadataError?

    /// Reads the metadata text; `openEnumerations` pre-approves enumeration members the service adds later.
    public init(text: String, source: String, openEnumerations: Bool = false) {
        var text = text
        do {
            let document = try text.withUTF8 { try MetadataReader.read(bytes: UnsafeRawBufferPointer($0), source: source) }
            document.hasOpenEnumerations = openEnumerations
            self.document = document
            failure = nil
        } catch {
            document = CsdlDocument.placeholder(for: source)
            failure = EmbeddedMetadataError(source: source, message: "\(error)")
        }
    }

    /// Throws when the embedded text could not be read (a library that reads metadata differently from the one the
    /// classes were generated with).
    public func checkLoaded() throws {
        if let failure { throw failure }
    }

    /// An entity type by qualified name; a stand-in of that name when the document lacks it.
    public func entityType(_ qualifiedName: String) -> EntityType {
        if let t = try? document.entityType(withName: qualifiedName) { return t }
        let (namespace, name) = Self.split(qualifiedName)
        return EntityType(name: name, namespace: namespace)
    }

    /// A complex type by qualified name; a stand-in of that name when the document lacks it.
    public func complexType(_ qualifiedName: String) -> ComplexType {
        if let t = try? document.complexType(withName: qualifiedName) { return t }
        let (namespace, name) = Self.split(qualifiedName)
        return ComplexType(name: name, namespace: namespace)
    }

    /// An enumeration type by qualified name; a stand-in of that name when the document lacks it.
    public func enumType(_ qualifiedName: String) -> EnumType {
        if let t = try? document.enumType(withName: qualifiedName) { return t }
        let (namespace, name) = Self.split(qualifiedName)
        return EnumType(name: name, namespace: namespace)
    }

    /// A structural property of a type (declared on it or inherited); a stand-in when the type lacks it.
    public func property(_ type: StructuredType, _ name: String) -> Property {
        type.structuralProperty(named: name) ?? Property(name: name, type: TypeReference("Edm.Untyped"))
    }

    /// A navigation property of a type (declared on it or inherited); a stand-in when the type lacks it.
    public func navigationProperty(_ type: StructuredType, _ name: String, target: String, isCollection: Bool) -> NavigationProperty {
        type.navigationProperty(named: name) ?? NavigationProperty(name: name, type: TypeReference(name: target, isCollection: isCollection))
    }

    /// The descriptors a generated class declares, by name, in the order given (declared on the type or inherited;
    /// a stand-in for a name the type lacks, of the target and cardinality given for a navigation property): a
    /// class reads its property descriptors (`Customer.companyName`) from one such table, so that a descriptor is
    /// an entry of it rather than a global of its own.
    public func descriptors(_ type: StructuredType, properties: [String],
                            navigation: [(name: String, target: String, isCollection: Bool)] = []) -> ProxyDescriptors {
        ProxyDescriptors(properties: properties.map { property(type, $0) },
                         navigation: navigation.map { navigationProperty(type, $0.name, target: $0.target, isCollection: $0.isCollection) })
    }

    /// An entity set by name; a stand-in when the document lacks it.
    public func entitySet(_ name: String, type: String) -> EntitySet {
        (try? document.entitySet(withName: name)) ?? EntitySet(name: name, type: TypeReference(type))
    }

    /// A singleton by name; a stand-in when the document lacks it.
    public func singleton(_ name: String, type: String) -> Singleton {
        (try? document.singleton(withName: name)) ?? Singleton(name: name, type: TypeReference(type))
    }

    private static func split(_ qualifiedName: String) -> (String, String) {
        guard let dot = qualifiedName.lastIndex(of: ".") else { return ("", qualifiedName) }
        return (String(qualifiedName[..<dot]), String(qualifiedName[qualifiedName.index(after: dot)...]))
    }
}
