import ODataModel

extension ProxyGenerator {
    /// Every name the generated code spells otherwise than the service does, with why: a line each, as
    /// `odsh generate swift --dry-run` lists them ("property Shop.Product/class as class_: class is a Swift keyword").
    /// Throws as `generate()` does.
    public func renames() throws -> [String] {
        var g = self
        try g.chooseNames()
        var lines: [String] = []
        if let container = document.entityContainer, g.serviceName != container.name {
            lines.append("service \(container.qualifiedName) as \(g.serviceName)")
        }
        let structured = document.entityTypes as [StructuredType] + document.complexTypes
        let enums = document.enumTypes.filter { !$0.isFlags }
        for t in structured as [SchemaElement] + enums {
            if let n = g.typeNames[t.qualifiedName], n.swift != t.name { lines.append("type \(t.qualifiedName) as \(n.swift)\(Self.because(n.note))") }
        }
        for t in structured {
            // A type's own members: inherited ones are named where they are declared.
            let own = g.proxyBases[t.qualifiedName] == nil ? t.properties.map(\.name) + t.navigationProperties.map(\.name)
                : t.ownProperties.map(\.name) + t.ownNavigationProperties.map(\.name)
            for name in own {
                if let n = g.memberNames[t.qualifiedName]?[name], n.note != nil {
                    lines.append("property \(t.qualifiedName)/\(name) as \(n.swift)\(Self.because(n.note))")
                }
            }
        }
        for e in enums {
            for m in e.members {
                if let n = g.caseNames[e.qualifiedName]?[m.name], n.note != nil {
                    lines.append("member \(e.qualifiedName)/\(m.name) as \(n.swift)\(Self.because(n.note))")
                }
            }
        }
        return lines
    }

    private static func because(_ note: String?) -> String { note.map { ": \($0)" } ?? "" }
}
