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
        out += docComment("The service \(container?.qualifiedName ?? serviceName) (OData \(document.version)): typed access to its entity sets, singletons, functions and actions, over the dynamic `DataService`.", for: container, notes: [serviceNote], indent: "")
        out += "///\n/// Every network function comes twice, blocking and `async`, with the same name; the blocking one is\n/// `noasync`: top-level code that awaits cannot call it by mistake.\n"
        out += "\(access) final class \(serviceName): Sendable {\n"
        out += "    /// The dynamic service underneath, for anything the typed functions do not cover.\n"
        out += "    \(access) let dataService: DataService\n\n"
        out += "    /// Opens the service at `url` (its root) with the metadata the classes were generated from: no `$metadata`\n"
        out += "    /// request is sent. Throws when the HTTP session cannot start.\n"
        out += "    \(access) init(url: URL, configuration: HTTPConfiguration = HTTPConfiguration()) throws {\n"
        out += "        try \(metadataName).shared.checkLoaded()\n"
        let registers = document.entityTypes.contains { proxyBases[$0.qualifiedName] != nil }
        // Keyed by the module-qualified name of the metadata class: the proxies of two services of one container name
        // (Graph's v1.0 and beta) may be linked into one program, and each keeps its lookup.
        let register = registers ? "        ProxyClassRegistry.register(String(reflecting: \(metadataName).self)) { \(metadataName).derivedClass($0) }\n" : ""
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
            out += "    \(noasync(isAsync))\(access) func refreshMetadata(options: MetadataComparison.Options = .init())\(fx(isAsync)) -> MetadataRefresh {\n"
            out += "        \(tryAwait(isAsync))dataService.refreshMetadata(options: options)\n    }\n\n"
        }
        out += "    // MARK: writes\n"
        for (verb, what) in [("create", "Creates the entity in its entity set (the only one of its type unless it was made with one)"),
                             ("update", "Sends the entity's changed properties (PATCH, or MERGE in V2) with its ETag"),
                             ("delete", "Deletes the entity, with its ETag")] {
            for isAsync in [false, true] {
                out += "\n    /// \(what).\n"
                out += "    \(noasync(isAsync))\(access) func \(verb)Entity(_ entity: some EntityProxy, options: RequestOptions = RequestOptions())\(fx(isAsync)) {\n"
                out += "        \(tryAwait(isAsync))dataService.\(verb)Entity(entity.entityValue, options: options)\n    }\n"
            }
        }
        for isAsync in [false, true] {
            out += "\n    /// Reads a navigation property into the entity (`service.loadProperty(Customer.orders, into: customer)`).\n"
            out += "    \(noasync(isAsync))\(access) func loadProperty(_ navigation: NavigationProperty, into entity: some EntityProxy, query: DataQuery? = nil)\(fx(isAsync)) {\n"
            out += "        \(tryAwait(isAsync))dataService.loadProperty(navigation, into: entity.entityValue, query: query)\n    }\n"
            out += "\n    /// Reads a structural or stream property into the entity.\n"
            out += "    \(noasync(isAsync))\(access) func loadProperty(_ property: Property, into entity: some EntityProxy)\(fx(isAsync)) {\n"
            out += "        \(tryAwait(isAsync))dataService.loadProperty(property, into: entity.entityValue)\n    }\n"
        }
        var setsEnum = ""
        var singletonsEnum = ""
        // The sections of the entity sets, whose get-by-key methods are named last (`keyLookups`): a name derived
        // from the set's gives way to every name the metadata gives.
        let beforeSets = out
        out = ""
        var setSections: [String] = []
        var keyed: [(section: Int, set: EntitySet, type: EntityType, cls: String, base: ProxyName, from: String)] = []
        for set in document.entitySets {
            guard let type = set.entityTypeIfResolved else {
                setSections.append("\n    // The entity set \(set.name) is not generated: its type \(set.type.qualifiedName) is not in the metadata.\n")
                continue
            }
            let base = claimGroup(SwiftNames.identifier(SwiftNames.lowerCamel(set.name), original: set.name), suffixes: ["", "WithKey", "Sequence"],
                                  source: set.name, scope: &scope)
            let cls = className(type)
            setsEnum += "        /// The entity set \(set.name).\n"
            setsEnum += "        \(access) static let \(base.swift) = \(metadataName).shared.entitySet(\(SwiftNames.literal(set.name)), type: \(SwiftNames.literal(type.qualifiedName)))\n"
            let from = "query.from(EntitySets.\(base.swift))"
            var text = "\n    // MARK: \(set.name)\n"
            for isAsync in [false, true] {
                text += "\n" + docComment("The entities of \(set.name) (\(cls)) that `query` selects, across all pages.", for: set, notes: [base.note])
                text += "    \(noasync(isAsync))\(access) func \(base.swift)(query: DataQuery = DataQuery())\(fx(isAsync)) -> [\(cls)] {\n"
                text += "        \(tryAwait(isAsync))dataService.fetchProxies(\(from), as: \(cls).self)\n    }\n"
            }
            text += "\n    /// The entities of \(set.name) that `query` selects, read page by page as iteration reaches them\n"
            text += "    /// (`for try await`).\n"
            text += "    \(access) func \(base.swift)Sequence(query: DataQuery = DataQuery()) -> EntityProxySequence<\(cls)> {\n"
            text += "        dataService.proxies(\(from), as: \(cls).self)\n    }\n"
            if !type.keyProperties.isEmpty { keyed.append((setSections.count, set, type, cls, base, from)) }
            setSections.append(text)
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
                out += "    \(noasync(isAsync))\(access) func \(base.swift)(query: DataQuery = DataQuery())\(fx(isAsync)) -> \(cls) {\n"
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
        for k in keyed {
            setSections[k.section] += keyLookup(set: k.set, type: k.type, cls: k.cls, base: k.base, from: k.from, scope: &scope)
        }
        out = beforeSets + setSections.joined() + out
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

    /// An entity set's get-by-key methods (blocking and `async`), named for one entity (`keyLookupNames`); when
    /// another member has that name, the set's name with `WithKey` (`customersWithKey`), which the set holds for it.
    /// A singular name comes with the `WithKey` one, deprecated, forwarding to it, for code written before the
    /// singular names.
    private func keyLookup(set: EntitySet, type: EntityType, cls: String, base: ProxyName, from: String, scope: inout NameScope) -> String {
        var labels = NameScope("the key of \(set.name)", allowCaseConflicts: true, reserved: ["query"])
        var list: [(name: String, label: String, inner: String, type: String)] = []
        for k in type.keyProperties {
            let a = SwiftNames.argument(k.name, labels: &labels, local: ["query", "key", "dataService"])
            list.append((k.name, a.label, a.inner, swiftType(k.type, resolved: k.resolvedType).name))
        }
        let signature = list.map { SwiftNames.parameter(label: $0.label, inner: $0.inner, type: $0.type) }.joined(separator: ", ")
        let keyValues = list.map { "(\(SwiftNames.literal($0.name)), \($0.inner).dataValue)" }.joined(separator: ", ")
        let old = base.swift + "WithKey"
        var name = old
        var note = base.note
        if let singular = keyLookupNames(set: set, type: type).first(where: { scope.isFree($0.swift) }) {
            scope.take(singular.swift, for: set.name)
            name = singular.swift
            note = singular.note
        }
        var out = ""
        for isAsync in [false, true] {
            out += "\n" + docComment("The entity of \(set.name) (\(cls)) with this key; throws when there is none.", for: nil, notes: [note])
            out += "    \(noasync(isAsync))\(access) func \(name)(\(signature), query: DataQuery = DataQuery())\(fx(isAsync)) -> \(cls) {\n"
            out += "        let key = try dataService.proxyKey([\(keyValues)])\n"
            out += "        return \(tryAwait(isAsync))dataService.fetchProxy(\(from).withKey(key), as: \(cls).self)\n    }\n"
        }
        guard name != old else { return out }
        let arguments = list.map { "\($0.label): \($0.inner)" }.joined(separator: ", ")
        let renamed = "\(name)(\(list.map { "\($0.label):" }.joined())query:)"
        for isAsync in [false, true] {
            out += "\n    /// The entity of \(set.name) with this key, by its name before get-by-key methods were named for one entity.\n"
            out += "    @available(*, deprecated, renamed: \(SwiftNames.literal(renamed)))\n"
            out += "    \(noasync(isAsync))\(access) func \(old)(\(signature), query: DataQuery = DataQuery())\(fx(isAsync)) -> \(cls) {\n"
            out += "        \(tryAwait(isAsync))self.\(name)(\(arguments), query: query)\n    }\n"
        }
        return out
    }

    /// The names an entity set's get-by-key method may take, for the one entity it returns, in lower camel case and
    /// in order of preference: the set's name in the singular when it is a plural of its type's name (`Customers`
    /// of `Customer` gives `customer`, `Categories` of `Category` `category`, `VIPCustomers` `vipCustomer`, SAP's
    /// `BusinessPartnerSet` `businessPartner`); its type's class name (`People` of `Person` gives `person`); the
    /// set's name with an English plural ending taken off (CAP's `Risks` of the type `Risks` gives `risk`).
    func keyLookupNames(set: EntitySet, type: EntityType) -> [ProxyName] {
        func named(_ name: String, _ why: String) -> ProxyName {
            let id = SwiftNames.identifier(SwiftNames.lowerCamel(name), original: set.name)
            return ProxyName(swift: id.name, note: why + (id.change.map { "; \($0)" } ?? ""))
        }
        let setName = set.name.lowercased()
        let typeName = type.name.lowercased()
        var endings: [(plural: String, drop: Int, add: String)] = [(typeName + "s", 1, ""), (typeName + "es", 2, ""),
                                                                   (typeName + "set", 3, ""), (typeName + "_set", 4, ""),
                                                                   (typeName + "collection", 10, "")]
        if typeName.hasSuffix("y") { endings.append((typeName.dropLast() + "ies", 3, "y")) }
        var names: [ProxyName] = []
        if let e = endings.first(where: { setName.hasSuffix($0.plural) }) {
            names.append(named(String(set.name.dropLast(e.drop)) + e.add, "\(set.name) in the singular, for the one entity"))
        }
        let cls = className(type)
        let unprefixed = cls.hasPrefix(options.classPrefix) && cls.count > options.classPrefix.count ? String(cls.dropFirst(options.classPrefix.count)) : cls
        names.append(named(unprefixed, "for the one entity of \(set.name), after its type \(type.name)"))
        let english: [(ending: String, drop: Int, add: String)] = [("ies", 3, "y"), ("sses", 2, ""), ("xes", 2, ""), ("ches", 2, ""),
                                                                   ("shes", 2, ""), ("s", 1, "")]
        if let e = english.first(where: { setName.hasSuffix($0.ending) }), !["ss", "us", "is"].contains(where: { setName.hasSuffix($0) }),
           set.name.count > e.ending.count {
            names.append(named(String(set.name.dropLast(e.drop)) + e.add, "\(set.name) in the singular, for the one entity"))
        }
        return names
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
    /// first. Argument labels are the parameters' names as the metadata gives them, in lower camel case, the binding
    /// parameter's too (`discount(it: product, pct: 10)`, CAP's `draftPrepare(in: risk)`). Entity parameters
    /// take the entity's class (an array of it for a collection).
    private func operation(name: String, swiftName: String? = nil, kind: String, call: String, callName: String,
                           parameters: [Parameter], binding: Parameter? = nil, returns: ReturnType?, element: CsdlElement,
                           scope: inout NameScope) -> (text: String, swiftName: String?) {
        var labels = NameScope("the parameters of \(name)", allowCaseConflicts: true)
        // The names the body uses: a parameter of one of these names is called otherwise inside the function.
        let local: Set<String> = ["parameters", "dataService", "DataValue", "EntityValueList"]
        var bindingArgument: (label: String, inner: String, type: String)?
        if let binding {
            let mapped = swiftType(binding.type, resolved: binding.resolvedType)
            guard mapped.isEntity, !binding.type.isCollection else {
                let what = binding.type.isCollection ? "a collection" : "a type that is not an entity type"
                return ("\n    // The \(kind) \(name) is not generated: it is bound to \(what), \(binding.type) (call it with `dataService.\(call)`).\n", nil)
            }
            let a = SwiftNames.argument(binding.name, labels: &labels, local: local)
            bindingArgument = (a.label, a.inner, mapped.name)
        }
        var params: [(name: String, label: String, inner: String, type: String, optional: Bool, value: String)] = []
        for p in parameters {
            let mapped = swiftType(p.type, resolved: p.resolvedType)
            let a = SwiftNames.argument(p.name, labels: &labels, local: local)
            let value: String
            if mapped.isEntity {
                value = p.type.isCollection ? "DataValue.entityList(EntityValueList(\(a.inner).map(\\.entityValue)))" : "DataValue.entity(\(a.inner).entityValue)"
            } else {
                value = "\(a.inner).dataValue"
            }
            params.append((p.name, a.label, a.inner, mapped.name, p.isNullable, value))
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
        let signature = ((bindingArgument.map { [SwiftNames.parameter(label: $0.label, inner: $0.inner, type: $0.type)] } ?? [])
            + params.map { SwiftNames.parameter(label: $0.label, inner: $0.inner, type: $0.type + ($0.optional ? "? = nil" : "")) }).joined(separator: ", ")
        let declared = ((binding.map { [$0] } ?? []) + parameters).map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        var out = "\n    // MARK: \(name)\(binding.map { " bound to \($0.type)" } ?? "")\n"
        for isAsync in [false, true] {
            out += "\n" + docComment("The \(kind) \(name)(\(declared)); \(returnsText).", for: element, notes: [method.note])
            out += "    \(noasync(isAsync))\(access) func \(method.swift)(\(signature))\(fx(isAsync))\(resultType) {\n"
            out += "        \(params.isEmpty ? "let" : "var") parameters: [(name: String, value: DataValue)] = []\n"
            for p in params {
                if p.optional {
                    out += "        if let \(p.inner) { parameters.append((\(SwiftNames.literal(p.name)), \(p.value))) }\n"
                } else {
                    out += "        parameters.append((\(SwiftNames.literal(p.name)), \(p.value)))\n"
                }
            }
            let bound = bindingArgument.map { ", boundTo: \($0.inner).entityValue" } ?? ""
            let invocation = "\(tryAwait(isAsync))dataService.\(call)(\(SwiftNames.literal(callName)), parameters: parameters\(bound))"
            out += resultType.isEmpty ? "        _ = \(invocation)\n" : "        return \(invocation)\(convert)\n"
            out += "    }\n"
        }
        return (out, method.swift)
    }

    private func fx(_ isAsync: Bool) -> String { isAsync ? " async throws" : " throws" }
    /// The blocking form's attribute: refused where code awaits (top-level code that uses `await`), where Swift would
    /// otherwise rank it before the `async` form of the same name and block the thread (as `DataService`'s are).
    private func noasync(_ isAsync: Bool) -> String {
        isAsync ? "" : "@available(*, noasync, message: \"blocks its thread until the answer is in; where code awaits, call it from an async function, which gets the async form\")\n    "
    }
    private func tryAwait(_ isAsync: Bool) -> String { isAsync ? "try await " : "try " }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
