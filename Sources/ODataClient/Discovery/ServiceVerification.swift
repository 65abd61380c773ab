import FoundationEssentials
import ODataModel
import ODataQuery

/// A smoke test of a service: every entity set read with `$top`, `jobs` sets at a time on the service's session,
/// each marked OK, FAIL or SKIP with its status and time.
///
/// Sets the service says cannot be read alone are skipped with the reason: `sap:addressable="false"`,
/// `sap:requires-filter="true"`, `Capabilities.FilterRestrictions/RequiresFilter`, `Capabilities.ReadRestrictions/Readable`
/// false, or a key property with `sap:required-in-filter="true"`.
public struct ServiceVerification: Sendable {
    /// The outcome of one entity set.
    public enum Outcome: String, Sendable {
        /// The set was read.
        case ok = "OK"
        /// Reading the set failed: an error status, a transport failure or a payload that cannot be read.
        case failed = "FAIL"
        /// The service says the set cannot be read alone; it was not requested.
        case skipped = "SKIP"
    }

    /// What probing one entity set gave.
    public struct Probe: Sendable {
        /// The entity set's name.
        public var entitySet: String
        /// Whether the probe passed, failed or was skipped.
        public var outcome: Outcome
        /// The HTTP status; nil when skipped or when no answer came.
        public var status: Int?
        /// Seconds the request took; 0 when skipped.
        public var seconds: Double
        /// Entities read (at most `top`).
        public var entities: Int
        /// Why it failed or was skipped; empty when OK.
        public var detail: String
    }

    /// The service probed.
    public let service: DataService
    /// How many entities each probe asks for (`$top`).
    public var top: Int
    /// How many sets are probed at the same time (at least 1).
    public var jobs: Int

    /// A verification of `service` reading `top` entities of each set, `jobs` sets at a time.
    public init(service: DataService, top: Int = 1, jobs: Int = 4) {
        self.service = service
        self.top = max(1, top)
        self.jobs = max(1, jobs)
    }

    /// Why a set is not probed, or nil when it is.
    public static func skipReason(_ set: EntitySet) -> String? {
        if !set.sap.addressable { return "sap:addressable=\"false\": read only through navigation" }
        if set.sap["requires-filter"] == "true" { return "sap:requires-filter=\"true\": needs a $filter" }
        if capability(set, "FilterRestrictions", "RequiresFilter") == "true" {
            return "Capabilities.FilterRestrictions/RequiresFilter: needs a $filter"
        }
        if capability(set, "ReadRestrictions", "Readable") == "false" { return "Capabilities.ReadRestrictions/Readable is false" }
        if let p = set.entityType.keyProperties.first(where: { $0.sap.requiredInFilter }) {
            return "key property \(p.name) is sap:required-in-filter: needs a $filter"
        }
        return nil
    }

    private static func capability(_ el: CsdlElement, _ term: String, _ property: String) -> String? {
        el.recordValue(of: VocabularyTerm.capabilities(term), property: property)?.text
    }

    /// Probes the sets (all of the service's when nil), `jobs` at a time, and answers in the order of the sets;
    /// stops with `cancelled` when a probe is cancelled (the shell's Ctrl-C). Blocks the calling thread; from async
    /// code, use the async `run(sets:)`.
    @available(*, noasync, message: "blocks its thread until the answer is in; call it from an async function, where the async form is chosen")
    public func run(sets: [EntitySet]? = nil) throws -> [Probe] {
        let list = sets ?? service.metadata.entitySets
        return try BlockingBridge.wait { try await self.run(sets: list) }
    }

    /// Probes the sets (all of the service's when nil), `jobs` at a time, and answers in the order of the sets.
    /// Cancelling the task cancels the probes under way.
    public func run(sets: [EntitySet]? = nil) async throws -> [Probe] {
        let list = sets ?? service.metadata.entitySets
        var probes = [Probe?](repeating: nil, count: list.count)
        try await withThrowingTaskGroup(of: (Int, Probe).self) { group in
            var next = 0
            while next < min(jobs, list.count) {
                let i = next, set = list[i]
                group.addTask { (i, try await self.probe(set)) }
                next += 1
            }
            while let (i, p) = try await group.next() {
                probes[i] = p
                if next < list.count {
                    let k = next, set = list[k]
                    group.addTask { (k, try await self.probe(set)) }
                    next += 1
                }
            }
        }
        return probes.compactMap { $0 }
    }

    /// Probes one set (or says why it is skipped), blocking the calling thread.
    @available(*, noasync, message: "blocks its thread until the answer is in; call it from an async function, where the async form is chosen")
    public func probe(_ set: EntitySet) throws -> Probe {
        try BlockingBridge.wait { try await probe(set) }
    }

    /// Probes one set (or says why it is skipped) without blocking the caller's thread.
    public func probe(_ set: EntitySet) async throws -> Probe {
        if let reason = Self.skipReason(set) {
            return Probe(entitySet: set.name, outcome: .skipped, status: nil, seconds: 0, entities: 0, detail: reason)
        }
        let query = DataQuery().from(set).top(top)
        let started = ContinuousClock.now
        func elapsed() -> Double {
            let d = ContinuousClock.now - started
            return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
        do {
            let result = try await service.executeQuery(query)
            let n = result.entities.count
            if n > top {
                return Probe(entitySet: set.name, outcome: .failed, status: result.status, seconds: elapsed(), entities: n,
                             detail: "\(n) entities for $top=\(top)")
            }
            return Probe(entitySet: set.name, outcome: .ok, status: result.status, seconds: elapsed(), entities: n, detail: "")
        } catch let e as CategorizedError where e.category == .cancelled {
            throw e
        } catch let e as CancellationError {
            throw e
        } catch let e as ODataClientError {
            return Probe(entitySet: set.name, outcome: .failed, status: e.httpStatus, seconds: elapsed(), entities: 0, detail: e.summary)
        } catch {
            return Probe(entitySet: set.name, outcome: .failed, status: nil, seconds: elapsed(), entities: 0, detail: "\(error)")
        }
    }
}
