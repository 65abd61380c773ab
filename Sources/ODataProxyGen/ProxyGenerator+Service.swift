import ODataModel

extension ProxyGenerator {
    /// Members of the service class that do not come from the metadata.
    static let reservedServiceNames = [
        "dataService", "refreshMetadata", "createEntity", "updateEntity", "deleteEntity", "loadProperty", "EntitySets",
        "Singletons", "metadata",
    ]

    /// The service class: opens the service with the embedded metadata; typed functions per entity set,
    /// singleton, function import and action import, each blocking and `async`; writes and `loadProperty`.
    func serviceClass() -> String {
        let container = document.entityContainer
        var scope = NameScope("the service class", allowCaseConflicts: true, reserved: Self.reservedServiceNames)
        var out = header + "import Foundation\nimport OData\n\n"
        out += docComment("The service \(container?.qualifiedName ?? serviceName) (OData \(document.version)): typed access to its entity sets, singletons, functions and actions, over the dynamic `DataService`.", for: container, indent: "")
        out += "///\n/// Every network function comes twice, blocking and `async`, with the same name.\n"
        out += "\(access) final class \(serviceName): Sendable {\n"
        out += "    /// The dynamic service underneath, for anything the typed functions do not cover.\n"
        out += "    \(access) let dataService: DataService\n\n"
        out += "    /// Opens the service at `url` (its root) with the metadata the classes were generated from: no `$metadata`\n"
        out += "    /// request is sent. Throws when the HTTP session cannot start.\n"
        out += "    \(access) init(url: URL, configuration: HTTPConfiguration = HTTPConfiguration()) throws {\n"
        out += "        try \(metadataName).shared.checkLoaded()\n"
        let registers = document.entityTypes.contains { proxyBases[$0.qualifiedName] != nil }
        let register = registers ? "        ProxyClassRegistry.register(\(SwiftNames.literal(metadataName))) { \(metadataName).derivedClass($0) }\n" : ""
        out += "        dataService = try DataService(url: url, configuration: configuration, metadata: \(metadataName).shared.document)\n"
        out += register
        out += "    }\n\n"
        out += "    /// Opens the service a provider describes (SAP's `init(provider:)`), with the metadata the classes were\n"
        out += "    /// generated from.\n"
        out += "    \(access) convenience init(provider: OnlineODataProvider) throws {\n"
        out += "        try self.init(url: provider.serviceRoot, configuration: provider.networkOptions)\n    }\n\n"
        out += "    /// Wraps a service opened otherwise (with this metadata or a refresh of it).\n"
        out += "    \(access) init(dataService: DataService) {\n        self.dataService = dataService\n\(register)    }\n\n"
        out += "    // MARK: metadata\n\n"
        for isAsync in [false, true] {
            out += "    /// SAP's start-up check: loads the live service's `$metadata`, checks it against the metadata in use (at first\n"
            out += "    /// the one generated from) and uses it when compatible; throws `MetadataRefreshError` with the report otherwise.\n"
            out += "    @discardableResult\n"
            out += "    \(access) func refreshMetadata(options: MetadataComparison.Options = .init())\(fx(isAsync)) -> MetadataRefresh {\n"
            out += "        \(tryAwait(isAsync))dataService.refreshMetadata(options: options)\n    }\n\n"
        }
        out += "    // MARK: writes\n"
        for (verb, what) in [("create", "Creates the entity in its entity set (the only one of its type unless it was made with one)"),
                             ("update", "Sends the entity's changed properties (PATCH, or MERGE in V2) with its ETag"),
                             ("delete", "Deletes the entity, with its ETag")] {
            for isAsync in [false, true] {
                out += "\n    /// \(what).\n"
                out += "    \(access) func \(verb)Entity(_ entity: some EntityProxy, options: RequestOptions = RequestOptions())\(fx(isAsync)) {\n"
                out += "        \(tryAwait(isAsync))dataService.\(verb)Entity(entity.entityValue, options: options)\n    }\n"
            }
        }
        for isAsync in [false, true] {
            out += "\n    /// Reads a navigation property into the entity (`service.loadProperty(Customer.orders, into: customer)`).\n"
            out += "    \(access) func loadProperty(_ navigation: NavigationProperty, into entity: some EntityProxy, query: DataQuery? = nil)\(fx(isAsync)) {\n"
            out += "        \(tryAwait(isAsync))dataService.loadProperty(navigation, into: entity.entityValue, query: query)\n    }\n"
            out += "\n    /// Reads a structural or stream property into the entity.\n"
            out += "    \(access) func loadProperty(_ property: Property, into entity: some EntityProxy)\(fx(isAsync)) {\n"
            out += "        \(tryAwait(isAsync))dataService.loadProperty(property, into: entity.entityValue)\n    }\n"
        }
        var setsEnum = ""
        var singletonsEnum = ""
        for set in document.entitySets {
            guard let type = set.entityTypeIfResolved else {
                out += "\n    // The entity set \(set.name) is not generated: its type \(set.type.qualifiedName) is not in the metadata.\n"
                continue
            }
            let base = claimGroup(SwiftNames.identifier(SwiftNames.lowerCamel(set.name), original: set.name), suffixes: ["", "WithKey", "Sequence"],
                                  source: set.name, scope: &scope)
            let cls = className(type)
            setsEnum += "        /// The entity set \(set.name).\n"
            setsEnum += "        \(access) static let \(base.swift) = \(metadataName).shared.entitySet(\(SwiftNames.literal(set.name)), type: \(SwiftNames.literal(type.qualifiedName)))\n"
            let from = "query.from(EntitySets.\(base.swift))"
            out += "\n    // MARK: \(set.name)\n"
            for isAsync in [false, true] {
                out += "\n" + docComment("The entities of \(set.name) (\(cls)) that `query` selects, across all pages.", for: set, notes: [base.note])
                out += "    \(access) func \(base.swift)(query: DataQuery = DataQuery())\(fx(isAsync)) -> [\(cls)] {\n"
                out += "        \(tryAwait(isAsync))dataService.fetchProxies(\(from), as: \(cls).self)\n    }\n"
            }
            out += "\n    /// The entities of \(set.name) that `query` selects, read page by page as iteration reaches them\n"
            out += "    /// (`for try await`).\n"
            out += "    \(access) func \(base.swift)Sequence(query: DataQuery = DataQuery()) -> EntityProxySequence<\(cls)> {\n"
            out += "        dataService.proxies(\(from), as: \(cls).self)\n    }\n"
            let keys = type.keyProperties
            if !keys.isEmpty {
                var params = NameScope("the key of \(set.name)", allowCaseConflicts: true, reserved: ["query"])
                var list: [(name: String, label: String, type: String)] = []
                for k in keys {
                    let id = SwiftNames.identifier(SwiftNames.lowerCamel(k.name), original: k.name)
                    let label = (try? params.claim(ProxyName(swift: id.name), for: k.name))?.swift ?? id.name
                    list.append((k.name, label, swiftType(k.type, resolved: k.resolvedType).name))
                }
                let signature = list.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
                let keyValues = list.map { "(\(SwiftNames.literal($0.name)), \($0.label).dataValue)" }.joined(separator: ", ")
                for isAsync in [false, true] {
                    out += "\n    /// The entity of \(set.name) with this key; throws when there is none.\n"
                    out += "    \(access) func \(base.swift)WithKey(\(signature), query: DataQuery = DataQuery())\(fx(isAsync)) -> \(cls) {\n"
                    out += "        let key = try dataService.proxyKey([\(keyValues)])\n"
                    out += "        return \(tryAwait(isAsync))dataService.fetchProxy(\(from).withKey(key), as: \(cls).self)\n    }\n"
                }
            }
        }
        for s in document.singletons {
            guard let type = s.entityTypeIfResolved else {
                out += "\n    // The singleton \(s.name) is not generated: its type \(s.type.qualifiedName) is not in the metadata.\n"
                continue
            }
            let base = claimGroup(SwiftNames.identifier(SwiftNames.lowerCamel(s.name), original: s.name), suffixes: [""], source: s.name, scope: &scope)
            let cls = className(type)
            singletonsEnum += "        /// The singleton \(s.name).\n"
            singletonsEnum += "        \(access) static let \(base.swift) = \(metadataName).shared.singleton(\(SwiftNames.literal(s.name)), type: \(SwiftNames.literal(type.qualifiedName)))\n"
            out += "\n    // MARK: \(s.name)\n"
            for isAsync in [false, true] {
                out += "\n" + docComment("The singleton \(s.name) (\(cls)).", for: s, notes: [base.note])
                out += "    \(access) func \(base.swift)(query: DataQuery = DataQuery())\(fx(isAsync)) -> \(cls) {\n"
                out += "        \(tryAwait(isAsync))dataService.fetchProxy(query.from(Singletons.\(base.swift)), as: \(cls).self)\n    }\n"
            }
        }
        // Operations by qualified name: the bound ones share the Swift name of an import of the same operation,
        // which their binding parameter sets apart.
        var operationNames: [String: String] = [:]
        for fi in document.functionImports {
            if document.version.isV4 {
                guard let op = fi.resolvedFunctions.first else {
                    out += "\n    // The function import \(fi.name) is not generated: its function \(fi.function ?? "?") is not in the metadata.\n"
                    continue
                }
                let made = operation(name: fi.name, kind: "function", call: "executeFunction", callName: fi.name,
                                     parameters: op.parameters.filter { $0 !== op.bindingParameter }, returns: op.returnType, element: fi, scope: &scope)
                out += made.text
                if let swift = made.swiftName { operationNames[op.qualifiedName] = swift }
            } else {
                out += operation(name: fi.name, kind: "function import (\(fi.httpMethod ?? "GET"))", call: "executeFunction", callName: fi.name,
                                 parameters: fi.parameters, returns: fi.returnType, element: fi, scope: &scope).text
            }
        }
        for ai in document.actionImports {
            guard let op = ai.resolvedActions.first else {
                out += "\n    // The action import \(ai.name) is not generated: its action \(ai.action) is not in the metadata.\n"
                continue
            }
            let made = operation(name: ai.name, kind: "action", call: "executeAction", callName: ai.name,
                                 parameters: op.parameters.filter { $0 !== op.bindingParameter }, returns: op.returnType, element: ai, scope: &scope)
            out += made.text
            if let swift = made.swiftName { operationNames[op.qualifiedName] = swift }
        }
        if document.version.isV4 {
            for op in document.functions + document.actions where op.isBound {
                guard let binding = op.bindingParameter else { continue }
                let isFunction = op.kind == .function
                let made = operation(name: op.name, swiftName: operationNames[op.qualifiedName], kind: isFunction ? "bound function" : "bound action",
                                     call: isFunction ? "executeFunction" : "executeAction", callName: op.qualifiedName,
                                     parameters: Array(op.parameters.dropFirst()), binding: binding, returns: op.returnType, element: op, scope: &scope)
                out += made.text
                if let swift = made.swiftName { operationNames[op.qualifiedName] = swift }
            }
        }
        // Nothing empty is emitted: a service without singletons has no Singletons enum.
        if !setsEnum.isEmpty {
            out += "\n    /// The entity sets, from the metadata the classes were generated from.\n"
            out += "    \(access) enum EntitySets {\n\(setsEnum)    }\n"
        }
        if !singletonsEnum.isEmpty {
            out += "\n    /// The singletons, from the metadata the classes were generated from.\n"
            out += "    \(access) enum Singletons {\n\(singletonsEnum)    }\n"
        }
        out += "}\n"
        return out
    }

