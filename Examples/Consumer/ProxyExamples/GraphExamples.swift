// A query on a base type gives each entity as its own type's class: a service of Microsoft Graph's shape (module
// GraphShape, generated from its $metadata: directoryObject derived from the abstract entity, user and group
// derived from directoryObject), whose service class registers the module's classes by qualified name. A file of
// its own, so that its classes do not meet Northwind's.
import Foundation
import GraphShape
import OData

func runGraphExamples(_ url: URL) throws {
    let graph = try GraphService(url: url)
    let objects = try graph.directoryObjects()
    let described = objects.map { object -> String in
        if let user = object as? User { return "User \(user.displayName ?? "?")" }
        if let group = object as? Group { return "Group \(group.displayName ?? "?")" }
        return "\(type(of: object))"
    }
    print("directoryObjects as their classes: \(described.joined(separator: ", "))")
    let one = try graph.directoryObject(id: "u1")
    print("directoryObject u1 as User: \((one as? User)?.mail ?? "not a User")")
}
