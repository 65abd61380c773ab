/// The order the members of an entity or complex value are written in when a query's select and expand asked for
/// them in an order of their own (`Customers select City, CustomerID`): the members named in `names` first, in that
/// order, each with the order inside it (`nested`: a complex property, an expanded entity or collection); then the
/// rest in the usual order (properties in metadata order, expanded navigation, dynamic properties).
///
/// `*` in `names` (`MemberOrder.otherProperties`) stands for the properties, structural and dynamic, that `names`
/// does not name, in their usual order: `select City, *, Country` writes City, the others, then Country.
package struct MemberOrder: Sendable, Equatable {
    /// Stands for the properties not named elsewhere in `names`.
    package static let otherProperties = "*"

    package let names: [String]
    package let nested: [String: MemberOrder]
    /// The names of `names` (without `*`), for the rest's lookups.
    package let named: Set<String>

    package init(names: [String] = [], nested: [String: MemberOrder] = [:]) {
        var seen = Set<String>()
        self.names = names.filter { seen.insert($0).inserted }
        self.nested = nested
        named = seen.subtracting([Self.otherProperties])
    }

    /// True when it changes nothing: no names, and no order inside any member.
    package var isEmpty: Bool { names.isEmpty && nested.isEmpty }

    /// The order inside member `name` (nil: the usual order).
    package func inside(_ name: String) -> MemberOrder? { nested[name] }

    /// The members of one value put in this order: `members` in their usual order, each with its name and whether it
    /// is a property (structural or dynamic; `*` takes those), not an expanded navigation property.
    package func arrange<T>(_ members: [T], name: (T) -> String, isProperty: (T) -> Bool) -> [T] {
        guard !names.isEmpty else { return members }
        var out: [T] = []
        out.reserveCapacity(members.count)
        var used = [Bool](repeating: false, count: members.count)
        var index: [String: Int] = [:]
        for (i, m) in members.enumerated() where index[name(m)] == nil { index[name(m)] = i }
        for n in names {
            if n == Self.otherProperties {
                for (i, m) in members.enumerated() where !used[i] && isProperty(m) && !named.contains(name(m)) {
                    used[i] = true
                    out.append(m)
                }
            } else if let i = index[n], !used[i] {
                used[i] = true
                out.append(members[i])
            }
        }
        for (i, m) in members.enumerated() where !used[i] { out.append(m) }
        return out
    }
}
