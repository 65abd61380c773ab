// Entity containers of CSDL JSON.
extension CsdlJsonReader.Reading {
    func readContainer(_ m: Member, _ members: [Member], into schema: CsdlSchema) {
        let path = "\(schema.namespace).\(m.key)"
        let container = EntityContainer(name: m.key, namespace: schema.namespace, location: m.location)
        for x in members where !x.key.containsAtSign {
            switch x.key {
            case "$Kind": break
            case "$Extends": container.extends = string(x, path)
            default:
                if x.key.hasPrefix("$") { unknownMember(x, path) } else { readContainerChild(x, into: container, path: "\(path)/\(x.key)") }
            }
        }
        applyAnnotations(members, to: container, path: path) { name in
            (container.entitySets.first { $0.name == name } as CsdlElement?)
                ?? container.singletons.first { $0.name == name }
                ?? container.actionImports.first { $0.name == name }
                ?? container.functionImports.first { $0.name == name }
        }
        schema.add(container)
    }

    /// An entity set (`$Collection` + `$Type`), singleton (`$Type`), action import (`$Action`) or function import (`$Function`).
    func readContainerChild(_ m: Member, into container: EntityContainer, path: String) {
        guard let members = object(m, path) else { return }
        func has(_ key: String) -> Bool { members.contains { $0.key == key } }

        if has("$Action") {
            var action = ""
            var entitySet: String?
            for x in members where !x.key.containsAtSign {
                switch x.key {
                case "$Action": action = string(x, path) ?? ""
                case "$EntitySet": entitySet = string(x, path)
                default: unknownMember(x, path)
                }
            }
            let a = ActionImport(name: m.key, action: action, location: m.location)
            a.entitySet = entitySet
            applyAnnotations(members, to: a, path: path)
            container.add(a)
        } else if has("$Function") {
            let f = FunctionImport(name: m.key, location: m.location)
            for x in members where !x.key.containsAtSign {
                switch x.key {
                case "$Function": f.function = string(x, path)
                case "$EntitySet": f.entitySet = string(x, path)
                case "$IncludeInServiceDocument": f.includeInServiceDocument = bool(x, path) ?? false
                default: unknownMember(x, path)
                }
            }
            applyAnnotations(members, to: f, path: path)
            container.add(f)
        } else if let typeMember = members.first(where: { $0.key == "$Type" }) {
            let typeName = string(typeMember, path) ?? ""
            let isSet = members.first { $0.key == "$Collection" }?.value.bool == true
            let element: ContainerElement = isSet
                ? EntitySet(name: m.key, type: TypeReference(name: typeName, isCollection: false), location: m.location)
                : Singleton(name: m.key, type: TypeReference(name: typeName, isCollection: false), location: m.location)
            for x in members where !x.key.containsAtSign {
                switch x.key {
                case "$Type": break
                case "$Collection": _ = bool(x, path)
                case "$NavigationPropertyBinding":
                    for b in object(x, path) ?? [] where !b.key.containsAtSign {
                        if let target = string(b, path) { element.navigationPropertyBindings.append((path: b.key, target: target)) }
                    }
                case "$IncludeInServiceDocument" where isSet:
                    (element as? EntitySet)?.includeInServiceDocument = bool(x, path) ?? true
                case "$Nullable" where !isSet:
                    _ = bool(x, path)   // 4.01 nullable singletons: the model has no place for it yet
                default: unknownMember(x, path)
                }
            }
            applyAnnotations(members, to: element, path: path)
            if let s = element as? EntitySet { container.add(s) } else if let s = element as? Singleton { container.add(s) }
        } else {
            warn("unknown-kind", path, m.location, "container child without $Type, $Action or $Function is ignored")
        }
    }
}
