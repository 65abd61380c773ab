/// One segment of a resource path: `Customers`, `('ALFKI')`, `Orders`, `CompanyName`, a function or action call.
public enum PathSegment: Sendable {
    /// An entity set by name: the first segment of a collection path.
    case entitySet(String)
    /// A singleton by name (V4): a single entity addressed by name.
    case singleton(String)
    /// A key predicate on the segment before it.
    case key(EntityKey)
    /// A navigation property by name: to the entity or entities it leads to.
    case navigation(String)
    /// A structural property (the path then addresses its value).
    case property(String)
    /// A function import (V4 `Name(p=v)`, V2 `Name?p=v`) with parameters typed by the model.
    case function(String, parameters: [(name: String, value: QueryLiteral)])
    /// An action import (POST; parameters go in the body).
    case action(String)
    /// A type cast to a derived type, by qualified name (`/microsoft.graph.group`; V4).
    case cast(String)
    /// A bound function by qualified name, with its parameters other than the binding one (`/NS.F(p=1)`; V4).
    case boundFunction(String, parameters: [(name: String, value: QueryLiteral)])
    /// A bound action by qualified name (`/NS.A`, POST; parameters go in the body; V4).
    case boundAction(String)
    /// The raw value of a primitive property or a media entity (`/$value`).
    case value
    /// A link the service gave for a resource (an entity's edit link), relative to the service root and
    /// percent-encoded as given: the whole path, written as it is.
    case link(String)
}
