import Foundation
import Testing
import ODataModel
import ODataProxyGen
import TestSupport

/// The generator on a small document made to hold what trips it: Swift keywords, names that are not identifiers,
/// names that differ only in case, names the generated code uses itself, enums, renames by annotation.
@Suite("Proxy classes from a small document")
struct ProxyGeneratorTests {
    static let edmx = #"""
    <?xml version="1.0" encoding="utf-8"?>
    <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
      <edmx:DataServices>
        <Schema Namespace="Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">
          <EnumType Name="Color">
            <Member Name="Red" Value="1"/>
            <Member Name="default" Value="2"/>
          </EnumType>
          <EnumType Name="Access" IsFlags="true">
            <Member Name="Read" Value="1"/>
            <Member Name="Write" Value="2"/>
          </EnumType>
          <ComplexType Name="Address">
            <Property Name="Street" Type="Edm.String"/>
            <Property Name="Lines" Type="Collection(Edm.String)" Nullable="false"/>
          </ComplexType>
          <EntityType Name="Product">
            <Key><PropertyRef Name="ID"/></Key>
            <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
            <Property Name="class" Type="Edm.String"/>
            <Property Name="Unit-Price" Type="Edm.Decimal" Scale="2"/>
            <Property Name="3D" Type="Edm.Boolean"/>
            <Property Name="description" Type="Edm.String"/>
            <Property Name="EntityType" Type="Edm.String"/>
            <Property Name="Color" Type="Shop.Color"/>
            <Property Name="Access" Type="Shop.Access"/>
            <Property Name="Address" Type="Shop.Address"/>
            <Property Name="Created" Type="Edm.DateTimeOffset" Nullable="false"/>
            <NavigationProperty Name="Supplier" Type="Shop.Supplier"/>
          </EntityType>
          <EntityType Name="Supplier">
            <Key><PropertyRef Name="Code"/><PropertyRef Name="Region"/></Key>
            <Property Name="Code" Type="Edm.String" Nullable="false"/>
            <Property Name="Region" Type="Edm.Int16" Nullable="false"/>
            <Property Name="Name" Type="Edm.String"/>
            <NavigationProperty Name="Products" Type="Collection(Shop.Product)"/>
          </EntityType>
          <EntityType Name="SpecialProduct" BaseType="Shop.Product">
            <Property Name="Discount" Type="Edm.Int32" Nullable="false"/>
            <Property Name="EntityValue" Type="Edm.String"/>
            <Property Name="ProxyDescriptors" Type="Edm.String"/>
          </EntityType>
          <ComplexType Name="PostalAddress" BaseType="Shop.Address">
            <Property Name="Code" Type="Edm.String"/>
          </ComplexType>
          <EntityType Name="String">
            <Key><PropertyRef Name="Value"/></Key>
            <Property Name="Value" Type="Edm.String" Nullable="false"/>
          </EntityType>
          <Function Name="TopProducts">
            <Parameter Name="count" Type="Edm.Int32" Nullable="false"/>
            <Parameter Name="color" Type="Shop.Color"/>
            <ReturnType Type="Collection(Shop.Product)"/>
          </Function>
          <Action Name="Reset"/>
          <Function Name="Rating" IsBound="true">
            <Parameter Name="product" Type="Shop.Product" Nullable="false"/>
            <Parameter Name="scale" Type="Edm.Int32"/>
            <ReturnType Type="Edm.Double"/>
          </Function>
          <Action Name="Rating" IsBound="true">
            <Parameter Name="supplier" Type="Shop.Supplier" Nullable="false"/>
            <Parameter Name="value" Type="Edm.Int32" Nullable="false"/>
          </Action>
          <Function Name="Cheapest" IsBound="true">
            <Parameter Name="products" Type="Collection(Shop.Product)" Nullable="false"/>
            <ReturnType Type="Shop.Product"/>
          </Function>
          <Action Name="Replace">
            <Parameter Name="old" Type="Shop.Product" Nullable="false"/>
            <Parameter Name="others" Type="Collection(Shop.Product)"/>
            <ReturnType Type="Shop.Product"/>
          </Action>
          <EntityContainer Name="ShopService">
            <EntitySet Name="Products" EntityType="Shop.Product"/>
            <EntitySet Name="Suppliers" EntityType="Shop.Supplier"/>
            <EntitySet Name="Strings" EntityType="Shop.String"/>
            <Singleton Name="Featured" Type="Shop.Product"/>
            <FunctionImport Name="TopProducts" Function="Shop.TopProducts"/>
            <ActionImport Name="Reset" Action="Shop.Reset"/>
            <ActionImport Name="Replace" Action="Shop.Replace"/>
          </EntityContainer>
        </Schema>
      </edmx:DataServices>
    </edmx:Edmx>
    """#

    static func document(_ text: String = edmx) throws -> CsdlDocument {
        var text = text
        return try text.withUTF8 { try MetadataReader.read(bytes: UnsafeRawBufferPointer($0), source: "shop.xml") }
    }

    static func generate(_ text: String = edmx, _ configure: (inout ProxyGeneratorOptions) -> Void = { _ in }) throws -> [String: String] {
        var options = ProxyGeneratorOptions()
        configure(&options)
        let files = try ProxyGenerator(document: try document(text), metadataText: text, source: "shop.xml", options: options).generate()
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    @Test("A file per class, named after the container, the types and the enums (not the flags enum)")
    func files() throws {
        let files = try Self.generate()
        #expect(Set(files.keys) == ["ShopService.swift", "ShopServiceMetadata.swift", "Product.swift", "Supplier.swift",
                                    "String_2.swift", "Address.swift", "Color.swift", "SpecialProduct.swift",
                                    "PostalAddress.swift"])
    }

    @Test("Above filePerTypeLimit, a file per initial letter (after the prefix) for classes and for enums")
    func grouped() throws {
        let files = try Self.generate { $0.filePerTypeLimit = 3; $0.classPrefix = "Z" }
        #expect(Set(files.keys) == ["ShopService.swift", "ShopServiceMetadata.swift", "Types_A.swift", "Types_P.swift",
                                    "Types_S.swift", "Enums_C.swift"])
        let p = try #require(files["Types_P.swift"])
        #expect(p.hasPrefix("// Generated by `odsh generate swift` for the service Shop.ShopService from shop.xml."))
        #expect(p.components(separatedBy: "import OData\n").count == 2, "one prelude per file")
        #expect(p.contains("public class ZProduct: EntityProxy, Codable, @unchecked Sendable {"))
        #expect(p.contains("public final class ZPostalAddress: ZAddress, @unchecked Sendable {"))
        #expect(try #require(files["Types_S.swift"]).contains("public final class ZString: EntityProxy"))
    }

    @Test("Keywords get a trailing _, non-identifiers _ for each bad character, a leading digit a _; each with a comment")
    func escaping() throws {
        let product = try #require(try Self.generate()["Product.swift"])
        #expect(product.contains("public final var class_: String? {"))
        #expect(product.contains("/// Named so in Swift: class is a Swift keyword."))
        #expect(product.contains("public final var unitPrice: DecimalValue? {"))
        #expect(product.contains("Unit-Price with its words joined, as Swift spells names"))
        #expect(product.contains("public final var _3D: Bool? {"))
        #expect(product.contains("3D begins with a digit"))
        // `entityType` is the class's own: a property of that name gets a suffix.
        #expect(product.contains("public final var entityType_2: String? {"))
        #expect(product.contains("entityType is a name the generated code uses"))
        // An entity's class prints itself (CustomStringConvertible), so a property named description gets a suffix.
        #expect(product.contains("public final var description_2: String? {"))
        #expect(product.contains("description is a name the generated code uses"))
        // The descriptors are entries of one table per class, read from the metadata once.
        #expect(product.contains("public static var id: Property { proxyDescriptors.property(0) }"))
        #expect(product.contains("private static let proxyDescriptors: ProxyDescriptors = ShopServiceMetadata.shared.descriptors(Product.entityType, properties: [\"ID\", "))
    }

    @Test("Types: every property optional, nullable or not, key or not; enums, flags, complex, collections, navigation")
    func types() throws {
        let product = try #require(try Self.generate()["Product.swift"])
        // The key, not nullable: nil when a select left it out, never a made-up 0.
        #expect(product.contains("public final var id: Int32? {"))
        #expect(product.contains("get { entityValue.proxyValue(Product.id, as: Int32.self) }"))
        #expect(!product.contains("requiredProxyValue"))
        #expect(product.contains("get { entityValue.proxyValue(Product.class_, as: String.self) }"))
        #expect(product.contains("public final var color: Color? {"))
        #expect(product.contains("public final var access: EnumValue? {"))
        #expect(product.contains("public final var address: Address? {"))
        #expect(product.contains("public final var created: GlobalDateTime? {"))
        #expect(product.contains("public final var supplier: Supplier? {"))
        #expect(product.contains("public static var supplier: NavigationProperty { proxyDescriptors.navigation(0) }"))
        #expect(product.contains("\"Created\"], navigation: [(\"Supplier\", \"Shop.Supplier\", false)])\n"))
        let address = try #require(try Self.generate()["Address.swift"])
        #expect(address.contains("public class Address: ComplexProxy, Codable, @unchecked Sendable {"), "PostalAddress inherits it")
        #expect(address.contains("public final var lines: [String]? {"))
        let supplier = try #require(try Self.generate()["Supplier.swift"])
        #expect(supplier.contains("public var products: [Product]? {"))
    }

    @Test("--disable-optionals: no property optional, each reads as a default; navigation stays optional")
    func disableOptionals() throws {
        let product = try #require(try Self.generate { $0.disableOptionals = true }["Product.swift"])
        #expect(product.contains("public final var class_: String {"))
        #expect(product.contains("public final var id: Int32 {"))
        #expect(product.contains("get { entityValue.requiredProxyValue(Product.id, as: Int32.self) }"))
        #expect(product.contains("public final var supplier: Supplier? {"))
    }

    @Test("A closed enum by default; --open-enumerations adds unknown(String) and pre-approves new members")
    func enums() throws {
        let closed = try #require(try Self.generate()["Color.swift"])
        #expect(closed.contains("public enum Color: String, ProxyEnumeration, CaseIterable, Codable {"))
        #expect(closed.contains("case default_ = \"default\""))
        let files = try Self.generate { $0.openEnumerations = true }
        let open = try #require(files["Color.swift"])
        #expect(open.contains("case unknown(String)"))
        #expect(open.contains("default: self = .unknown(rawValue)"))
        #expect(try #require(files["ShopServiceMetadata.swift"]).contains("openEnumerations: true"))
    }

    @Test("A type named like a type the generated code uses gets a suffix, said in a comment")
    func reservedTypeName() throws {
        let file = try #require(try Self.generate()["String_2.swift"])
        #expect(file.contains("public final class String_2: EntityProxy"))
        #expect(file.contains("String is a name the generated code uses"))
        #expect(try #require(try Self.generate()["ShopService.swift"]).contains("-> [String_2]"))
        // The type of the classes' descriptor tables too.
        let tables = Self.edmx.replacingOccurrences(of: "<EntityType Name=\"String\">", with: "<EntityType Name=\"ProxyDescriptors\">")
            .replacingOccurrences(of: "Shop.String", with: "Shop.ProxyDescriptors")
        #expect(try #require(try Self.generate(tables)["ProxyDescriptors_2.swift"]).contains("public final class ProxyDescriptors_2: EntityProxy"))
    }

    @Test("The service: sets, key look-ups with typed keys, singletons, functions and actions, blocking and async")
    func service() throws {
        let s = try #require(try Self.generate()["ShopService.swift"])
        #expect(s.contains("public func products(query: DataQuery = DataQuery()) throws -> [Product] {"))
        #expect(s.contains("public func products(query: DataQuery = DataQuery()) async throws -> [Product] {"))
        #expect(s.contains("public func productsSequence(query: DataQuery = DataQuery()) -> EntityProxySequence<Product> {"))
        #expect(s.contains("public func suppliersWithKey(code: String, region: Int16, query: DataQuery = DataQuery()) throws -> Supplier {"))
        #expect(s.contains("public func featured(query: DataQuery = DataQuery()) async throws -> Product {"))
        #expect(s.contains("public func topProducts(count: Int32, color: Color? = nil) throws -> [Product] {"))
        #expect(s.contains("if let color { parameters.append((\"color\", color.dataValue)) }"))
        #expect(s.contains("public func reset() async throws {"))
        #expect(s.contains("dataService = try DataService(url: url, configuration: configuration, metadata: ShopServiceMetadata.shared.document)"))
        // Each blocking form is noasync, so that top-level code that awaits cannot choose it over the async one; the
        // async forms and the lazy sequences are not.
        let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
        let methods = lines.indices.filter { lines[$0].contains(" func ") && lines[$0].contains("throws") }
        #expect(methods.count > 10)
        for i in methods {
            let refused = lines[i - 1].contains("@available(*, noasync")
            #expect(refused == !lines[i].contains("async throws"), "\(lines[i - 1])\n\(lines[i])")
        }
        #expect(!s.contains("noasync, message: \"blocks its thread until the answer is in; where code awaits, call it from an async function, which gets the async form\")\n    public func productsSequence"))
    }

    @Test("Bound operations: methods of the service taking the entity first; one bound to a collection is said, not made")
    func boundOperations() throws {
        let s = try #require(try Self.generate()["ShopService.swift"])
        #expect(s.contains("public func rating(product: Product, scale: Int32? = nil) throws -> Double? {"), "\(s)")
        #expect(s.contains("public func rating(product: Product, scale: Int32? = nil) async throws -> Double? {"))
        #expect(s.contains("return try dataService.executeFunction(\"Shop.Rating\", parameters: parameters, boundTo: product.entityValue).proxyValue(as: Double.self)"))
        // The action of the same name bound to another type: an overload of the same method.
        #expect(s.contains("public func rating(supplier: Supplier, value: Int32) throws {"))
        #expect(s.contains("_ = try await dataService.executeAction(\"Shop.Rating\", parameters: parameters, boundTo: supplier.entityValue)"))
        #expect(!s.contains("rating_2"))
        #expect(s.contains("// The bound function Cheapest is not generated: it is bound to a collection, Collection(Shop.Product)"))
    }

    @Test("Entity parameters take the entity's class, an array of it for a collection")
    func entityParameters() throws {
        let s = try #require(try Self.generate()["ShopService.swift"])
        #expect(s.contains("public func replace(old: Product, others: [Product]? = nil) throws -> Product? {"), "\(s)")
        #expect(s.contains("parameters.append((\"old\", DataValue.entity(old.entityValue)))"))
        #expect(s.contains("if let others { parameters.append((\"others\", DataValue.entityList(EntityValueList(others.map(\\.entityValue))))) }"))
    }

    @Test("A derived type's class inherits its base type's and declares its own properties only; a base class is not final")
    func derivedTypes() throws {
        let files = try Self.generate()
        let special = try #require(files["SpecialProduct.swift"])
        #expect(special.contains("public final class SpecialProduct: Product, @unchecked Sendable {"))
        #expect(special.contains("override public class var entityType: EntityType { ShopServiceMetadata.shared.entityType(\"Shop.SpecialProduct\") }"))
        #expect(special.contains("public var discount: Int32? {"))
        #expect(!special.contains("public var id: Int32"), "inherited from Product")
        #expect(!special.contains("init(entityValue"), "inherited from Product")
        // The scope of SpecialProduct's members extends Product's, with the names the generated code uses.
        #expect(special.contains("public var entityValue_2: String? {"))
        // Its own descriptor table, of its own properties: the name of the tables is taken in every class.
        #expect(special.contains("public var proxyDescriptors_2: String? {"))
        #expect(special.contains("private static let proxyDescriptors: ProxyDescriptors = ShopServiceMetadata.shared.descriptors(SpecialProduct.entityType, properties: [\"Discount\", \"EntityValue\", \"ProxyDescriptors\"])\n"))
        #expect(special.contains("public static var proxyDescriptors_2: Property { proxyDescriptors.property(2) }"))
        let product = try #require(files["Product.swift"])
        #expect(product.contains("public class Product: EntityProxy, Codable, @unchecked Sendable {"))
        #expect(product.contains("public class var entityType: EntityType { ShopServiceMetadata.shared.entityType(\"Shop.Product\") }"))
        #expect(product.contains("public required init(entityValue: EntityValue) {"))
        #expect(product.contains("public required convenience init(from decoder: any Decoder) throws {"))
        #expect(product.contains("self.init(entityValue: EntityValue.ofType(Self.entityType))"))
        let postal = try #require(files["PostalAddress.swift"])
        #expect(postal.contains("public final class PostalAddress: Address, @unchecked Sendable {"))
        #expect(postal.contains("override public class var complexType: ComplexType"))
        #expect(try #require(files["Supplier.swift"]).contains("public final class Supplier: EntityProxy, Codable {"))
    }

    @Test("A base type chain with a cycle: the classes in it stand alone, with every property")
    func baseTypeCycle() throws {
        let cyclic = Self.edmx.replacingOccurrences(of: "<EntityType Name=\"Supplier\">", with: "<EntityType Name=\"Supplier\" BaseType=\"Shop.String\">")
            .replacingOccurrences(of: "<EntityType Name=\"String\">", with: "<EntityType Name=\"String\" BaseType=\"Shop.Supplier\">")
        let files = try Self.generate(cyclic)
        let supplier = try #require(files["Supplier.swift"])
        #expect(supplier.contains("public final class Supplier: EntityProxy, Codable {"), "\(supplier)")
        #expect(try #require(files["String_2.swift"]).contains("public final class String_2: EntityProxy, Codable {"))
    }

    @Test("The metadata is embedded as a raw string literal that survives quotes and hashes")
    func embedded() throws {
        let tricky = Self.edmx.replacingOccurrences(of: "<Action Name=\"Reset\"/>",
                                                    with: "<Action Name=\"Reset\"/><!-- \"\"\"# and \\#( -->")
        let m = try #require(try Self.generate(tricky)["ShopServiceMetadata.swift"])
        #expect(m.contains("public static let text: String = ##\"\"\"\n"))
        #expect(m.contains("\n\"\"\"##\n"))
    }

    @Test("--internal, --prefix and --service")
    func naming() throws {
        let files = try Self.generate { $0.isInternal = true; $0.classPrefix = "SH"; $0.serviceName = "Shop" }
        #expect(files["SHProduct.swift"]?.contains("internal class SHProduct: EntityProxy, Codable, @unchecked Sendable {") == true)
        #expect(files["SHSupplier.swift"]?.contains("internal final class SHSupplier: EntityProxy, Codable {") == true)
        #expect(files["Shop.swift"]?.contains("internal final class Shop: Sendable {") == true)
        #expect(files["ShopMetadata.swift"] != nil)
        do {
            _ = try Self.generate { $0.serviceName = "not a name" }
            Issue.record("a service name that is not a Swift identifier was not refused")
        } catch let e as ProxyGenerationError {
            guard case .badOption(.serviceName, "not a name", let problem) = e else { Issue.record("\(e)"); return }
            #expect(problem.hasPrefix("not a Swift identifier"))
            #expect("\(e)".hasPrefix("ProxyGeneratorOptions.serviceName not a name: not a Swift identifier"), "\(e)")
        }
    }

    @Test("Names that differ only in case: refused naming both, or renamed with allowCaseConflicts")
    func caseConflicts() throws {
        let doc = Self.edmx.replacingOccurrences(of: "<Property Name=\"3D\" Type=\"Edm.Boolean\"/>",
                                                 with: "<Property Name=\"3D\" Type=\"Edm.Boolean\"/><Property Name=\"Class\" Type=\"Edm.Int32\"/>")
        // `class` and `Class` both become class_ ... once lower-cased: a case conflict.
        let withCase = doc.replacingOccurrences(of: "<Property Name=\"class\"", with: "<Property Name=\"name\"")
            .replacingOccurrences(of: "<Property Name=\"Class\"", with: "<Property Name=\"Name\"")
        do {
            _ = try Self.generate(withCase)
            Issue.record("a case conflict was not refused")
        } catch let e as ProxyGenerationError {
            #expect("\(e)".contains("case conflict in the members of Shop.Product: name and Name differ only in case"), "\(e)")
            #expect("\(e)".contains("ProxyGeneratorOptions.allowCaseConflicts"))
        }
        let product = try #require(try Self.generate(withCase) { $0.allowCaseConflicts = true }["Product.swift"])
        #expect(product.contains("public final var name: String? {"))
        #expect(product.contains("public final var name_2: Int32? {"))
        #expect(product.contains("name is taken by name"))
    }

    @Test("Proxy.ClassName and Proxy.PropertyName from an annotation file rename, with a comment")
    func renames() throws {
        let annotations = #"""
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Renames" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <Annotations Target="Shop.Product">
                <Annotation Term="Proxy.ClassName" String="Article"/>
              </Annotations>
              <Annotations Target="Shop.Supplier/Name">
                <Annotation Term="Proxy.PropertyName" String="displayName"/>
              </Annotations>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """#
        let service = try Self.document()
        var renames = ProxyRenames()
        try renames.add(from: try Self.document(annotations), checkingAgainst: service)
        var options = ProxyGeneratorOptions()
        options.renames = renames
        let files = try ProxyGenerator(document: service, metadataText: Self.edmx, source: "shop.xml", options: options).generate()
        let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
        let article = try #require(byPath["Article.swift"])
        #expect(article.contains("public class Article: EntityProxy"))
        #expect(article.contains("renamed from Product by Proxy.ClassName Article"))
        #expect(try #require(byPath["SpecialProduct.swift"]).contains("public final class SpecialProduct: Article, @unchecked Sendable {"))
        #expect(try #require(byPath["Supplier.swift"]).contains("public var displayName: String? {"))

        let wrong = annotations.replacingOccurrences(of: "Shop.Supplier/Name", with: "Shop.Supplier/Nope")
        #expect(throws: ProxyGenerationError.self) { try renames.add(from: try Self.document(wrong), checkingAgainst: service) }
    }

    @Test("--package writes Package.swift depending on the OData product by version, sources under Sources/MODULE")
    func package() throws {
        let files = try Self.generate {
            $0.makePackage = true
            $0.moduleName = "ShopProxies"
            $0.library = .repository(url: "/tmp/clone/odsh", from: "99.1.0")
        }
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#".package(url: "/tmp/clone/odsh", from: "99.1.0", traits: []),"#))
        #expect(manifest.contains(#".target(name: "ShopProxies", dependencies: [.product(name: "OData", package: "odsh")]),"#))
        #expect(files["Sources/ShopProxies/Product.swift"] != nil)
    }

    @Test("--package on a folder of the library's source depends on it by path; without a library it is refused")
    func packageOnAPath() throws {
        let files = try Self.generate {
            $0.makePackage = true
            $0.moduleName = "ShopProxies"
            $0.library = .path("/home/me/src/OData-Shell")
        }
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#".package(path: "/home/me/src/OData-Shell", traits: []),"#))
        #expect(manifest.contains(#"[.product(name: "OData", package: "odata-shell")]"#), "SwiftPM's identity: the folder's name in lower case")
        let error = #expect(throws: ProxyGenerationError.self) { try Self.generate { $0.makePackage = true } }
        #expect(error?.description.contains("ProxyGeneratorOptions.library") == true, "\(String(describing: error))")
    }

    @Test("Every file's header names the service; GeneratedFileOrigin reads it back, Package.swift's on its second line")
    func headersNameTheService() throws {
        let files = try Self.generate { $0.makePackage = true; $0.moduleName = "ShopProxies"; $0.library = .path("/tmp/odsh") }
        for (path, text) in files {
            #expect(GeneratedFileOrigin(fileStart: text) == .service("Shop.ShopService"), "\(path)")
        }
        #expect(GeneratedFileOrigin(fileStart: "// Generated by `odsh generate swift` from shop.xml. Generate again rather than edit.\n")
                == .unnamedService)
        #expect(GeneratedFileOrigin(fileStart: "// my own\nstruct Customer {}\n") == .other)
        #expect(GeneratedFileOrigin(fileStart: "") == .other)
    }

    @Test("renames() lists each name spelt otherwise than the service does, with why")
    func renamesListed() throws {
        let text = Self.edmx
        let renames = try ProxyGenerator(document: try Self.document(text), metadataText: text, source: "shop.xml").renames()
        #expect(renames.contains("property Shop.Product/class as class_: class is a Swift keyword"), "\(renames)")
        #expect(renames.contains { $0.hasPrefix("type Shop.String as String_2: ") }, "\(renames)")
        #expect(!renames.contains { $0.hasPrefix("property Shop.Product/ID ") }, "lower camel case alone is not a rename")
    }
}
