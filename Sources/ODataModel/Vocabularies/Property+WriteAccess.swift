extension Property {
    /// `Core.Computed`: the service computes the value; a client neither sets it on create nor changes it.
    public var isComputed: Bool { coreFlag("Computed") }

    /// `Core.Immutable`: the value is given on create and never changed afterwards.
    public var isImmutable: Bool { coreFlag("Immutable") }

    /// Whether a create may give the property a value: not when V2 `sap:creatable="false"` or `Core.Computed` says so.
    public var isCreatable: Bool { sap.creatable && !isComputed }

    /// Whether an update may change the property: not when V2 `sap:updatable="false"`, `Core.Immutable` or
    /// `Core.Computed` says so.
    public var isUpdatable: Bool { sap.updatable && !isImmutable && !isComputed }

    /// A Core vocabulary tag (`Org.OData.Core.V1.<name>`, or `Core.<name>` where the alias went unresolved): a
    /// Boolean whose value defaults to true.
    private func coreFlag(_ name: String) -> Bool {
        guard let a = annotations.first(where: { $0.term == "Org.OData.Core.V1." + name || $0.term == "Core." + name }) else { return false }
        return a.value?.boolValue ?? true
    }
}
