import FoundationEssentials
import ODataModel
import ODataQuery

extension DataService {
    /// Reads a navigation property of `entity` from the service and puts it into the entity (an entity, null, or a
    /// list of entities; all pages of a collection). The entity is not marked changed. `query` adds its options
    /// (select, filter, orderBy, expand, top, ...) to the request, as SAP's `loadProperty(_:into:query:)` does;
    /// its path is not used.
    public func loadProperty(_ navigation: NavigationProperty, into entity: EntityValue, query: DataQuery? = nil) async throws {
        guard let slot = entity.layout.slot(of: navigation) else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.qualifiedName) has no navigation property \(navigation.name)"))
        }
        // The entity's path and the navigation, with the options of `query`: written once, by the URL writer.
        var read = query ?? DataQuery()
        read.path = try path(of: entity).navigate(navigation).path
        read.entityType = navigation.target
        read.countOnly = false
        var entities: [EntityValue] = []
        let response = try await execute(try serviceRequest(for: .query(read), ifMatch: nil), paging: .allPages,
                                         onEntity: { entities.append($0); return true }, onValue: { _ in })
        if navigation.isCollection {
            entity.setSlot(slot, .entityList(EntityValueList(entities, count: response.count.map { Int64($0) })), markChanged: false)
        } else {
            entity.setSlot(slot, entities.first.map { .entity($0) } ?? .null, markChanged: false)
        }
    }

    /// Reads a structural property of `entity` from the service and puts it into the entity: a stream property
    /// (`Edm.Stream`) as binary, any other property as its value. The entity is not marked changed.
    public func loadProperty(_ property: Property, into entity: EntityValue) async throws {
        guard let slot = entity.layout.properties.firstIndex(where: { $0 === property }) else {
            throw DataServiceError(.invalidArgument("\(entity.entityType.qualifiedName) has no property \(property.name)"))
        }
        let propertyPath = try path(of: entity).property(property)
        if property.type.qualifiedName == "Edm.Stream" {
            entity.setSlot(slot, .binary([UInt8](try await loadRaw(propertyPath))), markChanged: false)
            return
        }
        // A collection comes as one value per element (all pages of it).
        var values: [DataValue] = []
        var request = try serviceRequest(for: .query(propertyPath), ifMatch: nil)
        request.target = .values(property.type)
        _ = try await execute(request,
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
    public func loadMedia(of entity: EntityValue) async throws -> Data {
        var media = try path(of: entity)
        media.path.append(.value)
        return try await loadRaw(media)
    }

    /// The blocking form of `loadProperty(_:into:query:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func loadProperty(_ navigation: NavigationProperty, into entity: EntityValue, query: DataQuery? = nil) throws {
        try BlockingBridge.wait { try await loadProperty(navigation, into: entity, query: query) }
    }

    /// The blocking form of `loadProperty(_:into:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func loadProperty(_ property: Property, into entity: EntityValue) throws {
        try BlockingBridge.wait { try await loadProperty(property, into: entity) }
    }

    /// The blocking form of `loadMedia(of:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; in top-level code use DataServiceAsync, whose operations are async only")
    public func loadMedia(of entity: EntityValue) throws -> Data {
        try BlockingBridge.wait { try await loadMedia(of: entity) }
    }

    /// The raw body at `path` (a stream property or `$value`).
    private func loadRaw(_ path: DataQuery) async throws -> Data {
        var request = try serviceRequest(for: .query(path), ifMatch: nil)
        request.answer = .rawValue
        let response = try await execute(request, paging: .firstPage, onEntity: { _ in true }, onValue: { _ in })
        return response.rawBody ?? Data()
    }
}
