import FoundationEssentials
import Glibc

/// Local corrections to a service's metadata, applied after every load: facets and SAP attributes of named
/// elements, for services whose `$metadata` is wrong in ways one cannot wait for the service to fix.
///
/// A fix-up document has one fix a line; `#` starts a comment:
///
///     EmployeePayrollRunResultsItems/amount: Scale=2
///     NS.Type/Prop: Nullable=true MaxLength=20 sap:label="Amount"
///     Customers: sap:label="Kunden"
///
/// The path names an entity set or singleton (standing for its entity type), or an entity or complex type
/// (qualified, or by its simple name when that is unique), optionally followed by `/` and a property or
/// navigation property. Values are bare words or double-quoted strings (`\"` and `\\` inside).
/// Properties take `Nullable`, `MaxLength`, `Precision`, `Scale`, `SRID`, `Unicode`, `FixedLength`,
/// `DefaultValue`, `Type` and `ConcurrencyMode`; navigation properties `Nullable`; every element `sap:NAME`.
/// Each changed element records the names in `CsdlElement.fixedFacets`.
///
/// A program gives it to the reader (`MetadataReader.Options.fixup`), which applies it before it hands the document
/// out: a loaded document cannot be changed (see `CsdlElement`).
public struct MetadataFixup: Sendable {
    /// One line of the document: a path and what to set there.
    public struct Fix: Sendable, Equatable {
        /// The element path the fix applies to (`NS.Customer/CompanyName`, `Container/Customers`).
        public var path: String
        /// What to set on the element, in the order written.
        public var settings: [Setting]
        /// The line in the fix-up document, from 1.
        public var line: Int
    }

    /// One `Name=value` of a fix.
    public struct Setting: Sendable, Equatable {
        /// The facet or attribute to set (`Nullable`, `MaxLength`, `sap:label`).
        public var name: String
        /// The value to set it to, unquoted.
        public var value: String
    }

    /// The fixes, in document order.
    public var fixes: [Fix]
    /// Where the document came from, for messages.
    public var source: String

    /// A fix-up of these fixes, read from `source`.
    public init(fixes: [Fix], source: String = "") {
        self.fixes = fixes
        self.source = source
    }

