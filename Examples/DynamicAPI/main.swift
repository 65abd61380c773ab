// SAP's SAPOData dynamic API example, nearly in SAP's words, on Linux: DynamicAPIExample SERVICE-URL
// (the catalog service of the V4 reference server: http://127.0.0.1:PORT/catalog/). It opens the service through an
// OnlineODataProvider, loads its metadata, queries, creates, loads navigation properties, updates with the ETag read
// (and sees a stale one refused), deletes, and refreshes the metadata with SAP's compatibility check.
import Foundation
import ODataClient
import ODataModel
import ODataQuery

/// A row of the product list, decoded from its entity (`EntityValue.decode`).
struct ProductRow: Decodable {
    let ID: Int
    let Name: String
}

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: DynamicAPIExample SERVICE-URL\n".utf8))
    exit(2)
}
do {
    var provider = OnlineODataProvider(serviceRoot: url)
    provider.traceRequests = ProcessInfo.processInfo.environment["TRACE"] != nil
    let service = DataService(provider: provider)
    try service.loadMetadata()
    let s_products = try service.entitySet(withName: "Products")
    let t_product = s_products.entityType
    let p_id = try t_product.property(withName: "ID")
    let p_name = try t_product.property(withName: "Name")
    let p_price = try t_product.property(withName: "Price")
    let p_description = try t_product.property(withName: "Description")
    let n_category: NavigationProperty = try t_product.property(withName: "Category")

    // Query: the server pages (3 per page); the first page is read.
    let query = DataQuery().select(p_id, p_name, p_price).from(s_products).orderBy(p_id)
    let products = try service.executeQuery(query).entityList()
    print("products on the first page: \(products.count)")
    for product in products { print("product \(p_id.getIntValue(from: product) ?? 0): \(p_name.getStringValue(from: product) ?? "")") }
    if let first = products.first { print("first: \(try first.decode(ProductRow.self).ID)") }

    // Create.
    let product = EntityValue.ofType(t_product)
    let id = Int.random(in: 9000..<10000)
    try p_id.setIntValue(in: product, to: id)
    try p_name.setStringValue(in: product, to: "Example Widget")
    try p_price.setDecimalValue(in: product, to: DecimalValue("9.99")!)
    try service.createEntity(product)
    print("created: \(product.displayPath)")

    // loadProperty: a navigation property to one entity, then one to a collection.
    let two = try service.executeQuery(DataQuery().from(s_products).filter(p_id.equal(2))).requiredEntity()
    try service.loadProperty(n_category, into: two)
    guard let category = n_category.getEntityValue(from: two) else { throw DataServiceError(.unexpectedResponse("no category")) }
    let t_category = category.entityType
    print("category of product 2: \(try t_category.property(withName: "Name").getStringValue(from: category) ?? "?")")
    let n_products: NavigationProperty = try t_category.property(withName: "Products")
    try service.loadProperty(n_products, into: category)
    print("products in it: \(n_products.getEntityValueList(from: category)?.count ?? 0)")

    // Update with the ETag it was read with (the service requires If-Match: 428 without it).
    let four = try service.executeQuery(DataQuery().from(s_products).filter(p_id.equal(4))).requiredEntity()
    let readTag = four.etag
    let description = p_description.getStringValue(from: four)
    try p_description.setStringValue(in: four, to: "Updated by the example")
    try service.updateEntity(four)
    print("updated with ETag: \(readTag != nil), new ETag: \(four.etag != nil && four.etag != readTag)")
    // The ETag read before the update is stale now: the service refuses it (412).
    let stale = four.copy()
    stale.etag = readTag
    try p_description.setStringValue(in: stale, to: "stale")
    do {
        try service.updateEntity(stale)
        print("stale ETag accepted")
    } catch let error as DataServiceError where error.isConflict {
        print("stale ETag refused: \(error.isConflict)")
    }
    if let description { try p_description.setStringValue(in: four, to: description) } else { try p_description.setNullValue(in: four) }
    try service.updateEntity(four)

    // Delete.
    try service.deleteEntity(product)
    let gone = try service.executeQuery(DataQuery().from(s_products).filter(p_id.equal(id))).optionalEntity()
    print("deleted: \(gone == nil)")

    // refreshMetadata: loads $metadata again and applies it if compatible (SAP's check).
    let refresh = try service.refreshMetadata()
    print("metadata refreshed: \(refresh.report.changes.count) changes")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
