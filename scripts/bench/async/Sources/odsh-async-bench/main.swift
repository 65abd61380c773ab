// odsh-async-bench: what odsh's async API does under concurrent load, against scripts/bench/delay-server.py (whose
// /d/MS/svc/ service answers MS milliseconds late) and a static nginx. Each subcommand prints one machine-readable
// line (a word, then key=value fields) and one line for people; scripts/bench-async.sh reads the first.
//
//   burst URL N LIMIT              N requests at once on one DataService, per-host connection limit LIMIT
//                                  (a number, or "default")
//   ticker URL N [LIMIT]           N requests at once while a task ticks every 50 ms: the largest stall of a tick
//   two-services URL1 URL2 HANGING HANGING requests to URL1 under way, then one to URL2 (another DataService),
//                                  due 300 ms later; its time counts from then
//   throughput URL N CONCURRENCY [http|service|both]
//                                  N GETs of URL's Things(1), CONCURRENCY at a time: through HTTPClient, through
//                                  DataService.executeQuery (decoded entities), or both one after the other
//
// URLs are service roots (http://127.0.0.1:PORT/d/1000/svc/). The lines marked `ENGINE:` wait for the libcurl
// multi-handle engine (HTTPConfiguration.maxConnectionsPerHost, an async HTTPClient.send).
import Dispatch
import FoundationEssentials
import OData
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// MARK: helpers

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func usage() -> Never {
    print("""
        usage: odsh-async-bench burst URL N LIMIT
               odsh-async-bench ticker URL N [LIMIT]
               odsh-async-bench two-services URL1 URL2 HANGING
               odsh-async-bench throughput URL N CONCURRENCY [http|service|both]
        """)
    exit(2)
}

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func format(_ ms: Double) -> String {
    let tenths = (ms * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
}

func integer(_ text: String, _ what: String) -> Int {
    guard let n = Int(text), n > 0 else {
        print("odsh-async-bench: \(what) must be a positive number, not \(text)")
        exit(2)
    }
    return n
}

/// A service root's delay in milliseconds, from its /d/MS/ segment (0 without one).
func delayOf(_ url: String) -> Int {
    let segments = url.split(separator: "/")
    guard let d = segments.firstIndex(of: "d"), d + 1 < segments.count else { return 0 }
    return Int(segments[d + 1]) ?? 0
}

/// The session settings of every service and client here: long timeouts (the delays are seconds), and the per-host
/// connection limit when one is asked for.
func configuration(limit: Int?) -> HTTPConfiguration {
    var configuration = HTTPConfiguration()
    configuration.timeout = 300
    if let limit { configuration.maxConnectionsPerHost = limit }
    return configuration
}

func openService(_ url: String, limit: Int? = nil) -> DataService {
    guard let parsed = URL(string: url) else { print("odsh-async-bench: not a URL: \(url)"); exit(2) }
    do {
        return try DataService(url: parsed, configuration: configuration(limit: limit))
    } catch {
        print("odsh-async-bench: cannot open \(url): \(error)")
        exit(1)
    }
}

/// GETs Things(key) through the DataService and checks the entity it decoded.
func fetchThing(_ service: DataService, _ key: Int) async throws {
    let query = DataQuery().from("Things").withKey(EntityKey(.int32(Int32(key))))
    let entity = try await service.executeQuery(query).requiredEntity()
    guard entity["ID"]?.integerValue == Int64(key) else {
        throw BenchError("Things(\(key)) answered ID \(entity["ID"].map { "\($0)" } ?? "none")")
    }
}

/// One request's outcome: its key, the order in which it was handed to the library, when it ended (ms since the
/// start), and its error if it failed.
struct Outcome: Sendable {
    let key: Int
    let issued: Int
    let doneMs: Double
    let error: String?
}

final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
    var current: Int { value.load(ordering: .relaxed) }
}

final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

/// Starts `keys.count` requests at once, each `fetchThing`, and collects their outcomes as they end.
func burstOf(_ service: DataService, keys: ClosedRange<Int>, start: ContinuousClock.Instant) async -> [Outcome] {
    let issued = Counter()
    return await withTaskGroup(of: Outcome.self) { group in
        for key in keys {
            group.addTask {
                let order = issued.next()
                do {
                    try await fetchThing(service, key)
                    return Outcome(key: key, issued: order, doneMs: milliseconds(.now - start), error: nil)
                } catch {
                    return Outcome(key: key, issued: order, doneMs: milliseconds(.now - start), error: "\(error)")
                }
            }
        }
        var outcomes: [Outcome] = []
        for await o in group { outcomes.append(o) }
        return outcomes
    }
}

/// Completion waves: outcomes sorted by end time, a new wave where two ends are at least half a delay apart.
func waves(_ outcomes: [Outcome], delay: Int) -> [[Outcome]] {
    var result: [[Outcome]] = []
    var previous: Double?
    for o in outcomes.sorted(by: { $0.doneMs < $1.doneMs }) {
        if previous == nil || o.doneMs - previous! >= Double(max(delay, 1)) / 2 { result.append([]) }
        result[result.count - 1].append(o)
        previous = o.doneMs
    }
    return result
}