    /// Reads a fix-up document from a file.
    public static func read(file path: String) throws -> MetadataFixup {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MetadataFileError(path: path, message: String(cString: strerror(errno)))
        }
        return try parse(String(decoding: data, as: UTF8.self), source: path)
    }

    /// Parses a fix-up document; syntax errors name the line.
    public static func parse(_ text: String, source: String = "") throws -> MetadataFixup {
        var fixes: [Fix] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var scanner = LineScanner(Array(raw.utf8), line: line, source: source)
            scanner.skipSpaces()
            if scanner.atEnd || scanner.peek == UInt8(ascii: "#") { continue }
            let path = scanner.path()
            guard !path.isEmpty else { throw scanner.error("expected an element path such as Type/Property") }
            guard scanner.take(UInt8(ascii: ":")) else { throw scanner.error("expected ':' after \(path)") }
            var settings: [Setting] = []
            while true {
                scanner.skipSpaces()
                if scanner.atEnd || scanner.peek == UInt8(ascii: "#") { break }
                let name = scanner.name()
                guard !name.isEmpty else { throw scanner.error("expected Name=value") }
                guard scanner.take(UInt8(ascii: "=")) else { throw scanner.error("expected '=' after \(name)") }
                settings.append(Setting(name: name, value: try scanner.value()))
            }
            guard !settings.isEmpty else { throw scanner.error("\(path): nothing to set (expected Name=value after ':')") }
            fixes.append(Fix(path: path, settings: settings, line: line))
        }
        return MetadataFixup(fixes: fixes, source: source)
    }

    // MARK: applying

    /// Applies every fix to `doc`. All paths and values are checked first, so on an error nothing is changed;
    /// the error names the line, the element and, for unknown names, the closest existing ones.
    package func apply(to doc: CsdlDocument) throws {
        var planned: [(CsdlElement, Fix)] = []
        for fix in fixes {
            let element = try resolve(fix, in: doc)
            for setting in fix.settings { try check(setting, on: element, fix: fix, doc: doc) }
            planned.append((element, fix))
        }
        for (element, fix) in planned {
            for setting in fix.settings { set(setting, on: element, doc: doc) }
        }
    }

    private func failure(_ fix: Fix, _ message: String, suggestions: [String] = []) -> MetadataFixupError {
        MetadataFixupError(source: source, line: fix.line, path: fix.path, message: message, suggestions: suggestions)
    }

    /// The element a path names.
    private func resolve(_ fix: Fix, in doc: CsdlDocument) throws -> CsdlElement {
        let parts = fix.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw failure(fix, "a path is Type, Type/Property, EntitySet or EntitySet/Property")
        }
        let head = parts[0]
        let set: ContainerElement? = doc.entitySets.first { $0.name == head } ?? doc.singletons.first { $0.name == head }
        let type: StructuredType? = set?.entityTypeIfResolved ?? doc.structuredType(withName: head)
        if parts.count == 1 {
            if let set { return set }
            if let type { return type }
        } else if let type {
            let member = parts[1]
            if let p = type.structuralProperty(named: member) { return p }
            if let n = type.navigationProperty(named: member) { return n }
            let names = type.properties.map(\.name) + type.navigationProperties.map(\.name)
            throw failure(fix, "\(type.qualifiedName) has no property \(member)",
                          suggestions: NameSuggester.closest(to: member, in: names).map { "\(head)/\($0)" })
        }
        var names = doc.entitySets.map(\.name) + doc.singletons.map(\.name)
        names += (doc.entityTypes as [StructuredType] + doc.complexTypes).flatMap { [$0.name, $0.qualifiedName] }
        let rest = parts.count == 2 ? "/" + parts[1] : ""
        throw failure(fix, "no entity set, singleton, entity type or complex type named \(head)",
                      suggestions: NameSuggester.closest(to: head, in: names).map { $0 + rest })
    }

    private static let propertyFacets = ["Nullable", "MaxLength", "Precision", "Scale", "SRID", "Unicode", "FixedLength",
                                         "DefaultValue", "Type", "ConcurrencyMode"]

    private func check(_ s: Setting, on element: CsdlElement, fix: Fix, doc: CsdlDocument) throws {
        if s.name.hasPrefix("sap:") {
            guard s.name.count > 4 else { throw failure(fix, "sap: needs an attribute name, as in sap:label") }
            return
        }
        let bad = { (expected: String) in self.failure(fix, "\(s.name)=\(s.value): expected \(expected)") }
        switch element {
        case is Property:
            switch s.name {
            case "Nullable", "Unicode", "FixedLength": if Self.bool(s.value) == nil { throw bad("true or false") }
            case "MaxLength": if MaxLength(s.value) == nil { throw bad("a number or max") }
            case "Precision": if Int(s.value) == nil { throw bad("a number") }
            case "Scale": if Scale(s.value) == nil { throw bad("a number, variable or floating") }
            case "SRID", "DefaultValue": break
            case "ConcurrencyMode": if !["None", "Fixed"].contains(s.value) { throw bad("None or Fixed") }
            case "Type":
                let t = TypeReference(s.value)
                if case .unresolved = doc.resolveType(t.nameAsWritten) {
                    throw bad("a primitive type (Edm.String, ...) or a type of this service")
                }
            default:
                throw failure(fix, "a property has no facet \(s.name)",
                              suggestions: NameSuggester.closest(to: s.name, in: Self.propertyFacets + ["sap:label"]))
            }
        case is NavigationProperty:
            guard s.name == "Nullable" else { throw failure(fix, "a navigation property takes Nullable or sap:NAME, not \(s.name)") }
            if Self.bool(s.value) == nil { throw bad("true or false") }
        default:
            throw failure(fix, "\(fix.path) takes only SAP attributes (sap:NAME=value), not \(s.name)")
        }
    }

    private func set(_ s: Setting, on element: CsdlElement, doc: CsdlDocument) {
        element.fixedFacets.insert(s.name)
        if s.name.hasPrefix("sap:") {
            let local = String(s.name.dropFirst(4))
            element.foreignAttributes.removeAll { $0.namespace == SAPAttributes.namespace && $0.localName == local }
            element.foreignAttributes.append(ForeignAttribute(prefix: "sap", localName: local, namespace: SAPAttributes.namespace, value: s.value))
            return
        }
        if let n = element as? NavigationProperty {
            n.nullable = Self.bool(s.value)
            return
        }
        guard let p = element as? Property else { return }
        switch s.name {
        case "Nullable": p.facets.nullable = Self.bool(s.value)
        case "Unicode": p.facets.unicode = Self.bool(s.value)
        case "FixedLength": p.facets.fixedLength = Self.bool(s.value)
        case "MaxLength": p.facets.maxLength = MaxLength(s.value)
        case "Precision": p.facets.precision = Int(s.value)
        case "Scale": p.facets.scale = Scale(s.value)
        case "SRID": p.facets.srid = s.value
        case "DefaultValue": p.facets.defaultValue = s.value
        case "ConcurrencyMode": p.concurrencyMode = s.value == "None" ? nil : s.value
        case "Type":
            var t = TypeReference(s.value)
            t.qualifiedName = doc.resolveAlias(t.nameAsWritten)
            p.type = t
            p.resolvedType = doc.resolveType(t.nameAsWritten)
        default: break
        }
    }

    private static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}

/// Reads one line of a fix-up document.
private struct LineScanner {
    let bytes: [UInt8]
    let line: Int
    let source: String
    var i = 0

    init(_ bytes: [UInt8], line: Int, source: String) {
        var b = bytes
        if b.last == UInt8(ascii: "\r") { b.removeLast() }
        self.bytes = b
        self.line = line
        self.source = source
    }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }

    mutating func skipSpaces() {
        while !atEnd, peek == 0x20 || peek == 0x09 { i += 1 }
    }

    mutating func take(_ b: UInt8) -> Bool {
        skipSpaces()
        guard !atEnd, peek == b else { return false }
        i += 1
        return true
    }

    /// Up to the ':' that ends the path (or a space).
    mutating func path() -> String {
        let start = i
        while !atEnd, peek != UInt8(ascii: ":"), peek != 0x20, peek != 0x09 { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// A setting's name: up to '=' or a space.
    mutating func name() -> String {
        let start = i
        while !atEnd, peek != UInt8(ascii: "="), peek != 0x20, peek != 0x09 { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func value() throws -> String {
        guard !atEnd, peek != 0x20, peek != 0x09 else { throw error("expected a value after '='") }
        guard peek == UInt8(ascii: "\"") else {
            let start = i
            while !atEnd, peek != 0x20, peek != 0x09 { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        i += 1
        var out: [UInt8] = []
        while !atEnd {
            let b = peek
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\"), !atEnd {
                out.append(peek)
                i += 1
            } else {
                out.append(b)
            }
        }
        throw error("a quoted value is not closed")
    }

    func error(_ message: String) -> MetadataFixupError {
        MetadataFixupError(source: source, line: line, path: "", message: "column \(i + 1): \(message)", suggestions: [])
    }
}
