import ODataModel

/// What one read shares across its entities: the model, layouts per type, type names already looked up, entity
/// sets of navigation targets, and the warnings found so far.
final class DecodingContext {
    let model: CsdlDocument
    let options: PayloadReadOptions
    var strict: Bool { options.mode == .strict }

    /// Whether an issue ends strict reading: a value that does not fit its metadata does; a property the metadata
    /// does not list does not (a service may add properties, a compatible change), and is kept as a dynamic one,
    /// with a warning.
    func `throws`(_ issue: PayloadIssue) -> Bool { strict && issue.kind != .unknownProperty }
    private var layouts: [ObjectIdentifier: StructureLayout] = [:]
    private var typesByName: [String: StructuredType?] = [:]
    private var navigationTargets: [NavigationTargetKey: EntitySet?] = [:]
    private(set) var warnings: [PayloadIssue] = []
    private(set) var warningCount = 0

    init(model: CsdlDocument, options: PayloadReadOptions) {
        self.model = model; self.options = options
    }

    func layout(_ t: StructuredType) -> StructureLayout {
        let id = ObjectIdentifier(t)
        if let l = layouts[id] { return l }
        let l = StructureLayout(type: t)
        layouts[id] = l
        return l
    }

    /// A type named in a payload (`#NS.Type`, `NS.Type`, an alias, or a unique simple name).
    func structuredType(named raw: String) -> StructuredType? {
        if let t = typesByName[raw] { return t }
        var name = Substring(raw)
        if name.first == "#" { name = name.dropFirst() }
        let t = model.structuredType(withName: String(name))
        typesByName[raw] = .some(t)
        return t
    }

    /// The entity set an expanded navigation property's entities belong to (through the parent set's bindings).
    func targetSet(of nav: NavigationProperty, from set: EntitySet?) -> EntitySet? {
        guard let set = set else { return nil }
        let key = NavigationTargetKey(set: ObjectIdentifier(set), nav: ObjectIdentifier(nav))
        if let s = navigationTargets[key] { return s }
        var target: EntitySet?
        if let name = set.bindingTarget(for: nav.name) ?? set.navigationPropertyBindings.first(where: { $0.path.hasSuffix("/" + nav.name) })?.target {
            target = try? model.entitySet(withName: name)
        }
        navigationTargets[key] = .some(target)
        return target
    }

    // MARK: Warnings

    /// Warnings of the unit being read; they count only once the unit is complete (`commit`), since a unit cut
    /// short by the end of a chunk is read again from its start.
    private var uncommitted: [PayloadIssue] = []

    func warn(_ issue: PayloadIssue) { uncommitted.append(issue) }

    /// The unit read so far is complete: its warnings count.
    func commit() {
        guard !uncommitted.isEmpty else { return }
        // Nested entities finish first; report in document order.
        if uncommitted.count > 1 { uncommitted = uncommitted.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element) }
        for w in uncommitted {
            warningCount += 1
            if warnings.count < options.maxCollectedWarnings { warnings.append(w) }
            options.onWarning?(w)
        }
        uncommitted.removeAll(keepingCapacity: true)
    }

    /// Where the warnings of the next unit will start.
    var uncommittedMark: Int { uncommitted.count }

    /// The unit that started at `mark` will be read again: forget its warnings.
    func rollBack(to mark: Int = 0) {
        if uncommitted.count > mark { uncommitted.removeSubrange(mark...) }
    }
}

private struct NavigationTargetKey: Hashable {
    let set: ObjectIdentifier
    let nav: ObjectIdentifier
}
