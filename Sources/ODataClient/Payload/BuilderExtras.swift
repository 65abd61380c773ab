import ODataModel

/// Property annotations that apply to members read later (or earlier): types of dynamic properties, counts and
/// next links of expanded collections. Rare, so kept out of the builder until needed.
final class BuilderExtras {
    var propertyTypes: [String: String] = [:]
    var counts: [String: Int64] = [:]
    var nextLinks: [String: String] = [:]

    func apply(to value: StructureBase, layout: StructureLayout) {
        for (name, n) in counts {
            if let slot = layout.slot(named: name), case .entityList(var l)? = value.slots[slot] { l.inlineCount = n; value.slots[slot] = .entityList(l) }
        }
        for (name, link) in nextLinks {
            if let slot = layout.slot(named: name), case .entityList(var l)? = value.slots[slot] { l.nextLink = link; value.slots[slot] = .entityList(l) }
        }
    }
}
