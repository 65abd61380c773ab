import ODataQuery

/// The parsed (not yet bound) form of a statement: names as written, literals untyped, every part with its range.
enum AST {
    /// A name as written, with where it stands.
    struct Name: Hashable, Sendable {
        var text: String
        var range: SourceRange
    }

    /// `Customers('ALFKI')/Orders`: segments, each a name and an optional key.
    struct ResourcePath: Hashable, Sendable {
        var segments: [Segment]
        var range: SourceRange { segments.first!.name.range.to(segments.last!.range) }
    }
    struct Segment: Hashable, Sendable {
        var name: Name
        var key: Key?
        var range: SourceRange { key.map { name.range.to($0.range) } ?? name.range }
    }
    struct Key: Hashable, Sendable {
        /// One unnamed value, or named values.
        var values: [(name: Name?, value: Expr)]
        var range: SourceRange
        static func == (a: Key, b: Key) -> Bool {
            a.range == b.range && a.values.count == b.values.count
                && zip(a.values, b.values).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }
        func hash(into h: inout Hasher) { h.combine(range) }
    }

    /// The options after a resource path (or inside an expand item).
    struct Options: Hashable, Sendable {
        var filter: Expr?
        var select: [SelectItem] = []
        var orderBy: [OrderItem] = []
        var expand: [ExpandItem] = []
        var top: (value: Int, range: SourceRange)?
        var skip: (value: Int, range: SourceRange)?
        var inlineCount: SourceRange?
        var search: (text: String, range: SourceRange)?
        /// `levels N` or `levels max` inside an expand item (V4 `$levels`); nil value for max.
        var levels: (value: Int?, range: SourceRange)?
        /// group by, aggregate, having, compute, top/bottom N by (`$apply`, `$compute`).
        var aggregation = Aggregation()
        init() {}
        static func == (a: Options, b: Options) -> Bool {
            a.filter == b.filter && a.select == b.select && a.orderBy == b.orderBy && a.expand == b.expand
                && a.top?.value == b.top?.value && a.skip?.value == b.skip?.value && a.inlineCount == b.inlineCount
                && a.search?.text == b.search?.text && a.levels?.value == b.levels?.value && (a.levels == nil) == (b.levels == nil)
                && a.aggregation == b.aggregation
        }
        func hash(into h: inout Hasher) { h.combine(filter); h.combine(select) }
        var isEmpty: Bool {
            filter == nil && select.isEmpty && orderBy.isEmpty && expand.isEmpty && top == nil && skip == nil
                && inlineCount == nil && search == nil && levels == nil && aggregation.isEmpty
        }
    }

    /// A select item: a property path, or `*`.
    struct SelectItem: Hashable, Sendable {
        /// Empty for `*`.
        var path: [Name]
        var range: SourceRange
    }
    struct OrderItem: Hashable, Sendable {
        var expr: Expr
        var descending: Bool
    }
    struct ExpandItem: Hashable, Sendable {
        var path: [Name]
        var options: Options?
        var range: SourceRange
    }

    /// A value in a create/update body.
    indirect enum Value: Hashable, Sendable {
        case expr(Expr)
        case object([Member], SourceRange)
        case array([Value], SourceRange)
    }
    struct Member: Hashable, Sendable {
        var name: Name
        var value: Value
    }

    /// A literal as written, typed later by what it meets.
    enum Literal: Hashable, Sendable {
        case string(String)
        case integer(String)
        case decimal(String)
        case double(String)
        case boolean(Bool)
        case null
        case date(String)
        case dateTimeOffset(String)
        case localDateTime(String)
        case timeOfDay(String)
        case guid(String)
        /// `prefix'text'`: `guid'...'`, `datetime'...'`, `duration'...'`, `X'0A'`, `Namespace.Color'Red'`.
        case typed(prefix: String, text: String)
    }

