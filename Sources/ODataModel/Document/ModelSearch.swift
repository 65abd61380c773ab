/// A search of the whole model for a word or phrase: the names, SAP labels (`sap:label`, `sap:quickinfo`,
/// `Common.Label`, `Common.QuickInfo`) and descriptions (`Core.Description`, `Core.LongDescription`) of entity sets,
/// singletons, entity, complex and enum types, properties, navigation properties, functions, actions and their
/// imports. Case-insensitive; a phrase of several words also matches when every word is found somewhere in the
/// element's name, label and description.
public struct ModelSearch {
    /// What a match is.
    public enum Kind: String, Sendable, CaseIterable {
        // In the order matches of equal rank are listed.
        /// An entity set.
        case entitySet
        /// A singleton (V4).
        case singleton
        /// An entity type.
        case entityType
        /// A complex type.
        case complexType
        /// An enumeration type.
        case enumType
        /// A function import of the container.
        case functionImport
        /// An action import of the container (V4).
        case actionImport
        /// A function of a schema (V4).
        case function
        /// An action of a schema (V4).
        case action
        /// A navigation property of an entity or complex type.
        case navigationProperty
        /// A structural property of an entity or complex type.
        case property

        /// Lower-case words (`entity set`, `navigation property`).
        public var words: String {
            switch self {
            case .entitySet: return "entity set"
            case .singleton: return "singleton"
            case .entityType: return "entity type"
            case .complexType: return "complex type"
            case .enumType: return "enum type"
            case .function: return "function"
            case .action: return "action"
            case .functionImport: return "function import"
            case .actionImport: return "action import"
            case .property: return "property"
            case .navigationProperty: return "navigation property"
            }
        }
    }

    /// Where the text was found.
    public enum Field: String, Sendable {
        /// The element's name.
        case name
        /// A label: `sap:label`, `sap:quickinfo`, `Common.Label`, `Common.QuickInfo`.
        case label
        /// A description: `Core.Description`, `Core.LongDescription`.
        case description
    }

    /// One element that matches, with what it is and where it belongs.
    public struct Match: Sendable, Equatable {
        /// What kind of element matched.
        public var kind: Kind
        /// The element's simple name.
        public var name: String
        /// The qualified name of the type that holds a property or navigation property, the container of a set,
        /// singleton or import; nil for schema elements.
        public var owner: String?
        /// The element's type (a set's entity type, a property's type, a navigation property's target); nil for types.
        public var type: String?
        /// The first label the element has (SAP's `sap:label` or `Common.Label`).
        public var label: String?
        /// The element's `Core.Description`, when it has one.
        public var description: String?
        /// Where the search text was found (the best place when several).
        public var field: Field
        /// Lower is better: exact name, name prefix, word in the name, label, description, scattered words.
        public var rank: Int
    }

    /// The document searched.
    public let document: CsdlDocument

    /// A search of `document`.
    public init(document: CsdlDocument) { self.document = document }

