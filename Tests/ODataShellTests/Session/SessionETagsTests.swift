import Testing
@testable import ODataShell

/// The address a session keeps an entity's ETag under when its keys were not selected: `Set(key)` of the link the
/// service gave it, absolute or relative to the service root; no address for any other link.
struct SessionETagsTests {
    static let root = "https://example.com/svc/"

    @Test func linksOfTheServiceGiveSetAndKey() {
        #expect(SessionETags.address(ofLink: "https://example.com/svc/Products(1)", serviceRoot: Self.root) == "Products(1)")
        #expect(SessionETags.address(ofLink: "https://example.com/svc/Products(1)", serviceRoot: "https://example.com/svc")
                == "Products(1)")
        #expect(SessionETags.address(ofLink: "Products(1)", serviceRoot: Self.root) == "Products(1)")
        #expect(SessionETags.address(ofLink: "Products(1)?$select=Name#x", serviceRoot: Self.root) == "Products(1)")
        #expect(SessionETags.address(ofLink: "People('a%20b')", serviceRoot: Self.root) == "People('a b')")
    }

    @Test func otherLinksGiveNone() {
        #expect(SessionETags.address(ofLink: "https://other.example.com/svc/Products(1)", serviceRoot: Self.root) == nil)
        #expect(SessionETags.address(ofLink: "/svc/Products(1)", serviceRoot: Self.root) == nil)
        #expect(SessionETags.address(ofLink: "Categories/Products(1)", serviceRoot: Self.root) == nil)
        #expect(SessionETags.address(ofLink: "Products(1)/Category", serviceRoot: Self.root) == nil)
        #expect(SessionETags.address(ofLink: "(1)", serviceRoot: Self.root) == nil)
        #expect(SessionETags.address(ofLink: "Products", serviceRoot: Self.root) == nil)
    }
}
