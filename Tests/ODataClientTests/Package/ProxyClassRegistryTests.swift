import ODataClient
import ODataModel
import Testing

/// An entity of a derived type read through its base type comes back as the derived type's class, through the
/// registry of generated classes (Graph's shape: `DirectoryObject` and `User: DirectoryObject`).
@Suite("Proxy classes: derived classes from base-type reads")
struct ProxyClassRegistryTests {
    static let metadata = EmbeddedMetadata(text: ProxyRuntimeTests.edmx, source: "shop.xml")

    /// The base type's class as `odsh generate swift` writes one that others inherit.
    class Base: EntityProxy, @unchecked Sendable {
        class var entityType: EntityType { ProxyClassRegistryTests.metadata.entityType("Shop.Base") }
        let entityValue: EntityValue
        required init(entityValue: EntityValue) { self.entityValue = entityValue }
    }

    /// The derived type's class.
    final class Product: Base, @unchecked Sendable {
        override class var entityType: EntityType { ProxyClassRegistryTests.metadata.entityType("Shop.Product") }
    }

    /// The generated lookup of the derived classes.
    static func derivedClass(_ qualifiedName: String) -> (any EntityProxy.Type)? {
        qualifiedName == "Shop.Product" ? Product.self : nil
    }

    @Test("A base-type read of a derived entity gives the derived class once the module's lookup is registered")
    func derivedClassFromBaseRead() throws {
        let product = EntityValue.ofType(Self.metadata.entityType("Shop.Product"))
        ProxyClassRegistry.register("ProxyClassRegistryTests") { Self.derivedClass($0) }
        let read = Base.proxy(wrapping: product)
        #expect(read is Product, "\(type(of: read))")
        // A base entity stays exactly the base class.
        #expect(type(of: Base.proxy(wrapping: EntityValue.ofType(Self.metadata.entityType("Shop.Base")))) == Base.self)
        // Through a navigation property whose target is the base type.
        let owner = Product.proxy(wrapping: EntityValue.ofType(Self.metadata.entityType("Shop.Product")))
        let maker = try #require(Self.metadata.entityType("Shop.Product").navigationProperty(named: "Maker"))
        owner.setRelated(maker, to: Product.proxy(wrapping: product))
        #expect(owner.related(maker, as: Base.self) is Product)
    }

    /// The classes of another module generated for a service whose types have the same qualified names (Graph's
    /// v1.0 and beta in one program).
    class OtherBase: EntityProxy, @unchecked Sendable {
        class var entityType: EntityType { ProxyClassRegistryTests.metadata.entityType("Shop.Base") }
        let entityValue: EntityValue
        required init(entityValue: EntityValue) { self.entityValue = entityValue }
    }

    final class OtherProduct: OtherBase, @unchecked Sendable {
        override class var entityType: EntityType { ProxyClassRegistryTests.metadata.entityType("Shop.Product") }
    }

    @Test("Two modules with classes for one qualified name: each base class gets its own module's derived class")
    func twoModules() throws {
        ProxyClassRegistry.register("ProxyClassRegistryTests") { Self.derivedClass($0) }
        ProxyClassRegistry.register("ProxyClassRegistryTests.Other") { $0 == "Shop.Product" ? OtherProduct.self : nil }
        let product = EntityValue.ofType(Self.metadata.entityType("Shop.Product"))
        #expect(Base.proxy(wrapping: product) is Product)
        #expect(OtherBase.proxy(wrapping: product) is OtherProduct)
        #expect(ProxyClassRegistry.proxyClasses(for: "Shop.Product").count >= 2)
    }
}