// MARK: subcommands

/// burst URL N LIMIT: N requests at once on one service; wall time, completion times, waves, order, losses.
func burst(_ url: String, _ n: Int, _ limitText: String) async {
    let limit = limitText == "default" ? nil : integer(limitText, "LIMIT")
    let service = openService(url, limit: limit)
    let delay = delayOf(url)
    let start = ContinuousClock.now
    let outcomes = await burstOf(service, keys: 1...n, start: start)
    let wall = milliseconds(.now - start)
    let failed = outcomes.filter { $0.error != nil }
    let grouped = waves(outcomes.filter { $0.error == nil }, delay: delay)
    // A request overtaken: handed to the library before another that ended a wave earlier.
    var waveOf: [Int: Int] = [:]
    for (i, wave) in grouped.enumerated() { for o in wave { waveOf[o.issued] = i } }
    var overtaken = 0
    for a in outcomes where a.error == nil {
        let later = outcomes.filter { b in b.error == nil && b.issued > a.issued }
        if later.contains(where: { b in waveOf[b.issued]! < waveOf[a.issued]! }) {
            overtaken += 1
        }
    }
    let done = outcomes.map(\.doneMs).sorted()
    let waveSizes = grouped.map { String($0.count) }.joined(separator: ",")
    print("burst n=\(n) limit=\(limitText) delay_ms=\(delay) ok=\(n - failed.count) failed=\(failed.count) "
          + "wall_ms=\(format(wall)) waves=\(waveSizes.isEmpty ? "-" : waveSizes) overtaken=\(overtaken) "
          + "done_ms=\(done.map { format($0) }.joined(separator: ","))")
    print("burst: \(n) requests of \(delay) ms at once on one DataService, per-host limit \(limitText): "
          + "\(n - failed.count) succeeded in \(format(wall / 1000)) s, ending in waves of \(waveSizes), "
          + "\(overtaken) overtaken by a later one"
          + (failed.first.map { "; first failure: Things(\($0.key)): \($0.error!)" } ?? ""))
}

/// ticker URL N [LIMIT]: N requests at once while a task sleeps 50 ms in a loop; the largest extra gap of a tick.
func ticker(_ url: String, _ n: Int, _ limitText: String?) async {
    let limit = limitText.map { $0 == "default" ? nil : integer($0, "LIMIT") } ?? nil
    let service = openService(url, limit: limit)
    let delay = delayOf(url)
    let stop = Flag()
    let ticks = Task { () -> (maxStall: Double, count: Int) in
        var last = ContinuousClock.now
        var maxStall = 0.0
        var count = 0
        while !stop.isSet {
            try? await Task.sleep(for: .milliseconds(50))
            let now = ContinuousClock.now
            maxStall = max(maxStall, milliseconds(now - last) - 50)
            last = now
            count += 1
        }
        return (maxStall, count)
    }
    let start = ContinuousClock.now
    let outcomes = await burstOf(service, keys: 1...n, start: start)
    let wall = milliseconds(.now - start)
    stop.set()
    let (maxStall, count) = await ticks.value
    let failed = outcomes.filter { $0.error != nil }
    print("ticker n=\(n) limit=\(limitText ?? "default") delay_ms=\(delay) ok=\(n - failed.count) "
          + "failed=\(failed.count) wall_ms=\(format(wall)) max_stall_ms=\(format(maxStall)) ticks=\(count)")
    print("ticker: \(n) requests of \(delay) ms at once (limit \(limitText ?? "default")): "
          + "\(n - failed.count) succeeded in \(format(wall / 1000)) s; a task ticking every 50 ms meanwhile "
          + "stalled at most \(format(maxStall)) ms "
          + "beyond its 50 ms (\(count) ticks)"
          + (failed.first.map { "; first failure: Things(\($0.key)): \($0.error!)" } ?? ""))
}

/// two-services URL1 URL2 HANGING: HANGING slow requests to one service, then one fast request to another.
func twoServices(_ slowURL: String, _ fastURL: String, _ hanging: Int) async {
    let slow = openService(slowURL)
    let fast = openService(fastURL)
    // The fast request's own time: alone, on a warm connection (the best of three).
    var alone = Double.infinity
    for _ in 0..<3 {
        let t = ContinuousClock.now
        do { try await fetchThing(fast, 1) } catch { print("odsh-async-bench: \(fastURL): \(error)"); exit(1) }
        alone = min(alone, milliseconds(.now - t))
    }
    let hangingDone = Counter()
    let started = ContinuousClock.now
    var fastMs = 0.0
    var lateStart = 0.0
    var fastError: String?
    var doneBeforeFast = 0
    await withTaskGroup(of: Void.self) { group in
        for key in 1...hanging {
            group.addTask {
                try? await fetchThing(slow, key)
                if !Task.isCancelled { _ = hangingDone.next() }
            }
        }
        // Time for all of them to be sent (the server's log shows how many were). The fast request is due then, and
        // its time counts from then: a task that wakes late because the task pool's threads are held up waits too.
        let due = started + .milliseconds(300)
        try? await Task.sleep(until: due)
        lateStart = milliseconds(.now - due)
        do { try await fetchThing(fast, 2) } catch { fastError = "\(error)" }
        fastMs = milliseconds(.now - due)
        doneBeforeFast = hangingDone.current
        // The hanging requests are not waited for: cancelling the tasks ends their transfers.
        group.cancelAll()
    }
    let wall = milliseconds(.now - started)
    print("two-services hanging=\(hanging) slow_delay_ms=\(delayOf(slowURL)) fast_ms=\(format(fastMs)) "
          + "late_start_ms=\(format(lateStart)) alone_ms=\(format(alone)) hanging_done_before=\(doneBeforeFast) "
          + "ok=\(fastError == nil ? 1 : 0) wall_ms=\(format(wall))")
    print("two-services: with \(hanging) requests of \(delayOf(slowURL)) ms under way on one service, a request to "
          + "another, due 300 ms after they started, ended \(format(fastMs)) ms after that (it started "
          + "\(format(lateStart)) ms late; alone it takes \(format(alone)) ms); \(doneBeforeFast) of the slow ones "
          + "had ended by then" + (fastError.map { "; it failed: \($0)" } ?? ""))
}

