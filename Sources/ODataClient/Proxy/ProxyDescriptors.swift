import ODataModel

/// The property descriptors of a generated proxy class (`odsh generate swift`), read from its embedded metadata
/// once (`EmbeddedMetadata.descriptors`): each static descriptor of the class (`Customer.companyName`) is an entry,
/// by its position in the order the class asked for them.
public struct ProxyDescriptors: Sendable {
    /// The structural properties, in the order asked.
    public let properties: [Property]
    /// The navigation properties, in the order asked.
    public let navigation: [NavigationProperty]

    /// A table of these properties.
    public init(properties: [Property], navigation: [NavigationProperty] = []) {
        self.properties = properties
        self.navigation = navigation
    }

    // Methods rather than the arrays' subscripts: a generated class has an entry per property, and a call of a
    // method of one signature type-checks faster than a subscript, which has overloads to choose from.

    /// The structural property at `index` of the order asked.
    public func property(_ index: Int) -> Property { properties[index] }

    /// The navigation property at `index` of the order asked.
    public func navigation(_ index: Int) -> NavigationProperty { navigation[index] }
}
