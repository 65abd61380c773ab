import ODataClient
import ODataModel
import ODataQuery

/// Binds `batch ... end`: each statement as it would be bound on its own, changesets holding changes only.
struct BatchBinder {
    let version: ODataVersion
    /// The whole statement, for errors that concern the batch as a whole.
    let text: String

    /// The batch request, and the column order of each of its requests (change sets flattened, in order) as a
    /// statement's own `columnOrder`; `binder` binds its statements (and gathers their warnings).
    func bind(_ items: [AST.BatchItem], with binder: inout Binder) throws -> (DataRequest, [MemberOrder?]) {
        var parts: [DataRequest.BatchPart] = []
        var orders: [MemberOrder?] = []
        for item in items {
            switch item {
            case .statement(let s, _):
                let bound = try statement(s, with: &binder)
                parts.append(.request(bound.request))
                orders.append(bound.columnOrder)
            case .changeSet(let statements, let r):
                let bound = try statements.map { try statement($0, with: &binder) }
                let requests = bound.map(\.request)
                orders += bound.map(\.columnOrder)
                if requests.contains(where: { $0.method(for: version) == .get }) {
                    throw LanguageError(.syntax, "a changeset holds changes only (create, update, replace, delete, call of an action)", at: r)
                }
                parts.append(.changeSet(requests))
            }
        }
        guard !parts.isEmpty else { throw LanguageError(.syntax, "the batch is empty", at: SourceRange(start: 0, end: text.count)) }
        return (DataRequest(.batch(parts)), orders)
    }

    /// A statement inside a batch: any but another batch.
    private func statement(_ s: AST.Statement, with binder: inout Binder) throws -> BoundStatement {
        if case .batch = s { throw LanguageError(.syntax, "a batch cannot hold a batch", at: SourceRange(start: 0, end: text.count)) }
        return try binder.bindStatement(s)
    }
}
