import ODataClient
import ODataModel
import ODataQuery

/// A one-shot run reads the service's metadata from the cache within its freshness window, without asking the
/// service. When a request then fails in a way that can mean the metadata moved on since (a 400 that names
/// something unknown, a 404 for a set), `$metadata` is asked for once (a conditional GET); if it changed, the
/// refresh compatibility check says whether the statement may be bound to the new document and run again, and
/// what changed goes to stderr before the retry or the failure.
final class MetadataRevalidation {
    /// What the revalidation found.
    enum Outcome {
        /// The service's metadata is the one in use: the failure stands.
        case unchanged
        /// It changed compatibly: run the statement again, bound to this document.
        case compatible(CsdlDocument)
        /// It changed in ways the document in use cannot follow: the failure stands.
        case incompatible
    }

    /// When the document in use was cached (nil: it was asked for in this run, and no revalidation is due).
    private var trustedSince: MetadataCache.Entry?
    /// Loads the service's metadata again, asking the service.
    private let reload: () throws -> CsdlDocument

    init(load: MetadataLoader.LoadInfo?, reload: @escaping () throws -> CsdlDocument) {
        trustedSince = load?.origin == .trusted ? load?.entry : nil
        self.reload = reload
    }

    /// Whether `error`, the failure of `request`, can mean that the metadata moved on, and the document in use
    /// was trusted without asking the service (once a run: a second failure is the service's answer).
    func isDue(after error: Error, of request: DataRequest) -> Bool {
        let clientError = error as? ODataClientError ?? (error as? DataServiceError)?.underlying as? ODataClientError
        guard trustedSince != nil, let e = clientError, let status = e.httpStatus else { return false }
        if case .raw = request.kind { return false }  // a raw URL was not bound to the model
        switch status {
        case 404:
            // An entity addressed by key that is not there is the common 404, and says nothing of the metadata.
            return !request.query.path.contains { if case .key = $0 { return true } else { return false } }
        case 400:
            return Self.namesSomethingUnknown(e.odataError)
        default:
            return false
        }
    }

    /// A 400 whose OData error speaks of a name the service does not know (a property, a segment, a type, ...), as
    /// services word it ("Could not find a property named", "Resource not found for the segment", "Property X is
    /// invalid", "unknown member"). Without an OData error body, any 400 may be one.
    static func namesSomethingUnknown(_ error: ODataErrorResponse?) -> Bool {
        guard let error else { return true }
        let text = ([error.code, error.message] + error.details.flatMap { [$0.code, $0.message] }).joined(separator: " ").lowercased()
        let words = ["property", "segment", "member", "field", "entity set", "entityset", "entity type", "navigation", "type",
                     "not found", "unknown", "does not exist", "not exist", "no such", "invalid", "could not find", "cannot find"]
        return words.contains { text.contains($0) }
    }

    /// Asks the service for its metadata and compares it with `current`; writes what changed to stderr.
    func revalidate(_ current: CsdlDocument) -> Outcome {
        guard let cached = trustedSince else { return .unchanged }
        trustedSince = nil
        let source = current.source
        Stderr.write("odsh: note: the request failed with the metadata of \(source) cached on "
                     + "\(MetadataLoader.dateText(cached.checkedAt ?? cached.fetchedAt)); asking the service whether it changed\n")
        let newer: CsdlDocument
        do {
            newer = try reload()
        } catch {
            Stderr.write("odsh: warning: could not load the metadata again: \(ErrorReporter.line(for: error))\n")
            return .unchanged
        }
        do {
            let result = try current.refreshMetadata(with: newer)
            if result.report.isEmpty {
                Stderr.write("odsh: note: the metadata is unchanged\n")
                return .unchanged
            }
            let outcome = DiffOutcome(report: result.report, oldSource: "cached", newSource: newer.source, failOn: .incompatible)
            Stderr.write("odsh: note: the metadata changed since it was cached, compatibly:\n" + DiffTextRenderer(outcome: outcome).render()
                         + "odsh: note: running the statement again with the new metadata\n")
            return .compatible(result.document)
        } catch let e as MetadataRefreshError {
            let outcome = DiffOutcome(report: e.report, oldSource: "cached", newSource: newer.source, failOn: .incompatible)
            Stderr.write("odsh: warning: the metadata changed since it was cached, not compatibly:\n" + DiffTextRenderer(outcome: outcome).render()
                         + "odsh: warning: the statement is not run again; the next run uses the new metadata\n")
            return .incompatible
        } catch {
            Stderr.write("odsh: warning: could not compare the metadata: \(ErrorReporter.line(for: error))\n")
            return .unchanged
        }
    }
}
