// Annotations and annotation expressions of CSDL JSON. The expressions are mapped exactly as the CSDL XML reader
// maps their XML twins, so that both forms of one document give the same model.
extension CsdlJsonReader.Reading {
    /// A term with its qualifier, as one segment of an annotation key (`Core.Description#Tablet`).
    struct TermKey: Equatable {
        var term: String
        var qualifier: String?
        var text: String { qualifier.map { "\(term)#\($0)" } ?? term }
    }

    /// `$Annotations`: one block per target, with the annotations written for it.
    func readAnnotationsBlocks(_ m: Member, into schema: CsdlSchema) {
        guard let targets = object(m, schema.namespace) else { return }
        for t in targets {
            let path = "\(schema.namespace)/$Annotations/\(t.key)"
            guard let members = object(t, path) else { continue }
            for x in members where !x.key.hasPrefix("@") {
                warn("unknown-member", path, x.location, "\(x.key) in $Annotations is not an annotation (\"@Term\") and is ignored")
            }
            let block = AnnotationsBlock(target: t.key, qualifier: nil, location: t.location)
            block.annotations = annotations(in: members, path: path, blockTarget: t.key)[""] ?? []
            schema.add(block)
        }
    }

    /// Gives an element the annotations among its members: `@Term` ones to the element itself, `Child@Term`
    /// ones to the child `child` finds (enum members, say). `$Member@Term` ones annotate a keyword such as
    /// `$OnDelete` and have no place in the model.
    func applyAnnotations(_ members: [Member], to element: CsdlElement, path: String,
                          child: (String) -> CsdlElement? = { _ in nil }) {
        for (target, list) in annotations(in: members, path: path) {
            if target.isEmpty {
                element.annotations += list
            } else if target.hasPrefix("$") {
                continue
            } else if let c = child(target) {
                c.annotations += list
            } else {
                for a in list {
                    warn("ignored-annotation", path, a.location, "annotation \(target)@\(a.key) is for \(target), which is not a member here")
                }
            }
        }
    }

    /// The annotations among an object's members by what they annotate: "" for the object itself, else the name
    /// before the `@` (`Member@Term`). Annotations of annotations (`@A@B`, `@A#Q@B`) go into A's `annotations`.
    func annotations(in members: [Member], path: String, blockTarget: String? = nil) -> [String: [CsdlAnnotation]] {
        var result: [String: [CsdlAnnotation]] = [:]
        var nested: [(target: String, chain: [TermKey], annotation: CsdlAnnotation)] = []
        for m in members {
            guard let (target, chain) = Self.parseAnnotationKey(m.key) else { continue }
            guard chain.allSatisfy({ !$0.term.isEmpty && $0.qualifier?.isEmpty != true }) else {
                warn("invalid-value", path, m.location, "malformed annotation name \(m.key) is ignored")
                continue
            }
            let last = chain[chain.count - 1]
            var a = CsdlAnnotation(term: last.term, qualifier: last.qualifier,
                                   value: expression(m.value, path: "\(path)/\(m.key)"), location: m.location)
            if chain.count == 1 {
                a.target = blockTarget
                result[target, default: []].append(a)
            } else {
                nested.append((target, chain, a))
            }
        }
        // Parents first: the annotation on an annotation may be written before the annotation it annotates.
        for n in nested.sorted(by: { $0.chain.count < $1.chain.count }) {
            var list = result[n.target] ?? []
            if attach(n.annotation, under: n.chain.dropLast(), in: &list) {
                result[n.target] = list
            } else {
                let parent = n.chain.dropLast().map(\.text).joined(separator: "@")
                warn("ignored-annotation", path, n.annotation.location,
                     "annotation \(n.annotation.key) annotates @\(parent), which is not there")
            }
        }
        return result
    }

