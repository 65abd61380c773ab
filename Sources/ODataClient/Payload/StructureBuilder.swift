import ODataModel

/// An entity or complex value being read, member by member.
struct StructureBuilder {
    var value: StructureBase
    var layout: StructureLayout
    let set: EntitySet?
    /// Index into the decoder's pending problems where this value's begin.
    let pendingStart: Int
    /// The slot after the last one read: where the next member most likely goes.
    var hint = 0
    var extras: BuilderExtras?

    init(value: StructureBase, layout: StructureLayout, set: EntitySet?, pendingStart: Int) {
        self.value = value; self.layout = layout; self.set = set; self.pendingStart = pendingStart
    }

    var extrasOrNew: BuilderExtras {
        mutating get {
            if let e = extras { return e }
            let e = BuilderExtras()
            extras = e
            return e
        }
    }
}
