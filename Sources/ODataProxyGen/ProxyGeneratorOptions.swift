/// What `ProxyGenerator` makes, under SAP's proxy generator options with Swift-style names.
public struct ProxyGeneratorOptions: Sendable {
    /// The service class's name; by default one named for the service: `GWSAMPLE_BASIC_Entities` gives
    /// `GwsampleBasicService`, `Catalog.Container` `CatalogService` (README, Proxy classes).
    public var serviceName: String?
    /// A prefix for the classes of entity, complex and enumeration types (SAP's class-name prefix).
    public var classPrefix = ""
    /// The Swift module (and package) name for `makePackage`; by default the service class's name.
    public var moduleName: String?
    /// Declarations `internal` instead of `public`.
    public var isInternal = false
    /// Enums get a case for members the service adds later, and the metadata pre-approves them on refresh.
    public var openEnumerations = false
    /// No property is optional: one that was not read (a `select` left it out, the service sent none, a new entity
    /// was never given one) or is null reads as its type's default (`""`, `0`, `false`), which only
    /// `isLoaded(_:)` tells from a real value. By default every property is optional and reads as nil then.
    public var disableOptionals = false
    /// Names that differ only in case are renamed with a suffix instead of refused.
    public var allowCaseConflicts = false
    /// Renames: `Proxy.ClassName` / `Proxy.PropertyName` annotations by target (`Namespace.Type`,
    /// `Namespace.Type/Property`), on top of those in the document itself.
    public var renames = ProxyRenames()
    /// Up to this many classes and enums, a file each (`Customer.swift`); above it, a file per initial letter
    /// (`Types_C.swift`, `Enums_C.swift`). A debug build starts a compiler for every 25 files of a module, and each
    /// one parses the whole module, so a service with thousands of types compiles many times faster so.
    public var filePerTypeLimit = 200
    /// Also write Package.swift, with the sources under Sources/MODULE.
    public var makePackage = false
    /// Where the package gets the odsh library (its `OData` product) from; `makePackage` needs it.
    public var library: LibrarySource?

    /// The defaults: public classes, every property optional, closed enums, no package.
    public init() {}

    /// Where a generated package gets the odsh library from.
    public enum LibrarySource: Sendable, Equatable {
        /// A git repository (a URL, or the path of a clone) at a version or later (`from:`).
        case repository(url: String, from: String)
        /// A folder holding the odsh package's source (`.package(path:)`): a checkout, the source odsh was built from.
        case path(String)
    }
}
