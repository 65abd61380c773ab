import Testing
@testable import ODataModel

/// Type names as written: blanks around them trimmed, `Collection(...)` unwrapped.
@Suite("Type references as written")
struct TypeReferenceTests {
    @Test("names, collections, blanks, edge cases", arguments: [
        ("Edm.String", "Edm.String", false),
        ("Collection(NS.Address)", "NS.Address", true),
        ("Collection(X)", "X", true),
        ("Collection()", "Collection()", false),
        (" Edm.Int32 ", "Edm.Int32", false),
        ("\tCollection(NS.Größe)\n", "NS.Größe", true),
        ("NS.Collection(A", "NS.Collection(A", false),
        ("collection(NS.A)", "collection(NS.A)", false),
        ("", "", false),
        ("Straße.Typ", "Straße.Typ", false),
    ])
    func written(_ input: String, _ name: String, _ collection: Bool) {
        let t = TypeReference(input)
        #expect(t.nameAsWritten == name && t.qualifiedName == name && t.isCollection == collection, "\(input.debugDescription)")
    }
}