    /// `Target@A#Q@B` → ("Target", [A#Q, B]); nil without an `@`. Works on bytes: `@` and `#` are ASCII.
    static func parseAnnotationKey(_ key: String) -> (target: String, chain: [TermKey])? {
        let utf8 = key.utf8
        guard let at = utf8.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        var chain: [TermKey] = []
        for segment in utf8[utf8.index(after: at)...].split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false) {
            if let hash = segment.firstIndex(of: UInt8(ascii: "#")) {
                chain.append(TermKey(term: String(key[segment.startIndex..<hash]),
                                     qualifier: String(key[utf8.index(after: hash)..<segment.endIndex])))
            } else {
                chain.append(TermKey(term: String(key[segment.startIndex..<segment.endIndex]), qualifier: nil))
            }
        }
        return (String(key[..<at]), chain)
    }

    private func attach(_ a: CsdlAnnotation, under chain: ArraySlice<TermKey>, in list: inout [CsdlAnnotation]) -> Bool {
        guard let first = chain.first,
              let i = list.firstIndex(where: { $0.termAsWritten == first.term && $0.qualifier == first.qualifier }) else { return false }
        if chain.count == 1 {
            list[i].annotations.append(a)
            return true
        }
        return attach(a, under: chain.dropFirst(), in: &list[i].annotations)
    }

    // MARK: Expressions

    static let pathKinds = ["Path", "PropertyPath", "NavigationPropertyPath", "AnnotationPath", "ModelElementPath", "AnyPropertyPath"]
    static let constantKinds = ["EnumMember", "Binary", "Bool", "Date", "DateTimeOffset", "Decimal", "Duration", "Float",
                                "Guid", "Int", "String", "TimeOfDay"]
    static let operators = ["And", "Or", "Not", "Eq", "Ne", "Gt", "Ge", "Lt", "Le", "Has", "In",
                            "Add", "Sub", "Neg", "Mul", "Div", "DivBy", "Mod"]
    /// `$` members that only qualify the one that names the expression (`$Function` of `$Apply`, `$Type` of `$Cast`).
    static let modifiers: Set<String> = ["$Function", "$Type", "$Name", "$Collection", "$MaxLength", "$Precision", "$Scale", "$SRID"]

    /// The annotation expression a JSON value stands for.
    func expression(_ node: JSONNode, path: String) -> AnnotationExpression {
        switch node.value {
        case .null: return .null
        case .bool(let b): return .constant(kind: "Bool", value: b ? "true" : "false")
        case .number(let text, let isInteger): return .constant(kind: isInteger ? "Int" : "Decimal", value: text)
        case .string(let s): return .constant(kind: "String", value: s)
        case .array(let items): return .collection(items.map { expression($0, path: path) })
        case .object(let members): return objectExpression(members, at: node.location, path: path)
        }
    }

    /// An object: a `$`-keyword expression, or a record. `@` members annotate the expression and are not kept.
    func objectExpression(_ members: [Member], at location: SourceLocation, path: String) -> AnnotationExpression {
        let keywords = members.filter { $0.key.hasPrefix("$") && !$0.key.containsAtSign }
        guard !keywords.isEmpty else { return record(members, path: path) }
        func value(_ key: String) -> JSONNode? { keywords.first { $0.key == key }?.value }
        func operands(_ n: JSONNode) -> [AnnotationExpression] {
            if let items = n.array { return items.map { expression($0, path: path) } }
            return [expression(n, path: path)]
        }
        guard let main = keywords.first(where: { !Self.modifiers.contains($0.key) }) else {
            // Some producers (SAP CAP, for one) give a record's type as `$Type` instead of `@type`.
            if keywords.allSatisfy({ $0.key == "$Type" }) { return record(members, path: path) }
            warn("invalid-value", path, location, "expression with only \(keywords.map(\.key).joined(separator: ", ")) is ignored")
            return .null
        }
        let name = String(main.key.dropFirst())
        switch name {
        case _ where Self.pathKinds.contains(name):
            return .path(kind: name, value: main.value.scalarText ?? "")
        case _ where Self.constantKinds.contains(name):
            return .constant(kind: name, value: main.value.scalarText ?? "")
        case "Null":
            return .null
        case "Apply":
            var attributes: [String: String] = [:]
            if let f = value("$Function")?.string { attributes["Function"] = f }
            return .dynamic(name: "Apply", attributes: attributes, operands: operands(main.value))
        case "Cast", "IsOf":
            // Type and facets as CSDL XML writes them: `Type="Collection(T)"`, `MaxLength="30"`.
            let type = value("$Type")?.string ?? "Edm.String"
            var attributes = ["Type": value("$Collection")?.bool == true ? "Collection(\(type))" : type]
            for facet in ["MaxLength", "Precision", "Scale", "SRID"] {
                if let text = value("$" + facet)?.scalarText { attributes[facet] = text }
            }
            return .dynamic(name: name, attributes: attributes, operands: [expression(main.value, path: path)])
        case "LabeledElement":
            return .dynamic(name: name, attributes: ["Name": value("$Name")?.string ?? ""],
                            operands: [expression(main.value, path: path)])
        case "LabeledElementReference":
            return .dynamic(name: name, attributes: [:], operands: [.constant(kind: "String", value: main.value.scalarText ?? "")])
        case "UrlRef":
            return .dynamic(name: name, attributes: [:], operands: [expression(main.value, path: path)])
        case "If":
            return .dynamic(name: name, attributes: [:], operands: operands(main.value))
        case _ where Self.operators.contains(name):
            return .dynamic(name: name, attributes: [:], operands: operands(main.value))
        default:
            warn("unknown-member", path, main.location, "unknown expression \(main.key); kept as a dynamic expression")
            return .dynamic(name: name, attributes: [:], operands: operands(main.value))
        }
    }

    /// A record: its type from `@type` / `@odata.type` (the part after `#`) or `$Type`, its properties in member
    /// order. `Property@Term` members annotate a property value and are not kept.
    func record(_ members: [Member], path: String) -> AnnotationExpression {
        var type: String?
        var properties: [AnnotationExpression.PropertyValue] = []
        for m in members {
            if m.key == "@type" || m.key == "@odata.type" {
                if let t = m.value.string {
                    type = t.lastIndex(of: "#").map { String(t[t.index(after: $0)...]) } ?? t
                }
            } else if m.key == "$Type" {
                if type == nil, let t = m.value.string { type = t }
            } else if !m.key.containsAtSign {
                properties.append(.init(property: m.key, value: expression(m.value, path: "\(path)/\(m.key)")))
            }
        }
        return .record(type: type, properties: properties)
    }
}
