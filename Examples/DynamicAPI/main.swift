// SAP's SAPOData dynamic API example, nearly in SAP's words, on Linux: DynamicAPIExample SERVICE-URL
// (the V4 Northwind of the reference servers: http://127.0.0.1:PORT/northwind/).
import Foundation
import ODataClient
import ODataModel
import ODataQuery

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: DynamicAPIExample SERVICE-URL\n".utf8))
    exit(2)
}
do {
    let service = try DataService(url: url)
    let s_customers = try service.entitySet(withName: "Customers")
    let t_customer = s_customers.entityType
    let p_customerID = try t_customer.property(withName: "CustomerID")
    let p_companyName = try t_customer.property(withName: "CompanyName")
    let p_contactName = try t_customer.property(withName: "ContactName")
    let query = DataQuery().select(p_customerID, p_companyName, p_contactName).from(s_customers).orderBy(p_companyName)
    let customers = try service.executeQuery(query).entityList()
    print("customers on the first page: \(customers.entities.count)")
    if let first = customers.entities.first {
        print("first: \(p_customerID.getStringValue(from: first) ?? "?") \(p_companyName.getStringValue(from: first) ?? "?")")
    }
    let customer = EntityValue.ofType(t_customer)
    let id = "E" + String(Int.random(in: 1000..<10000))
    try p_customerID.setStringValue(in: customer, to: id)
    try p_companyName.setStringValue(in: customer, to: "Enterprise Inc.")
    try p_contactName.setStringValue(in: customer, to: "Jean-Luc Picard")
    try service.createEntity(customer)
    print("created: \(customer.displayPath)")
    let one = try service.executeQuery(DataQuery().top(1).from(s_customers)
        .filter(p_contactName.equal("Jean-Luc Picard").and(p_customerID.equal(id)))).requiredEntity()
    try p_contactName.setStringValue(in: one, to: "Beverly Crusher")
    try service.updateEntity(one)
    let updated = try service.executeQuery(DataQuery().from(s_customers).filter(p_customerID.equal(id))).requiredEntity()
    print("updated: \(p_contactName.getStringValue(from: updated) ?? "?")")
    try service.deleteEntity(one)
    let gone = try service.executeQuery(DataQuery().from(s_customers).filter(p_customerID.equal(id))).optionalEntity()
    print("deleted: \(gone == nil)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