    /// Claims a name and the names derived from it by `suffixes`, with a numeric suffix until all are free.
    private func claimGroup(_ id: (name: String, change: String?), suffixes: [String], source: String, scope: inout NameScope) -> ProxyName {
        var candidate = id.name
        var n = 1
        while !suffixes.allSatisfy({ scope.isFree(candidate + $0) }) {
            n += 1
            candidate = "\(id.name)_\(n)"
        }
        for s in suffixes { scope.take(candidate + s, for: source) }
        let taken = n > 1 ? "\(id.name) is taken" : nil
        return ProxyName(swift: candidate, note: [id.change, taken].compactMap { $0 }.joined(separator: "; ").nilIfEmpty)
    }

    /// An operation's two methods (blocking and `async`), or a comment saying why there are none: a function or
    /// action import (`binding` nil), or a function or action bound to an entity type, whose methods take the entity
    /// first, labelled with the binding parameter's name (`discount(it: product, pct: 10)`). Entity parameters
    /// take the entity's class (an array of it for a collection).
    private func operation(name: String, swiftName: String? = nil, kind: String, call: String, callName: String,
                           parameters: [Parameter], binding: Parameter? = nil, returns: ReturnType?, element: CsdlElement,
                           scope: inout NameScope) -> (text: String, swiftName: String?) {
        var labels = NameScope("the parameters of \(name)", allowCaseConflicts: true, reserved: ["parameters"])
        var bindingArgument: (label: String, type: String)?
        if let binding {
            let mapped = swiftType(binding.type, resolved: binding.resolvedType)
            guard mapped.isEntity, !binding.type.isCollection else {
                let what = binding.type.isCollection ? "a collection" : "a type that is not an entity type"
                return ("\n    // The \(kind) \(name) is not generated: it is bound to \(what), \(binding.type) (call it with `dataService.\(call)`).\n", nil)
            }
            let id = SwiftNames.identifier(SwiftNames.lowerCamel(binding.name), original: binding.name)
            let label = (try? labels.claim(ProxyName(swift: id.name), for: binding.name))?.swift ?? id.name
            bindingArgument = (label, mapped.name)
        }
        var params: [(name: String, label: String, type: String, optional: Bool, value: String)] = []
        for p in parameters {
            let mapped = swiftType(p.type, resolved: p.resolvedType)
            let id = SwiftNames.identifier(SwiftNames.lowerCamel(p.name), original: p.name)
            let label = (try? labels.claim(ProxyName(swift: id.name), for: p.name))?.swift ?? id.name
            let value: String
            if mapped.isEntity {
                value = p.type.isCollection ? "DataValue.entityList(EntityValueList(\(label).map(\\.entityValue)))" : "DataValue.entity(\(label).entityValue)"
            } else {
                value = "\(label).dataValue"
            }
            params.append((p.name, label, mapped.name, p.isNullable, value))
        }
        let method = swiftName.map { ProxyName(swift: $0) }
            ?? claimGroup(SwiftNames.identifier(SwiftNames.lowerCamel(name), original: name), suffixes: [""], source: name, scope: &scope)
        var resultType = ""
        var convert = ""
        var returnsText = "returns nothing"
        if let r = returns {
            let mapped = swiftType(r.type, resolved: nil)
            let element = r.type.isCollection ? String(mapped.name.dropFirst().dropLast()) : mapped.name
            returnsText = "returns \(r.type)"
            switch (mapped.isEntity, r.type.isCollection) {
            case (true, true): resultType = " -> [\(element)]"; convert = ".proxyEntities(as: \(element).self)"
            case (true, false): resultType = " -> \(element)?"; convert = ".proxyEntity(as: \(element).self)"
            case (false, true): resultType = " -> [\(element)]"; convert = ".proxyValues(as: \(element).self)"
            case (false, false): resultType = " -> \(element)?"; convert = ".proxyValue(as: \(element).self)"
            }
        }
        let signature = ((bindingArgument.map { ["\($0.label): \($0.type)"] } ?? [])
            + params.map { "\($0.label): \($0.type)\($0.optional ? "? = nil" : "")" }).joined(separator: ", ")
        let declared = ((binding.map { [$0] } ?? []) + parameters).map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        var out = "\n    // MARK: \(name)\(binding.map { " bound to \($0.type)" } ?? "")\n"
        for isAsync in [false, true] {
            out += "\n" + docComment("The \(kind) \(name)(\(declared)); \(returnsText).", for: element, notes: [method.note])
            out += "    \(access) func \(method.swift)(\(signature))\(fx(isAsync))\(resultType) {\n"
            out += "        \(params.isEmpty ? "let" : "var") parameters: [(name: String, value: DataValue)] = []\n"
            for p in params {
                if p.optional {
                    out += "        if let \(p.label) { parameters.append((\(SwiftNames.literal(p.name)), \(p.value))) }\n"
                } else {
                    out += "        parameters.append((\(SwiftNames.literal(p.name)), \(p.value)))\n"
                }
            }
            let bound = bindingArgument.map { ", boundTo: \($0.label).entityValue" } ?? ""
            let invocation = "\(tryAwait(isAsync))dataService.\(call)(\(SwiftNames.literal(callName)), parameters: parameters\(bound))"
            out += resultType.isEmpty ? "        _ = \(invocation)\n" : "        return \(invocation)\(convert)\n"
            out += "    }\n"
        }
        return (out, method.swift)
    }

    private func fx(_ isAsync: Bool) -> String { isAsync ? " async throws" : " throws" }
    private func tryAwait(_ isAsync: Bool) -> String { isAsync ? "try await " : "try " }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
