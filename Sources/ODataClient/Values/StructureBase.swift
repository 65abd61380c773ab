import ODataModel

/// What entity and complex values share (SAP's `StructureBase`): values by property, dynamic properties of open
/// types, and change tracking. A property that was never set or read has no value (`value(for:)` is nil),
/// which is not the same as the null value.
public class StructureBase: Equatable, CustomStringConvertible {
    let layout: StructureLayout
    /// One per layout slot.
    let slots: SlotStorage
    /// Properties not declared on the type (open types, or lenient reading), in the order they came.
    public internal(set) var dynamicProperties: [(name: String, value: DataValue)] = []
    /// Slots set through the public setters since creation or `resetChanges()`.
    var changed: [Bool] = []
    var changedDynamic: Set<String> = []

    init(layout: StructureLayout) {
        self.layout = layout
        slots = SlotStorage(count: layout.slotCount)
    }

    deinit { slots.deallocate() }

    /// The entity or complex type.
    public var structuredType: StructuredType { layout.type }

    // MARK: Values

    /// The value of a structural property; nil when it has none (not selected, never set).
    public func value(for p: Property) -> DataValue? {
        if let s = layout.slot(of: p) { return slots[s] }
        return dynamicProperties.first(where: { $0.name == p.name })?.value
    }

    /// The value of a structural property, `.null` when it has none (SAP's `getValue`).
    public func getValue(_ p: Property) -> DataValue { value(for: p) ?? .null }

    /// True when the property has a value (null counts).
    public func hasValue(for p: Property) -> Bool { value(for: p) != nil }

    /// The value of a structural, navigation or dynamic property by name.
    public subscript(name: String) -> DataValue? {
        if let s = layout.slot(named: name) { return slots[s] }
        return dynamicProperties.first(where: { $0.name == name })?.value
    }

    /// Sets a structural property's value, checking that it fits the declared type (SAP's `setValue`).
    /// Marks the property changed.
    public func setValue(_ p: Property, to v: DataValue) throws {
        guard let s = layout.slot(of: p) else {
            throw ValueConversionError("\(layout.type.qualifiedName) has no property \(p.name)")
        }
        try ValueConversion.check(v, fits: layout.shapes[s], property: p)
        setSlot(s, v, markChanged: true)
    }

    /// Sets a dynamic property (open types); marks it changed.
    public func setDynamicValue(_ name: String, to v: DataValue) {
        if let i = dynamicProperties.firstIndex(where: { $0.name == name }) { dynamicProperties[i].value = v }
        else { dynamicProperties.append((name, v)) }
        changedDynamic.insert(name)
    }

    /// Removes a property's value (it is then not written at all).
    public func unsetValue(for p: Property) {
        if let s = layout.slot(of: p) { slots.clear(s); if !changed.isEmpty { changed[s] = false } }
    }

    func setSlot(_ s: Int, _ v: DataValue?, markChanged: Bool) {
        slots[s] = v
        if markChanged {
            if changed.isEmpty { changed = Array(repeating: false, count: layout.slotCount) }
            changed[s] = true
        }
    }

    /// Structural properties that have values, in type order.
    public var propertyValues: [(property: Property, value: DataValue)] {
        var out: [(Property, DataValue)] = []
        for (i, p) in layout.properties.enumerated() where slots.has(i) { out.append((p, slots.value(i))) }
        return out
    }

    // MARK: Changes

    /// Properties set since creation or the last `resetChanges()` (complex values changed inside count too).
    public var changedProperties: [Property] {
        layout.properties.indices.filter { isChanged(slot: $0) }.map { layout.properties[$0] }
    }

    /// True when something was set since creation or the last `resetChanges()`.
    public var hasChanges: Bool {
        !changedDynamic.isEmpty || layout.properties.indices.contains { isChanged(slot: $0) }
            || (layout.propertyCount..<layout.slotCount).contains { !changed.isEmpty && changed[$0] }
    }

    func isChanged(slot s: Int) -> Bool {
        if !changed.isEmpty && changed[s] { return true }
        if case .complex(let c)? = slots[s], c.hasChanges { return true }
        return false
    }

    /// Forgets the changes: what is there now counts as the original state.
    public func resetChanges() {
        changed = []
        changedDynamic = []
        for i in slots.indices where slots.has(i) { if case .complex(let c) = slots.value(i) { c.resetChanges() } }
    }

    // MARK: Equality and text

    /// Same type, same values (absent and null told apart), same dynamic properties.
    func hasSameContent(as other: StructureBase) -> Bool {
        guard layout.type.qualifiedName == other.layout.type.qualifiedName, slots.count == other.slots.count,
              dynamicProperties.count == other.dynamicProperties.count else { return false }
        for i in slots.indices {
            guard slots.has(i) == other.slots.has(i) else { return false }
            if slots.has(i) && slots.value(i) != other.slots.value(i) { return false }
        }
        for (a, b) in zip(dynamicProperties, other.dynamicProperties) where a.name != b.name || a.value != b.value { return false }
        return true
    }

    public static func == (a: StructureBase, b: StructureBase) -> Bool { a === b || a.hasSameContent(as: b) }

    public var description: String {
        var parts: [String] = []
        for i in slots.indices where slots.has(i) { parts.append("\(layout.name(at: i)): \(slots.value(i).textForDescription)") }
        for d in dynamicProperties { parts.append("\(d.name): \(d.value.textForDescription)") }
        return "\(layout.type.name){\(parts.joined(separator: ", "))}"
    }
}

extension DataValue {
    var textForDescription: String {
        if case .string(let s) = self { return "\"\(s)\"" }
        return description
    }
}
