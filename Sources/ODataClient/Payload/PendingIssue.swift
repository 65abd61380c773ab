import ODataModel

/// A problem found inside an entity, reported once the entity's key is known.
struct PendingIssue {
    var kind: PayloadIssue.Kind
    var path: String?
    var expected: String?
    var got: String?
    var message: String
    var line: Int
    var column: Int
    var offset: Int
    var alwaysFatal = false

    func issue(set: String?, key: String?) -> PayloadIssue {
        var i = PayloadIssue(kind: kind, message: message, line: line, column: column, offset: offset)
        i.entitySet = set; i.key = key; i.property = path?.replacingAll("/[", with: "[")
        i.expected = expected; i.got = got
        return i
    }
}
