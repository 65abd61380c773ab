// ahc-bench: the peer of odsh-async-bench's throughput subcommand, on async-http-client (SwiftNIO).
//
//   throughput URL N CONCURRENCY   N GETs of URL's Things(1) (URL a service root), CONCURRENCY at a time, with one
//                                  HTTPClient whose per-host connection pool is raised to CONCURRENCY; each body is
//                                  collected. Prints one machine-readable line and one for people.
import AsyncHTTPClient
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

struct Failure: Error, CustomStringConvertible {
    let description: String
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func format(_ ms: Double) -> String { String((ms * 10).rounded() / 10) }

func main() async {
    let args = Array(CommandLine.arguments.dropFirst())
    guard args.count == 4, args[0] == "throughput", let n = Int(args[2]), let concurrency = Int(args[3]),
          n > 0, concurrency > 0 else {
        print("usage: ahc-bench throughput URL N CONCURRENCY")
        exit(2)
    }
    let url: String = (args[1].hasSuffix("/") ? args[1] : args[1] + "/") + "Things(1)"

    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
        idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)

    /// One GET, its body collected; throws unless the answer is a 200 with a body.
    let get: @Sendable () async throws -> Void = {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok, body.readableBytes > 0 else {
            throw Failure(description: "status \(response.status.code), \(body.readableBytes) bytes")
        }
    }

    let start = ContinuousClock.now
    let (ok, latencies, firstError) = await withTaskGroup(of: (Double, String?).self) { group in
        func add() {
            group.addTask {
                let t = ContinuousClock.now
                do {
                    try await get()
                    return (milliseconds(.now - t), nil)
                } catch {
                    return (milliseconds(.now - t), "\(error)")
                }
            }
        }
        var started = 0
        while started < min(n, concurrency) { add(); started += 1 }
        var ok = 0
        var latencies: [Double] = []
        var firstError: String?
        for await (latency, error) in group {
            latencies.append(latency)
            if let error { firstError = firstError ?? error } else { ok += 1 }
            if started < n { add(); started += 1 }
        }
        return (ok, latencies, firstError)
    }
    let wall = milliseconds(.now - start)
    try? await client.shutdown()

    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
    let rps = Int((Double(n) / (wall / 1000)).rounded())
    print("throughput level=ahc n=\(n) concurrency=\(concurrency) ok=\(ok) failed=\(n - ok) wall_ms=\(format(wall)) "
          + "rps=\(rps) p50_ms=\(format(percentile(0.5))) p99_ms=\(format(percentile(0.99)))")
    print("throughput: \(n) GETs through async-http-client, \(concurrency) at a time: \(ok) succeeded in "
          + "\(format(wall)) ms, \(rps) requests/s" + (firstError.map { "; first failure: \($0)" } ?? ""))
}

await main()
