import ODataModel
import Synchronization

/// What entity and complex values share (SAP's `StructureBase`): values by property, dynamic properties of open
/// types, and change tracking. A property that was never set or read has no value (`value(for:)` is nil),
/// which is not the same as the null value.
///
/// Values are `Sendable`: every public accessor holds the value's lock, so an entity read in one task may be
/// changed and written in another.
// @unchecked: `lock` guards the stored state in every public accessor and writer; the payload readers fill a value
// before handing it out, while no other thread can see it. Not final: EntityValue and ComplexValue share it.
public class StructureBase: @unchecked Sendable, Equatable, CustomStringConvertible {
    let layout: StructureLayout
    /// One per layout slot.
    let slots: SlotStorage
    /// Guards `slots`, `dynamic`, `changed`, `changedDynamic` (and EntityValue's own metadata).
    let lock = Mutex<Void>(())
    /// Properties not declared on the type (open types, or lenient reading), in the order they came.
    var dynamic: [(name: String, value: DataValue)] = []
    /// Slots set through the public setters since creation or `resetChanges()`.
    var changed: [Bool] = []
    var changedDynamic: Set<String> = []

    /// Properties not declared on the type (open types, or lenient reading), in the order they came.
    public internal(set) var dynamicProperties: [(name: String, value: DataValue)] {
        get { locked { dynamic } }
        set { locked { dynamic = newValue } }
    }

    /// Runs `body` with the lock held (not re-entrant: `body` must not call the public accessors of this value).
    @inline(__always) func locked<T>(_ body: () -> T) -> T {
        // The result stays on this thread: it only leaves the lock's scope, not the task.
        nonisolated(unsafe) var result: T?
        lock.withLock { _ in result = body() }
        return result!
    }

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
        locked {
            if let s = layout.slot(of: p) { return slots[s] }
            return dynamic.first(where: { $0.name == p.name })?.value
        }
    }

    /// The value of a structural property, `.null` when it has none (SAP's `getValue`).
    public func getValue(_ p: Property) -> DataValue { value(for: p) ?? .null }

    /// True when the property has a value (null counts).
    public func hasValue(for p: Property) -> Bool { value(for: p) != nil }

    /// The value of a structural, navigation or dynamic property by name.
    public subscript(name: String) -> DataValue? {
        locked {
            if let s = layout.slot(named: name) { return slots[s] }
            return dynamic.first(where: { $0.name == name })?.value
        }
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

    /// Appends a dynamic property as a reader meets it (in place: a row of many costs time in proportion to their
    /// number). Not marked changed.
    func appendDynamic(_ name: String, _ value: DataValue) {
        locked { dynamic.append((name, value)) }
    }

    /// Sets a dynamic property (open types); marks it changed.
    public func setDynamicValue(_ name: String, to v: DataValue) {
        locked {
            if let i = dynamic.firstIndex(where: { $0.name == name }) { dynamic[i].value = v }
            else { dynamic.append((name, v)) }
            changedDynamic.insert(name)
        }
    }

    /// Removes a property's value (it is then not written at all).
    public func unsetValue(for p: Property) {
        locked {
            if let s = layout.slot(of: p) { slots.clear(s); if !changed.isEmpty { changed[s] = false } }
        }
    }

    func setSlot(_ s: Int, _ v: DataValue?, markChanged: Bool) {
        locked {
            slots[s] = v
            if markChanged {
                if changed.isEmpty { changed = Array(repeating: false, count: layout.slotCount) }
                changed[s] = true
            }
        }
    }

    /// Structural properties that have values, in type order.
    public var propertyValues: [(property: Property, value: DataValue)] {
        locked {
            var out: [(Property, DataValue)] = []
            for (i, p) in layout.properties.enumerated() where slots.has(i) { out.append((p, slots.value(i))) }
            return out
        }
    }

    // MARK: Changes

    /// Properties set since creation or the last `resetChanges()` (complex values changed inside count too).
    public var changedProperties: [Property] {
        locked { layout.properties.indices.filter { isChanged(slot: $0) }.map { layout.properties[$0] } }
    }

    /// True when something was set since creation or the last `resetChanges()`.
    public var hasChanges: Bool {
        locked {
            !changedDynamic.isEmpty || layout.properties.indices.contains { isChanged(slot: $0) }
                || (layout.propertyCount..<layout.slotCount).contains { !changed.isEmpty && changed[$0] }
        }
    }

    /// With the lock held.
    func isChanged(slot s: Int) -> Bool {
        if !changed.isEmpty && changed[s] { return true }
        if case .complex(let c)? = slots[s], c.hasChanges { return true }
        return false
    }

    /// Forgets the changes: what is there now counts as the original state.
    public func resetChanges() {
        let nested: [ComplexValue] = locked {
            changed = []
            changedDynamic = []
            var nested: [ComplexValue] = []
            for i in slots.indices where slots.has(i) { if case .complex(let c) = slots.value(i) { nested.append(c) } }
            return nested
        }
        for c in nested { c.resetChanges() }
    }

    /// The values and dynamic properties as they are now (absent slots nil).
    func snapshot() -> (values: [DataValue?], dynamic: [(name: String, value: DataValue)]) {
        locked { (slots.indices.map { slots[$0] }, dynamic) }
    }

    // MARK: Equality and text

    /// Same type, same values (absent and null told apart), same dynamic properties.
    func hasSameContent(as other: StructureBase) -> Bool {
        guard layout.type.qualifiedName == other.layout.type.qualifiedName, slots.count == other.slots.count else { return false }
        // Each value's state is taken under its own lock, one after the other: never both locks at once.
        let (mine, myDynamic) = snapshot()
        let (theirs, theirDynamic) = other.snapshot()
        guard myDynamic.count == theirDynamic.count, mine == theirs else { return false }
        for (a, b) in zip(myDynamic, theirDynamic) where a.name != b.name || a.value != b.value { return false }
        return true
    }

    /// Equal when they are the same object, or of the same type with the same values (dynamic properties included).
    public static func == (a: StructureBase, b: StructureBase) -> Bool { a === b || a.hasSameContent(as: b) }

    /// `Type{Name: value, ...}`: the type's name and the values set, in metadata order, then dynamic properties.
    public var description: String {
        let (values, dynamic) = snapshot()
        var parts: [String] = []
        for (i, v) in values.enumerated() { if let v { parts.append("\(layout.name(at: i)): \(v.textForDescription)") } }
        for d in dynamic { parts.append("\(d.name): \(d.value.textForDescription)") }
        return "\(layout.type.name){\(parts.joined(separator: ", "))}"
    }
}

extension DataValue {
    var textForDescription: String {
        if case .string(let s) = self { return "\"\(s)\"" }
        return description
    }
}
