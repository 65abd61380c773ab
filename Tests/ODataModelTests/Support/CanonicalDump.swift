@testable import ODataModel

/// A stable text form of a resolved model, independent of the syntax it was read from (CSDL XML or JSON), element
/// order within a schema, and spellings with aliases: two readings of the same model give the same dump.
enum CanonicalDump {
    /// With `structuralOnly`, only types, properties, keys, navigation, sets and bindings: what a V2/V3 document and
    /// its CSDL JSON translation (which turns function imports into actions/functions and documentation and
    /// `sap:*` attributes into annotations) still share.
    static func dump(_ doc: CsdlDocument, structuralOnly: Bool = false, ignoring: Set<String> = []) -> String {
        dumpLines(doc, structuralOnly: structuralOnly).map { line in
            ignoring.isEmpty ? line : line.split(separator: " ").filter { tok in !ignoring.contains { tok.hasPrefix($0 + "=") } }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    private static func dumpLines(_ doc: CsdlDocument, structuralOnly: Bool) -> [String] {
        func annotations(_ e: CsdlElement) -> String { structuralOnly ? "" : CanonicalDump.annotations(e) }
        var out: [String] = ["version \(doc.version.rawValue)"]
        for s in doc.schemas.sorted(by: { $0.namespace < $1.namespace }) {
            out.append("schema \(s.namespace)")
            for t in (s.entityTypes as [StructuredType] + s.complexTypes).sorted(by: { $0.name < $1.name }) {
                var line = "  \(t is EntityType ? "entity" : "complex") \(t.name)"
                if let b = t.baseTypeName { line += " : \(b.qualifiedName)" }
                if t.isAbstract { line += " abstract" }
                if t.isOpen { line += " open" }
                if let e = t as? EntityType {
                    if e.hasStream { line += " stream" }
                    line += " key(\(e.ownKeyNames.joined(separator: ",")))"
                }
                out.append(line + annotations(t))
                for p in t.ownProperties {
                    var l = "    prop \(p.name) \(p.type) null=\(p.isNullable)"
                    // CSDL JSON writes MaxLength=max by leaving $MaxLength out.
                    if let m = p.facets.maxLength, m != .max { l += " maxLength=\(m)" }
                    // Defaults made explicit: CSDL XML's absent Precision (temporal) and Scale (Decimal) mean 0.
                    let temporal: Set<PrimitiveType> = [.dateTime, .dateTimeOffset, .timeOfDay, .duration, .time]
                    if let v = p.facets.precision ?? (p.type.primitive.map(temporal.contains) == true ? 0 : nil) { l += " precision=\(v)" }
                    if let v = p.facets.scale ?? (p.type.primitive == .decimal ? .fixed(0) : nil) { l += " scale=\(v)" }
                    if let v = p.facets.srid { l += " srid=\(v)" }
                    if let v = p.facets.defaultValue {
                        // A JSON number may be re-written with fewer digits: compare floating defaults as numbers.
                        let floating = p.type.primitive == .double || p.type.primitive == .single
                        l += " default=\(floating ? Double(v).map { String($0) } ?? v : v)"
                    }
                    out.append(l + annotations(p))
                }
                for n in t.ownNavigationProperties {
                    var l = "    nav \(n.name) \(n.type)"
                    if !n.isCollection { l += " null=\(n.isNullable)" }
                    if let p = n.partner { l += " partner=\(p)" }
                    if n.containsTarget { l += " contained" }
                    if let d = n.onDelete { l += " onDelete=\(d)" }
                    let rc = n.referentialConstraints.map { "\($0.property)->\($0.referencedProperty)" }.sorted()
                    if !rc.isEmpty { l += " rc(\(rc.joined(separator: ",")))" }
                    out.append(l + annotations(n))
                }
            }
            for e in s.enumTypes.sorted(by: { $0.name < $1.name }) {
                out.append("  enum \(e.name) \(e.underlyingType.rawValue)\(e.isFlags ? " flags" : "")" + annotations(e))
                for m in e.members { out.append("    \(m.name)=\(m.value)" + annotations(m)) }
            }
            for t in s.typeDefinitions.sorted(by: { $0.name < $1.name }) {
                out.append("  typedef \(t.name) \(t.underlyingType.qualifiedName)" + annotations(t))
            }
            for o in (s.actions + s.functions).sorted(by: { $0.signature < $1.signature }) where !structuralOnly {
                var l = "  \(o.kind.rawValue) \(o.signature)"
                if o.isBound { l += " bound" }
                if o.isComposable { l += " composable" }
                // Nullability of collection-valued parameters and results (of their items) is left out: CSDL JSON
                // and XML default it differently and the corpus twins disagree on it.
                if let r = o.returnType { l += " -> \(r.type)" + (r.type.isCollection ? "" : " null=\(r.isNullable)") }
                l += " params(" + o.parameters.map { "\($0.name):\($0.type)" + ($0.type.isCollection ? "" : ":\($0.isNullable)") }.joined(separator: ",") + ")"
                out.append(l + annotations(o))
            }
            for t in s.terms.sorted(by: { $0.name < $1.name }) where !structuralOnly {
                out.append("  term \(t.name) \(t.type)" + annotations(t))
            }
            for c in s.entityContainers {
                out.append("  container \(c.name)" + annotations(c))
                for e in c.entitySets.sorted(by: { $0.name < $1.name }) {
                    let b = e.navigationPropertyBindings.map { "\($0.path)=\(bindingTarget($0.target))" }.sorted()
                    out.append("    set \(e.name) \(e.type.qualifiedName) bindings(\(b.joined(separator: ",")))" + annotations(e))
                }
                for e in c.singletons.sorted(by: { $0.name < $1.name }) {
                    let b = e.navigationPropertyBindings.map { "\($0.path)=\(bindingTarget($0.target))" }.sorted()
                    out.append("    singleton \(e.name) \(e.type.qualifiedName) bindings(\(b.joined(separator: ",")))" + annotations(e))
                }
                if structuralOnly { continue }
                // An import's entity set may be written as a path (`Container/Set`); the set is what counts.
                func setName(_ s: String?) -> String { s.map { String($0.split(separator: "/").last ?? "") } ?? "" }
                for f in c.functionImports.sorted(by: { $0.name < $1.name }) {
                    out.append("    functionImport \(f.name) \(f.function.map { doc.resolveAlias($0) } ?? "") \(setName(f.entitySet))" + annotations(f))
                }
                for a in c.actionImports.sorted(by: { $0.name < $1.name }) {
                    out.append("    actionImport \(a.name) \(doc.resolveAlias(a.action)) \(setName(a.entitySet))" + annotations(a))
                }
            }
        }
        return out
    }

    /// A binding target without the container qualifier (`NS.Container/Set` and `Set` name the same set).
    static func bindingTarget(_ t: String) -> String {
        let parts = t.split(separator: "/")
        return parts.count > 1 && parts[0].contains(".") ? parts.dropFirst().joined(separator: "/") : t
    }

    /// Annotations as a sorted list of `@term#qualifier=value`, values without their literal kind (JSON has none).
    static func annotations(_ e: CsdlElement) -> String {
        guard !e.annotations.isEmpty else { return "" }
        // An annotation without a value means true (terms of type Core.Tag); CSDL JSON writes the true.
        let list = e.annotations.map { a in "@\(a.term)\(a.qualifier.map { "#\($0)" } ?? "")=\(a.value.map(value) ?? "true")" }.sorted()
        return " [" + list.joined(separator: " ") + "]"
    }

    static func value(_ e: AnnotationExpression) -> String {
        switch e {
        case .constant(let kind, let v):
            if kind == "Bool" { return v.lowercased() }
            if ["Int", "Decimal", "Float"].contains(kind), let d = Double(v) { return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d) }
            if kind == "EnumMember" { return v.split(separator: " ").map { String($0.split(separator: "/").last ?? $0) }.joined(separator: ",") }
            return v
        case .path(_, let v): return v   // CSDL JSON writes paths of path-typed terms as plain strings
        case .null: return "null"
        case .collection(let items): return "[" + items.map(value).joined(separator: ",") + "]"
        case .record(let type, let props):
            return "{" + (type.map { "type=\($0);" } ?? "") + props.map { "\($0.property)=\(value($0.value))" }.joined(separator: ";") + "}"
        case .dynamic(let name, let attrs, let ops):
            return "\(name)(" + attrs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "|" + ops.map(value).joined(separator: ",") + ")"
        }
    }
}
