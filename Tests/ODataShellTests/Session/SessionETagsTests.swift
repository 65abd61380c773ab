import Foundation
import ODataClient
import ODataModel
import ODataQuery
import Testing
@testable import ODataShell

/// The ETags a session keeps, by the identity the client gives an entity: a read whose `select` left the keys out
/// gives its ETag to a later write by key, whatever order or spelling the service's link has its key in.
struct SessionETagsTests {
    let service: DataService
    let parts: EntitySet
    init() throws {
        service = DataService(url: URL(string: "https://example.com/svc/")!, client: try HTTPClient(configuration: HTTPConfiguration()),
                              metadata: try TestModels.document("lab-v2"))
        parts = try service.entitySet(withName: "Parts")
    }

    /// An entity as a read with `select Name` gives it: no key values, only the link the service wrote.
    private func readWithoutKeys(link: String, etag: String) -> EntityValue {
        let e = EntityValue.ofType(parts.entityType, in: parts)
        e.isNew = false
        e.editLink = link
        e.etag = etag
        return e
    }

    /// The update a statement `update Parts(ItemID=…, PartNo=…) {…}` binds to.
    private func update(itemID: Int32, partNo: Int64) throws -> DataRequest {
        let e = EntityValue.ofType(parts.entityType, in: parts)
        try e.setValue(try parts.entityType.property(withName: "ItemID"), to: .int(itemID))
        try e.setValue(try parts.entityType.property(withName: "PartNo"), to: .long(partNo))
        let key = EntityKey([("ItemID", .int32(itemID)), ("PartNo", .int64(partNo))])
        return .update(e, at: DataQuery().from(parts).withKey(key))
    }

    @Test func aReadWithoutKeysGivesItsETagToAWriteByKey() throws {
        let etags = SessionETags(service: service)
        etags.remember(readWithoutKeys(link: "https://example.com/svc/Parts(PartNo=2L,ItemID=1)", etag: "W/\"1\""))
        // Links that do not name an entity of the service by set and key keep nothing.
        etags.remember(readWithoutKeys(link: "Items(1)/Parts(ItemID=1,PartNo=3L)", etag: "W/\"9\""))
        etags.remember(readWithoutKeys(link: "https://other.example.com/svc/Parts(ItemID=1,PartNo=3L)", etag: "W/\"9\""))
        let write = try update(itemID: 1, partNo: 2)
        etags.give(write)
        #expect(write.entity?.etag == "W/\"1\"")
        let other = try update(itemID: 1, partNo: 3)
        etags.give(other)
        #expect(other.entity?.etag == nil)
    }

    @Test func aWriteReplacesAndADeleteForgets() throws {
        let etags = SessionETags(service: service)
        etags.remember(readWithoutKeys(link: "Parts(PartNo=2,ItemID=1)", etag: "W/\"1\""))
        let write = try update(itemID: 1, partNo: 2)
        etags.give(write)
        #expect(write.entity?.etag == "W/\"1\"")
        write.entity?.etag = "W/\"2\""
        etags.afterWrite(write, method: .merge)
        let next = try update(itemID: 1, partNo: 2)
        etags.give(next)
        #expect(next.entity?.etag == "W/\"2\"")
        etags.afterWrite(next, method: .delete)
        let after = try update(itemID: 1, partNo: 2)
        etags.give(after)
        #expect(after.entity?.etag == nil)
    }
}
