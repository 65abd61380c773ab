/// A coding key made at run time: a property name or a list position.
struct EntityCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension Array where Element == any CodingKey {
    /// `Orders/0/Freight`, for messages.
    var pathText: String { map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/") }
}
