import Foundation
import Testing
import TestSupport

/// The compiler tells a blocking network call from its `async` twin: each blocking form that has one is
/// `@available(*, noasync)`. In top-level code that awaits (a `main.swift`), Swift ranks the blocking overload of a
/// shared name first, so `try await service.loadMetadata()` on a ``DataService`` used to block its thread with only
/// the warning "no 'async' operations occur within 'await'"; it is now refused. An `async` function still gets the
/// `async` form, a synchronous one the blocking form, and `DataServiceAsync` serves top-level code. A consumer's
/// source is type-checked against the modules this test run was built from (`ConsumerCompile`).
@Suite("blocking and async forms", .fixture("consumer compile (swiftc, built modules)", ConsumerCompile.isAvailable, Comment(rawValue: ConsumerCompile.missing)))
struct BlockingFormsTests {
    static let prelude = """
        import FoundationEssentials
        import ODataClient
        import ODataQuery
        func service() -> DataService { fatalError() }
        func query() -> DataQuery { fatalError() }
        func page() -> QueryResult { fatalError() }
        func changes() -> ChangeSet { fatalError() }
        func batch() -> RequestBatch { fatalError() }
        func entity() -> EntityValue { fatalError() }
        let url = URL(string: "http://127.0.0.1/odata/")!

        """

    /// Each top-level line that awaits a blocking form, and must not compile.
    static let refused = [
        "try await service().loadMetadata()",
        "_ = try await service().executeQuery(query())",
        "_ = try await DataService(url: url)",
        "_ = try await service().fetchMetadataDocument()",
        "try await service().applyChanges(changes())",
        "try await service().processBatch(batch())",
        "try await service().createEntity(entity())",
        "try await service().refreshMetadata()",
        "_ = try await page().nextPage()",
    ]

    @Test("top-level code that awaits a blocking form does not compile; async functions, sync functions and DataServiceAsync do")
    func theCompilerRefusesABlockingFormInAsyncCode() throws {
        let accepted = Self.prelude + """
            func inAsync() async throws {
                try await service().loadMetadata()
                _ = try await service().executeQuery(query()).nextPage()
                _ = try await DataService(url: url)
                try await service().applyChanges(changes())
            }
            func inSync() throws {
                try service().loadMetadata()
                _ = try service().executeQuery(query()).nextPage()
                _ = try DataService(url: url)
                try service().processBatch(batch())
            }
            let wrapped = DataServiceAsync(service())
            try await wrapped.loadMetadata()
            _ = try await wrapped.executeQuery(query())

            """
        let ok = try ConsumerCompile.typecheck(accepted)
        #expect(ok.status == 0, "must compile:\n\(ok.stdout)")

        let firstLine = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).count
        let bad = try ConsumerCompile.typecheck(Self.prelude + Self.refused.joined(separator: "\n") + "\n")
        #expect(bad.status != 0)
        for (i, code) in Self.refused.enumerated() {
            // The compiler writes `FILE:LINE:COLUMN: error: ...`.
            let line = bad.stdout.split(separator: "\n").first { $0.contains("consumer.swift:\(firstLine + i):") && $0.contains("error:") }
            #expect(line?.contains("is unavailable from asynchronous contexts") == true,
                    "\(code): expected the noasync refusal, got \(line.map(String.init) ?? "no error")\n\(bad.stdout.prefix(3000))")
        }
    }
}