    /// Every element that matches `text`, best first; empty for blank text.
    public func matches(_ text: String) -> [Match] {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return [] }
        let phrase = words.joined(separator: " ")
        var found: [Match] = []
        func consider(_ e: CsdlElement, _ kind: Kind, owner: String?, type: String?) {
            guard !e.isRemoved else { return }
            let label = Self.label(of: e), description = Self.description(of: e)
            guard let (field, rank) = Self.rank(phrase: phrase, words: words, name: e.name,
                                                labels: Self.labels(of: e), descriptions: Self.descriptions(of: e)) else { return }
            found.append(Match(kind: kind, name: e.name, owner: owner, type: type, label: label, description: description,
                               field: field, rank: rank))
        }
        for c in document.entityContainers {
            for s in c.entitySets { consider(s, .entitySet, owner: c.name, type: s.type.qualifiedName) }
            for s in c.singletons { consider(s, .singleton, owner: c.name, type: s.type.qualifiedName) }
            for f in c.functionImports { consider(f, .functionImport, owner: c.name, type: f.function) }
            for a in c.actionImports { consider(a, .actionImport, owner: c.name, type: a.action) }
        }
        let structured: [(StructuredType, Kind)] = document.entityTypes.map { ($0, .entityType) } + document.complexTypes.map { ($0, .complexType) }
        for (t, kind) in structured {
            consider(t, kind, owner: nil, type: nil)
            for p in t.ownProperties { consider(p, .property, owner: t.qualifiedName, type: p.type.description) }
            for n in t.ownNavigationProperties {
                consider(n, .navigationProperty, owner: t.qualifiedName, type: n.target.map(\.qualifiedName) ?? n.type.description)
            }
        }
        for t in document.enumTypes { consider(t, .enumType, owner: nil, type: nil) }
        for f in document.functions {
            consider(f, .function, owner: f.bindingParameter.map { "bound to " + $0.type.description }, type: f.returnType?.type.description)
        }
        for a in document.actions {
            consider(a, .action, owner: a.bindingParameter.map { "bound to " + $0.type.description }, type: a.returnType?.type.description)
        }
        // Equal ranks: by kind (sets, types, operations, members), then in the model's order.
        let kindOrder = Dictionary(uniqueKeysWithValues: Kind.allCases.enumerated().map { ($1, $0) })
        return found.enumerated().sorted { a, b in
            if a.element.rank != b.element.rank { return a.element.rank < b.element.rank }
            if a.element.kind != b.element.kind { return kindOrder[a.element.kind]! < kindOrder[b.element.kind]! }
            return a.offset < b.offset
        }.map(\.element)
    }

    // MARK: Ranking

    private static func rank(phrase: String, words: [String], name: String, labels: [String], descriptions: [String]) -> (Field, Int)? {
        let n = name.lowercased()
        // "mailbox settings" finds mailboxSettings and Mailbox_Settings as well.
        let squeezed = words.joined(), nameSqueezed = n.filter { $0 != "_" }
        if n == phrase || nameSqueezed == squeezed { return (.name, 0) }
        if n.hasPrefix(phrase) || nameSqueezed.hasPrefix(squeezed) { return (.name, 1) }
        if let r = wordStart(of: phrase, in: name) { return (.name, r ? 2 : 3) }
        if words.count > 1, nameSqueezed.contains(squeezed) { return (.name, 3) }
        let ls = labels.map { $0.lowercased() }
        if ls.contains(phrase) { return (.label, 2) }
        let inLabels = labels.compactMap { wordStart(of: phrase, in: $0) }
        if !inLabels.isEmpty { return (.label, inLabels.contains(true) ? 4 : 5) }
        let inDescriptions = descriptions.compactMap { wordStart(of: phrase, in: $0) }
        if !inDescriptions.isEmpty { return (.description, inDescriptions.contains(true) ? 6 : 7) }
        // Several words, each found somewhere.
        guard words.count > 1 else { return nil }
        let all = ([n] + ls + descriptions.map { $0.lowercased() }).joined(separator: " ")
        guard words.allSatisfy({ all.contains($0) }) else { return nil }
        return (ls.contains(where: { l in words.allSatisfy { l.contains($0) } }) ? .label : .description, 8)
    }

    /// nil when `phrase` (lower case) is not in `text`; true when it starts a word there (after a space, `_`, `.`,
    /// `-`, `/`, or at a lower-to-upper case change of the original text, as in `CompanyName`).
    private static func wordStart(of phrase: String, in text: String) -> Bool? {
        let original = Array(text), lower = Array(text.lowercased())
        let p = Array(phrase)
        guard p.count <= lower.count, lower.count == original.count else {
            return text.lowercased().contains(phrase) ? false : nil
        }
        var found = false
        for i in 0...(lower.count - p.count) where lower[i] == p[0] && Array(lower[i..<(i + p.count)]) == p {
            if i == 0 || " _.-/(".contains(original[i - 1]) || (original[i].isUppercase && original[i - 1].isLowercase) { return true }
            found = true
        }
        return found ? false : nil
    }

    // MARK: Texts

    private static let labelTerms = ["com.sap.vocabularies.Common.v1.Label", "com.sap.vocabularies.Common.v1.QuickInfo"]
    private static let descriptionTerms = ["Org.OData.Core.V1.Description", "Org.OData.Core.V1.LongDescription"]

    /// The element's SAP label: `sap:label`, else `Common.Label`.
    public static func label(of e: CsdlElement) -> String? {
        e.sap.label ?? text(of: e, term: labelTerms[0])
    }

    /// The element's `Core.Description`, else its `Core.LongDescription`.
    public static func description(of e: CsdlElement) -> String? {
        text(of: e, term: descriptionTerms[0]) ?? text(of: e, term: descriptionTerms[1])
    }

    private static func labels(of e: CsdlElement) -> [String] {
        [e.sap.label, e.sap.quickInfo, e.sap.heading].compactMap { $0 } + labelTerms.compactMap { text(of: e, term: $0) }
    }

    private static func descriptions(of e: CsdlElement) -> [String] {
        descriptionTerms.compactMap { text(of: e, term: $0) }
    }

    private static func text(of e: CsdlElement, term: String) -> String? {
        for a in e.annotations where a.term == term && a.qualifier == nil {
            if case .constant(_, let v)? = a.value { return v }
        }
        return nil
    }
}
