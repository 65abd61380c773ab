import ODataClient
import ODataQuery

/// A statement checked against the model: the request it makes, the query behind it, and warnings to show first.
struct BoundStatement {
    /// The request, in the library's types: `DataService.execute` sends it, `DataService.httpRequest(for:)` spells it.
    var request: DataRequest
    /// The query, for statements that read (nil for create, update, delete, call and raw URLs).
    var query: DataQuery?
    /// Things the service may refuse (a property marked not filterable, a required filter missing).
    var warnings: [String]
    /// The order of the output's columns, when the statement's select (or a nested one) gives one.
    package var columnOrder: MemberOrder? = nil
    /// For a batch: the column order of each of its requests, in order (change sets flattened), as `columnOrder`.
    package var batchColumnOrders: [MemberOrder?] = []
}
