import ODataModel

extension ProxyGenerator {
    /// The enum of an enumeration type: a case per member. An open one (`openEnumerations`, or a type without
    /// members) has `unknown(String)` for members the service adds after generation.
    func enumType(_ e: EnumType) -> String {
        let name = className(e)
        let open = options.openEnumerations || e.members.isEmpty
        let unknown = openCaseNames[e.qualifiedName] ?? "unknown"
        let cases = e.members.map { (member: $0, swift: caseNames[e.qualifiedName]?[$0.name]?.swift ?? $0.name) }
        var out = docComment("The enumeration type \(e.qualifiedName) (\(e.underlyingType.rawValue))\(open ? ", open to members added later" : "").",
                          for: e, notes: [typeNames[e.qualifiedName]?.note], indent: "")
        if open {
            out += "\(access) enum \(name): ProxyEnumeration, Hashable, Codable {\n"
        } else {
            out += "\(access) enum \(name): String, ProxyEnumeration, CaseIterable, Codable {\n"
        }
        for (m, swift) in cases {
            out += docComment("\(m.name) (\(m.value)).", for: m, notes: [caseNames[e.qualifiedName]?[m.name]?.note])
            out += open ? "    case \(swift)\n" : "    case \(swift) = \(SwiftNames.literal(m.name))\n"
        }
        if open {
            out += "    /// A member the metadata did not have when the enum was generated, by its name.\n"
            out += "    case \(unknown)(String)\n\n"
            out += "    /// The member of this name (`\(unknown)` for a name the enum does not know).\n"
            out += "    \(access) init(rawValue: String) {\n        switch rawValue {\n"
            for (m, swift) in cases { out += "        case \(SwiftNames.literal(m.name)): self = .\(swift)\n" }
            out += "        default: self = .\(unknown)(rawValue)\n        }\n    }\n\n"
            out += "    /// The member's name in the metadata.\n"
            out += "    \(access) var rawValue: String {\n        switch self {\n"
            for (m, swift) in cases { out += "        case .\(swift): return \(SwiftNames.literal(m.name))\n" }
            out += "        case .\(unknown)(let name): return name\n        }\n    }\n\n"
            out += "    /// Reads the member's name.\n"
            out += "    \(access) init(from decoder: any Decoder) throws {\n"
            out += "        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))\n    }\n\n"
            out += "    /// Writes the member's name.\n"
            out += "    \(access) func encode(to encoder: any Encoder) throws {\n"
            out += "        var container = encoder.singleValueContainer()\n        try container.encode(rawValue)\n    }\n\n"
        }
        out += "    /// The enumeration type, from the metadata the enum was generated from.\n"
        out += "    \(access) static let enumType: EnumType = \(metadataName).shared.enumType(\(SwiftNames.literal(e.qualifiedName)))\n\n"
        out += "    /// The member's numeric value.\n"
        out += "    \(access) var memberValue: Int64 {\n        switch self {\n"
        for (m, swift) in cases { out += "        case .\(swift): return \(m.value)\n" }
        if open { out += "        case .\(unknown)(let name): return \(name).enumType.member(named: name)?.value ?? 0\n" }
        out += "        }\n    }\n\n"
        out += "    /// What a property of this type reads when the entity has no value for it: the first member.\n"
        out += "    \(access) static var proxyDefault: \(name) { \(cases.first.map { ".\($0.swift)" } ?? ".\(unknown)(\"\")") }\n"
        out += "}\n"
        return out
    }
}
