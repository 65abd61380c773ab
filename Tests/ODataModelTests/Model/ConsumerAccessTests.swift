import Foundation
import Testing
import TestSupport

/// A loaded model cannot be changed by a program that uses the library (`CsdlElement`): what the reader fills has a
/// `package` setter. A consumer's source, type-checked with `swiftc` against the modules this test run was built
/// from (as another package's would be: without this package's name), reads everything and sets the pre-approvals,
/// and fails to compile where it sets anything else.
@Suite("what a consumer may change", .fixture("consumer compile (swiftc, built modules)", ConsumerCompile.isAvailable, Comment(rawValue: ConsumerCompile.missing)))
struct ConsumerAccessTests {
    static let reads = """
        import ODataModel
        func use(_ document: CsdlDocument, _ type: EntityType, _ property: Property, _ set: EntitySet) {
            print(property.name, property.annotations.count, property.facets, property.isRemoved, property.problems)
            print(type.properties.count, type.ownKeyNames, set.type, document.source, document.schemas.count)
            property.canBeRemoved = true
            set.canBeRemoved = property.canBeRemoved
            document.canChangeAnything = true
            document.canRemoveAnything = document.hasOpenEnumerations
            document.hasOpenEnumerations = false
        }
        """

    /// Each line a consumer must not compile, and a piece of the compiler's complaint.
    static let writes: [(code: String, error: String)] = [
        ("property.name = \"x\"", "'name' is a 'let' constant"),
        ("property.annotations = []", "'annotations' setter is inaccessible"),
        ("property.annotations.append(CsdlAnnotation(term: \"Core.Description\"))", "'annotations' setter is inaccessible"),
        ("property.facets.nullable = true", "'facets' setter is inaccessible"),
        ("property.isRemoved = true", "'isRemoved' setter is inaccessible"),
        ("property.fixedFacets = []", "'fixedFacets' setter is inaccessible"),
        ("property.type = TypeReference(\"Edm.Int32\")", "'type' setter is inaccessible"),
        ("type.isAbstract = true", "'isAbstract' setter is inaccessible"),
        ("type.addProperty(property)", "'addProperty' is inaccessible due to 'package' protection level"),
        ("document.source = \"elsewhere\"", "'source' setter is inaccessible"),
        ("try MetadataFixup(fixes: []).apply(to: document)", "'apply' is inaccessible due to 'package' protection level"),
    ]

    @Test("a consumer reads the model and sets the approvals, and cannot set what the reader filled")
    func aConsumerCannotChangeALoadedModel() throws {
        let ok = try ConsumerCompile.typecheck(Self.reads)
        #expect(ok.status == 0, "the reading consumer must compile:\n\(ok.stdout)")
        var source = """
            import ODataModel
            func change(_ document: CsdlDocument, _ type: EntityType, _ property: Property) throws {

            """
        for w in Self.writes { source += "    \(w.code)\n" }
        source += "}\n"
        let bad = try ConsumerCompile.typecheck(source)
        #expect(bad.status != 0)
        for (i, w) in Self.writes.enumerated() {
            // Line 3 holds the first change; the compiler writes `FILE:LINE:COLUMN: error: ...`.
            let line = bad.stdout.split(separator: "\n").first { $0.contains("consumer.swift:\(i + 3):") && $0.contains("error:") }
            #expect(line?.contains(w.error) == true, "\(w.code): expected \(w.error), got \(line.map(String.init) ?? "no error")\n\(bad.stdout)")
        }
    }
}
