import Testing
@testable import ODataModel

/// Back references (a member's declaring type, a base type, a navigation target, a set's container and type) are
/// held through an anchor: they read the element while it lives and nil once it is gone, never a dangling object.
@Suite("Back references through anchors")
struct ElementAnchorTests {
    @Test("a property's declaring type reads nil once the type is gone")
    func declaringType() {
        let p = Property(name: "ID", type: TypeReference("Edm.Int32"))
        do {
            let t = EntityType(name: "Order", namespace: "NS")
            t.addProperty(p)
            #expect(p.declaringType === t)
            #expect(p.path == "NS.Order/ID")
        }
        #expect(p.declaringType == nil)
        #expect(p.path == "?/ID")
    }

    @Test("base types, navigation targets, enum members and sets likewise")
    func others() {
        let derived = EntityType(name: "Special", namespace: "NS")
        let nav = NavigationProperty(name: "Customer", type: TypeReference("NS.Customer"))
        let member = EnumMember(name: "Red", value: 0, explicit: false)
        let set = EntitySet(name: "Orders", type: TypeReference("NS.Order"))
        do {
            let base = EntityType(name: "Order", namespace: "NS")
            let customer = EntityType(name: "Customer", namespace: "NS")
            let colour = EnumType(name: "Colour", namespace: "NS")
            let container = EntityContainer(name: "C", namespace: "NS")
            derived.baseType = base
            nav.target = customer
            colour.addMember(member)
            container.add(set)
            set.entityTypeIfResolved = base
            #expect(derived.baseType === base)
            #expect(nav.target === customer && member.enumType === colour)
            #expect(set.container === container && set.entityTypeIfResolved === base)
        }
        #expect(derived.baseType == nil && derived.baseTypeChain.isEmpty)
        #expect(nav.target == nil && member.enumType == nil)
        #expect(set.container == nil && set.entityTypeIfResolved == nil)
    }
}
