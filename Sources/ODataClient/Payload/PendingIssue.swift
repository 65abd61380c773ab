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

extension [PendingIssue] {
    /// The problems found from `start` on, taken off the list, as issues of `entity` (whose key is known now; nil
    /// for values outside any entity), each with whether it ends the read in any mode.
    mutating func takeIssues(from start: Int, of entity: EntityValue?) -> [(issue: PayloadIssue, alwaysFatal: Bool)] {
        guard count > start else { return [] }
        let problems = self[start...]
        removeSubrange(start...)
        let key = entity.flatMap { try? $0.keyPredicate(version: .v4) }
        return problems.map { ($0.issue(set: entity?.entitySetName, key: key), $0.alwaysFatal) }
    }
}