    /// An expression with its range.
    struct Expr: Hashable, Sendable {
        indirect enum Kind: Hashable, Sendable {
            case literal(Literal)
            /// `Customer/Country`, `d/Quantity`, a bare enum member name, `INF`.
            case path([Name])
            case unary(UnaryOperator, Expr)
            case binary(BinaryOperator, Expr, Expr)
            case isIn(Expr, [Expr])
            case call(Name, [Expr])
            /// `Order_Details/any(d: d/Quantity > 100)`.
            case lambda(LambdaOperator, collection: [Name], variable: Name?, predicate: Expr?)
            /// `(...)`: kept so that printing can show what the user grouped.
            case group(Expr)
            /// `['a', 'b']` or `{City: 'Oslo'}` as an operation's argument (a collection, complex or entity parameter).
            case structured(Value)
        }
        var kind: Kind
        var range: SourceRange
    }

    /// One part of a batch: a statement, or a change set of statements.
    enum BatchItem: Hashable, Sendable {
        case statement(Statement, SourceRange)
        case changeSet([Statement], SourceRange)
    }

    /// What a statement asks for.
    enum Statement: Hashable, Sendable {
        /// `Customers where ...`, `count Customers ...` (countOnly), `search Products "chai"` (options.search).
        case query(path: ResourcePath, options: Options, countOnly: Bool)
        case create(path: ResourcePath, body: Value)
        /// `update Set(key) {...} [force]` (PATCH/MERGE), or `replace ...` (PUT: what is not given is reset);
        /// `force` sends `If-Match: *`, overwriting whatever changed.
        case update(path: ResourcePath, body: Value, force: Bool, replace: Bool)
        /// `delete Set(key) [force]`.
        case delete(path: ResourcePath, force: Bool)
        /// `call Name(p=v, ...) [clauses]`: clauses apply to a function's collection of entities.
        case call(name: Name, arguments: [(name: Name, value: Expr)], options: Options)
        /// `call Products(1)/NS.Action(p=v, ...)`: a bound operation, the last segment of the path.
        case callBound(path: ResourcePath)
        /// `batch; s1; changeset; s2; s3; end; end`: statements sent as one `$batch`, change sets all or none.
        case batch([BatchItem])
        /// `get /relative/url?...`, passed through as written.
        case raw(String)
        /// `link Categories(1)/Products to Products(5)`: add a reference ($ref, V2 $links).
        case link(path: ResourcePath, target: Expr)
        /// `unlink Categories(1)/Products(5)` or `unlink Products(5)/Category`: remove one.
        case unlink(path: ResourcePath)

        static func == (a: Statement, b: Statement) -> Bool {
            switch (a, b) {
            case let (.query(p1, o1, c1), .query(p2, o2, c2)): return p1 == p2 && o1 == o2 && c1 == c2
            case let (.create(p1, b1), .create(p2, b2)): return p1 == p2 && b1 == b2
            case let (.update(p1, b1, f1, r1), .update(p2, b2, f2, r2)): return p1 == p2 && b1 == b2 && f1 == f2 && r1 == r2
            case let (.delete(p1, f1), .delete(p2, f2)): return p1 == p2 && f1 == f2
            case let (.call(n1, a1, o1), .call(n2, a2, o2)):
                return n1 == n2 && o1 == o2 && a1.count == a2.count && zip(a1, a2).allSatisfy { $0.name == $1.name && $0.value == $1.value }
            case let (.raw(x), .raw(y)): return x == y
            case let (.callBound(p1), .callBound(p2)): return p1 == p2
            case let (.batch(a), .batch(b)): return a == b
            case let (.link(p1, t1), .link(p2, t2)): return p1 == p2 && t1 == t2
            case let (.unlink(p1), .unlink(p2)): return p1 == p2
            default: return false
            }
        }
        func hash(into h: inout Hasher) { h.combine(String(describing: self).count) }
    }
}

extension AST.Value {
    /// Where the value was written.
    var range: SourceRange {
        switch self {
        case .expr(let e): return e.range
        case .object(_, let r), .array(_, let r): return r
        }
    }

    /// What the value is, for messages ("a collection [ ... ]").
    var shape: String {
        switch self {
        case .array: return "a collection [ ... ]"
        case .object: return "a structure { ... }"
        case .expr: return "an expression"
        }
    }
}
