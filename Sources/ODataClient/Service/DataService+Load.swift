import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Reads a navigation property of `entity` from the service and puts it into the entity (an entity, null, or a
    /// list of entities; all pages of a collection). The entity is not marked changed. `query` adds its options
    /// (select, filter, orderBy, expand, top, ...) to the request, as SAP's `loadProperty(_:into:query:)` does;
    /// its path is not used.
    public func loadProperty(_ navigation: NavigationProperty, into entity: EntityValue, query: DataQuery? = nil) throws {
        var url = try entityURL(entity) + "/" + navigation.name
        if var options = query {
            options.path = []
            options.countOnly = false
            url += try options.relativeURL(for: version)
        }
        guard let slot = entity.layout.slot(of: navigation) else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.qualifiedName) has no navigation property \(navigation.name)"))
        }
        var entities: [EntityValue] = []
        let response = try execute(ServiceRequest(method: .get, relativeURL: url), paging: .allPages,
                                   onEntity: { entities.append($0); return true }, onValue: { _ in })
        if navigation.isCollection {
            entity.setSlot(slot, .entityList(EntityValueList(entities, count: response.count.map { Int64($0) })), markChanged: false)
        } else {
            entity.setSlot(slot, entities.first.map { .entity($0) } ?? .null, markChanged: false)
        }
    }

    /// Reads a structural property of `entity` from the service and puts it into the entity: a stream property
    /// (`Edm.Stream`) as binary, any other property as its value. The entity is not marked changed.
    public func loadProperty(_ property: Property, into entity: EntityValue) throws {
        guard let slot = entity.layout.properties.firstIndex(where: { $0 === property }) else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.qualifiedName) has no property \(property.name)"))
        }
        let url = try entityURL(entity) + "/" + property.name
        if property.type.qualifiedName == "Edm.Stream" {
            entity.setSlot(slot, .binary([UInt8](try loadRaw(url))), markChanged: false)
            return
        }
        // A collection comes as one value per element (all pages of it).
        var values: [DataValue] = []
        _ = try execute(ServiceRequest(method: .get, relativeURL: url, target: .values(property.type)),
                        paging: property.isCollection ? .allPages : .firstPage,
                        onEntity: { _ in true }, onValue: { values.append($0) })
        let value: DataValue
        if property.isCollection {
            let element = TypeReference(name: property.type.qualifiedName, isCollection: false)
            value = .list(DataValueList(elementType: element, values))
        } else {
            value = values.last ?? .null
        }
        entity.setSlot(slot, value, markChanged: false)
    }

    /// The media resource of a media entity (`Set(key)/$value`).
    public func loadMedia(of entity: EntityValue) throws -> Data {
        try loadRaw(try entityURL(entity) + "/$value")
    }

    private func loadRaw(_ url: String) throws -> Data {
        var request = ServiceRequest(method: .get, relativeURL: url)
        request.headers.set("Accept", "*/*")
        let response = try execute(request, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
        return response.rawBody ?? Data()
    }
}
