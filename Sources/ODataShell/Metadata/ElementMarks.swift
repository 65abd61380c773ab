import ODataModel

/// Marks left by a metadata refresh and by validation.
enum ElementMarks {
    static func text(_ e: CsdlElement) -> String {
        var s = ""
        if e.isExtension { s += " (added)" }
        if e.isRemoved { s += " (removed)" }
        if !e.problems.isEmpty { s += " (!)" }
        return s
    }
    static func json(_ e: CsdlElement, _ w: inout JSONWriter) {
        if e.isExtension { w.bool("isExtension", true) }
        if e.isRemoved { w.bool("isRemoved", true) }
        if !e.problems.isEmpty {
            w.beginArray("problems"); for p in e.problems { w.string(nil, p.message) }; w.endArray()
        }
        if !e.fixedFacets.isEmpty {
            w.beginArray("fixedFacets"); for f in e.fixedFacets.sorted() { w.string(nil, f) }; w.endArray()
        }
    }
}
