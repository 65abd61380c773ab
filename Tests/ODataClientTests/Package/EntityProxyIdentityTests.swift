import ODataClient
import ODataModel
import Testing

/// Entities a developer can print and compare: a proxy prints its class, key and a few properties, and is
/// `Identifiable`, `Equatable` and `Hashable` by its entity's type and key.
@Suite("Proxy classes: printing, identity, equality")
struct EntityProxyIdentityTests {
    static let metadata = EmbeddedMetadata(text: ProxyRuntimeTests.edmx, source: "shop.xml")

    /// A class as `odsh generate swift` writes one (trimmed to what the test reads).
    final class Product: EntityProxy {
        static var entityType: EntityType { EntityProxyIdentityTests.metadata.entityType("Shop.Product") }
        let entityValue: EntityValue
        init(entityValue: EntityValue) { self.entityValue = entityValue }
        convenience init() { self.init(entityValue: EntityValue.ofType(Self.entityType)) }
        static var id: Property { EntityProxyIdentityTests.metadata.property(entityType, "ID") }
        static var name: Property { EntityProxyIdentityTests.metadata.property(entityType, "Name") }
        static var rating: Property { EntityProxyIdentityTests.metadata.property(entityType, "Rating") }
        /// A property named id, as generated for a key property ID: it keeps its name and type (optional, as every
        /// generated property is).
        var id: Int32? {
            get { entityValue.proxyValue(Product.id, as: Int32.self) }
            set { entityValue.setProxyValue(Product.id, to: newValue) }
        }
        /// Not nullable.
        var name: String? {
            get { entityValue.proxyValue(Product.name, as: String.self) }
            set { entityValue.setProxyValue(Product.name, to: newValue) }
        }
        /// Nullable.
        var rating: Int16? {
            get { entityValue.proxyValue(Product.rating, as: Int16.self) }
            set { entityValue.setProxyValue(Product.rating, to: newValue) }
        }
    }

    static func product(_ id: Int32?, _ name: String?) -> Product {
        let p = Product()
        p.id = id
        p.name = name
        return p
    }

    /// What `Identifiable` gives, where `a.id` is the generated property.
    static func identity<T: Identifiable>(of value: T) -> T.ID { value.id }

    @Test("print shows the class, the key and the properties with values")
    func printed() {
        #expect("\(Self.product(7, "Anvil"))" == #"Product(ID: 7, Name: "Anvil")"#)
        #expect(Self.product(7, nil).description == "Product(ID: 7)")
        #expect(Self.product(nil, "New").description == #"Product(ID: nil, Name: "New")"#)
    }

    @Test("Equal and hashed alike by type and key, whatever the other values; without a key, only itself")
    func equality() {
        let a = Self.product(7, "Anvil"), b = Self.product(7, "Anvil (renamed)"), c = Self.product(8, "Anvil")
        #expect(a == b)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(a.id == 7, "the generated property named id keeps its type")
        let identity = Self.identity(of: a)
        #expect(identity.typeName == "Shop.Product" && identity.description == "Shop.Product(7)")
        let new1 = Self.product(nil, "New"), new2 = Self.product(nil, "New")
        #expect(new1 == new1)
        #expect(new1 != new2, "an entity without its key is only itself")
        #expect(Product(entityValue: new1.entityValue) == new1, "two proxies of one EntityValue are equal")
    }
}

/// A property that was not loaded reads as nil, never as a made-up default; `isLoaded` tells it from null.
@Suite("Proxy classes: what was loaded")
struct EntityProxyLoadedTests {
    typealias Product = EntityProxyIdentityTests.Product

    @Test("isLoaded is false for a property a select left out (it reads as nil), true for a value or null")
    func loaded() throws {
        let p = Product()
        #expect(!p.isLoaded(Product.id))
        #expect(p.id == nil, "not loaded, the key reads as nil")
        #expect(!p.isLoaded(Product.name))
        p.id = 0
        #expect(p.isLoaded(Product.id), "a 0 that was set is loaded")
        p.rating = nil
        #expect(p.isLoaded(Product.rating) && p.rating == nil, "null counts as a value")
        let maker = try #require(Product.entityType.navigationProperty(named: "Maker"))
        #expect(!p.isLoaded(maker), "a navigation property neither expanded nor loaded")
    }

    @Test("nil set on a property that is not nullable removes its value (not sent); on a nullable one it sets null")
    func nilSet() throws {
        let p = Product()
        p.name = "Anvil"
        p.rating = 4
        p.name = nil
        #expect(!p.isLoaded(Product.name) && p.name == nil, "removed, not null: Name is not nullable")
        #expect(!p.entityValue.changedProperties.contains { $0.name == "Name" }, "nothing to send for it")
        p.rating = nil
        #expect(p.isLoaded(Product.rating) && p.rating == nil, "Rating is nullable: null")
        #expect(p.entityValue.changedProperties.contains { $0.name == "Rating" })
    }
}
