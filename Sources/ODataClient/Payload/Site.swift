import ODataModel

/// Where a value sits, for messages; the name is made only when a problem is reported.
enum Site {
    case slot(StructureLayout, Int)
    case name(String)
    case index(Int)
    case none

    var name: String {
        switch self {
        case .slot(let l, let i): return l.name(at: i)
        case .name(let n): return n
        case .index(let i): return "[\(i)]"
        case .none: return ""
        }
    }
}
