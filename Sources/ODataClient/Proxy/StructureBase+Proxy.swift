import ODataModel

extension StructureBase {
    /// A structural property's value as the Swift type a proxy class uses; nil when there is none or it is null.
    public func proxyValue<T: ProxyValue>(_ property: Property, as _: T.Type = T.self) -> T? {
        value(for: property).flatMap { T.fromDataValue($0) }
    }

    /// A structural property's value as the Swift type a proxy class uses, or the type's `proxyDefault` when
    /// there is none or it is null: what a property of a class generated with `--disable-optionals` reads.
    public func requiredProxyValue<T: ProxyValue>(_ property: Property, as _: T.Type = T.self) -> T {
        value(for: property).flatMap { T.fromDataValue($0) } ?? T.proxyDefault
    }

    /// Sets a structural property from a proxy class's typed value, marking it changed. nil sets null when the
    /// property is nullable; a property that is not nullable cannot be null, so nil removes its value instead
    /// (`unsetValue(for:)`): it reads as nil again and is not sent, and the service says whether it needs one. The
    /// generator maps each EDM type to the Swift type whose value is of exactly that type, so the check of
    /// `setValue(_:to:)` holds; where it still refuses (a property of the metadata in use since a refresh changed
    /// its type) the value is kept as given and the service is the judge, since a property setter cannot throw.
    public func setProxyValue<T: ProxyValue>(_ property: Property, to newValue: T?) {
        if newValue == nil && !property.isNullable {
            unsetValue(for: property)
            return
        }
        var v = newValue?.dataValue ?? .null
        if case .list(var list) = v, list.elementType == nil {
            list.elementType = TypeReference(name: property.type.qualifiedName, isCollection: false)
            v = .list(list)
        }
        do {
            try setValue(property, to: v)
        } catch {
            if let s = layout.slot(of: property) { setSlot(s, v, markChanged: true) } else { setDynamicValue(property.name, to: v) }
        }
    }
}
