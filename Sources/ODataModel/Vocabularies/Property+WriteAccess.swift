extension Property {
    /// `Core.Computed`: the service computes the value; a client neither sets it on create nor changes it.
    public var isComputed: Bool { coreFlag("Computed") }

    /// `Core.Immutable`: the value is given on create and never changed afterwards.
    public var isImmutable: Bool { coreFlag("Immutable") }

    /// `Common.FieldControl` fixed to `ReadOnly` or `Inapplicable`: no client sets the property, on create or
    /// update. A field control taken from another property (a path, or V2 `sap:field-control`) changes per entity
    /// and is not counted.
    public var isReadOnlyByFieldControl: Bool {
        if case .constant(let state) = fieldControl { return state == "ReadOnly" || state == "Inapplicable" }
        return false
    }

    /// Whether a create may give the property a value: not when V2 `sap:creatable="false"`, `Core.Computed` or a
    /// fixed read-only `Common.FieldControl` says so.
    public var isCreatable: Bool { sap.creatable && !isComputed && !isReadOnlyByFieldControl }

    /// Whether an update may change the property: not when V2 `sap:updatable="false"`, `Core.Immutable`,
    /// `Core.Computed` or a fixed read-only `Common.FieldControl` says so.
    public var isUpdatable: Bool { sap.updatable && !isImmutable && !isComputed && !isReadOnlyByFieldControl }

    /// A Core vocabulary tag (`Org.OData.Core.V1.<name>`, or `Core.<name>` where the alias went unresolved): a
    /// Boolean whose value defaults to true.
    private func coreFlag(_ name: String) -> Bool {
        guard let a = annotations.first(where: { $0.term == "Org.OData.Core.V1." + name || $0.term == "Core." + name }) else { return false }
        return a.value?.boolValue ?? true
    }
}
