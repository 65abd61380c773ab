// The async dynamic API from a program of its own: ODataConsumer NORTHWIND-V4-ROOT HANGING-SERVER-URL
// opens the service as SAP's examples do, pages through all orders with `for try await`, runs two queries at once on
// one DataService, decodes entities into a Codable struct, and cancels a request to a server that never answers.
import Foundation
import OData
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count == 3, let root = URL(string: arguments[1]), let hanging = URL(string: arguments[2]) else {
    print("usage: ODataConsumer NORTHWIND-V4-ROOT HANGING-SERVER-URL")
    exit(2)
}

// Every request of the service, as its trace reports it: the test counts the $metadata requests.
let requests = Mutex<[String]>([])
var configuration = HTTPConfiguration()
configuration.traceRequests = true
configuration.traceSink = ClosureTraceSink { line in requests.withLock { $0.append(line) } }
configuration.timeout = 30

var provider = OnlineODataProvider(serviceRoot: root)
provider.networkOptions = configuration
let service = DataServiceAsync(provider: provider)
try await service.loadMetadata()
let orders = try service.entitySet(withName: "Orders")
let customers = try service.entitySet(withName: "Customers")
let products = try service.entitySet(withName: "Products")

// All orders, page by page as the loop gets there.
var count = 0
var lastID = ""
for try await order in service.entities(DataQuery().from(orders).orderBy(try orders.entityType.property(withName: "OrderID"))) {
    count += 1
    lastID = order["OrderID"]?.description ?? ""
}
print("orders read with for try await: \(count), last \(lastID)")

// `top` holds across pages.
var first30 = 0
for try await _ in service.entities(DataQuery().from(orders).top(30)) { first30 += 1 }
print("top 30 across pages: \(first30)")

// Two queries at once, from two tasks, on one service: its metadata was loaded once.
async let someCustomers = service.executeQuery(DataQuery().from(customers).top(5))
async let someProducts = Task.detached { try await service.executeQuery(DataQuery().from(products).top(7)) }.value
let (c, p) = try await (someCustomers, someProducts)
print("concurrent: \(c.entities.count) customers, \(p.entities.count) products")
// Entities as Swift values.
struct Customer: Codable {
    var CustomerID: String
    var CompanyName: String
    var City: String?
}
let decoded = try await service.executeQuery(DataQuery().from(customers).top(3)).entities.map { try $0.decode(Customer.self) }
print("decoded: \(decoded.map(\.CustomerID).joined(separator: ", "))")

let metadataRequests = requests.withLock { $0.filter { $0.contains("$metadata") && $0.contains("GET") }.count }
print("$metadata requests: \(metadataRequests)")

// A request to a server that never answers, cancelled: it ends at once.
let silent = try await DataServiceAsync(url: hanging, configuration: configuration, metadata: service.metadata)
let stuck = Task { try await silent.executeQuery(DataQuery().from(customers)) }
try await Task.sleep(for: .milliseconds(300))
let cancelledAt = ContinuousClock.now
stuck.cancel()
let outcome = await stuck.result
let latency = ContinuousClock.now - cancelledAt
let milliseconds = Double(latency.components.attoseconds) / 1e15 + Double(latency.components.seconds) * 1000
switch outcome {
case .success: print("cancelled: no, it answered")
case .failure(let error): print("cancelled: \(error is CancellationError), after \(Int(milliseconds.rounded())) ms")
}