/// Runs `op(i)` for i in 0..<n, `concurrency` at a time; counts successes, keeps the latencies and a first error.
func bounded(_ n: Int, _ concurrency: Int, _ op: @escaping @Sendable (Int) async throws -> Void) async
    -> (ok: Int, latencies: [Double], firstError: String?) {
    await withTaskGroup(of: (Double, String?).self) { group in
        func add(_ i: Int) {
            group.addTask {
                let t = ContinuousClock.now
                do {
                    try await op(i)
                    return (milliseconds(.now - t), nil)
                } catch {
                    return (milliseconds(.now - t), "\(error)")
                }
            }
        }
        var next = 0
        while next < min(n, concurrency) { add(next); next += 1 }
        var ok = 0
        var latencies: [Double] = []
        var firstError: String?
        for await (latency, error) in group {
            latencies.append(latency)
            if let error { firstError = firstError ?? error } else { ok += 1 }
            if next < n { add(next); next += 1 }
        }
        return (ok, latencies, firstError)
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

/// throughput URL N CONCURRENCY [http|service|both]: requests per second for Things(1).
func throughput(_ url: String, _ n: Int, _ concurrency: Int, _ mode: String) async {
    guard ["http", "service", "both"].contains(mode) else { usage() }
    let root = url.hasSuffix("/") ? url : url + "/"
    if mode != "service" {
        let client: HTTPClient
        do { client = try HTTPClient(configuration: configuration(limit: concurrency)) } catch {
            print("odsh-async-bench: \(error)"); exit(1)
        }
        let request = HTTPRequest(method: .get, url: root + "Things(1)", headers: ["Accept": "application/json"])
        let start = ContinuousClock.now
        let run = await bounded(n, concurrency) { _ in
            let response = try await client.send(request)
            guard response.status == 200, let body = response.body, !body.isEmpty else {
                throw BenchError("status \(response.status), \(response.body?.count ?? 0) bytes")
            }
        }
        report("http", n, concurrency, run, milliseconds(.now - start))
        client.close()
    }
    if mode != "http" {
        let service = openService(root, limit: concurrency)
        let start = ContinuousClock.now
        let run = await bounded(n, concurrency) { _ in try await fetchThing(service, 1) }
        report("service", n, concurrency, run, milliseconds(.now - start))
    }
}

func report(_ level: String, _ n: Int, _ concurrency: Int, _ run: (ok: Int, latencies: [Double], firstError: String?),
            _ wall: Double) {
    let sorted = run.latencies.sorted()
    let rps = Double(n) / (wall / 1000)
    print("throughput level=\(level) n=\(n) concurrency=\(concurrency) ok=\(run.ok) failed=\(n - run.ok) "
          + "wall_ms=\(format(wall)) rps=\(Int(rps.rounded())) p50_ms=\(format(percentile(sorted, 0.5))) "
          + "p99_ms=\(format(percentile(sorted, 0.99)))")
    let how = level == "http" ? "HTTPClient.send" : "DataService.executeQuery (decoded)"
    print("throughput: \(n) GETs through \(how), \(concurrency) at a time: \(run.ok) succeeded in "
          + "\(format(wall)) ms, \(Int(rps.rounded())) requests/s"
          + (run.firstError.map { "; first failure: \($0)" } ?? ""))
}

// MARK: main

let args = CommandLine.arguments.dropFirst().map { $0 }
switch (args.first, args.count) {
case ("burst", 4): await burst(args[1], integer(args[2], "N"), args[3])
case ("ticker", 3), ("ticker", 4): await ticker(args[1], integer(args[2], "N"), args.count == 4 ? args[3] : nil)
case ("two-services", 4): await twoServices(args[1], args[2], integer(args[3], "HANGING"))
case ("throughput", 4), ("throughput", 5):
    await throughput(args[1], integer(args[2], "N"), integer(args[3], "CONCURRENCY"),
                     args.count == 5 ? args[4] : "both")
default: usage()
}
