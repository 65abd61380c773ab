import ODataModel

/// A value of an enumeration type (SAP's `EnumValue`): member names as OData writes them (`Premium`, or
/// `Read,Write` for a flags combination) and the numeric value they add up to.
public struct EnumValue: Hashable, Sendable, CustomStringConvertible {
    /// The enumeration type, when the value was read or made against a model.
    public let type: EnumType?
    /// Member names joined by commas, in the order given.
    public let name: String
    /// The numeric value: the member's, or for flags the members' combined.
    public let value: Int64

    /// A value of `type` with these names and numeric value, unchecked (`parse` checks).
    public init(type: EnumType?, name: String, value: Int64) { self.type = type; self.name = name; self.value = value }

    /// The member (or, for flags, the combination) named `text` (`A,B`; spaces around names allowed), or a
    /// number as text. Unknown names give nil, unless `open` (the document's `hasOpenEnumerations`) keeps them.
    public static func parse(_ text: String, type: EnumType, open: Bool = false) -> EnumValue? {
        if let n = Int64(text) {
            let names = type.isFlags ? type.members.filter { $0.value != 0 && n & $0.value == $0.value }.map(\.name)
                                     : type.members.filter { $0.value == n }.map(\.name)
            let covered = names.reduce(Int64(0)) { acc, name in acc | (type.member(named: name)?.value ?? 0) }
            if !names.isEmpty && (covered == n || !type.isFlags) { return EnumValue(type: type, name: names.joined(separator: ","), value: n) }
            return open ? EnumValue(type: type, name: text, value: n) : nil
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }), type.isFlags || parts.count == 1 else { return nil }
        var value: Int64 = 0
        for p in parts {
            if let m = type.member(named: p) { value |= m.value } else if !open { return nil }
        }
        return EnumValue(type: type, name: parts.joined(separator: ","), value: value)
    }

    /// The member names one by one.
    public var memberNames: [String] { name.split(separator: ",").map(String.init) }

    /// The member names, as OData writes them.
    public var description: String { name }

    /// Equal when value, names and type name are.
    public static func == (a: EnumValue, b: EnumValue) -> Bool {
        a.value == b.value && a.name == b.name && a.type?.qualifiedName == b.type?.qualifiedName
    }
    /// Hashes the names and numeric value.
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(value) }
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
