extension SwiftNames {
    /// Words an entity container's name ends with that say it is a container rather than which service it is, in
    /// the order they are taken off (SAP's `*_SRV_Entities`, Entity Framework's `*Entities` and `*Container`, CAP's
    /// `EntityContainer`); `Srv` and `Service` go too, for `Service` to be added once.
    static let containerSuffixes = ["EntityContainer", "Entities", "Container", "Srv", "Service"]

    /// The service class's name, as Swift spells a type, named for the service rather than its container: the
    /// container's name split into words (at `_`, `-`, `.` and spaces, and where a lower-case letter meets a capital),
    /// each word capitalized (an all-capitals word such as `GWSAMPLE` as `Gwsample`), the container words at its end
    /// taken off (`containerSuffixes`), and `Service` added: `GWSAMPLE_BASIC_Entities` gives `GwsampleBasicService`,
    /// `API_SALES_ORDER_SRV_Entities` `ApiSalesOrderService`, `NorthwindEntities` `NorthwindService`, `GraphService`
    /// and `DemoService` stay. When nothing but container words is left (`EntityContainer`, `Container`,
    /// `DefaultContainer`, `default`), the schema's namespace names the service instead, by its last segment that is
    /// not a version (`v0001`): CAP's `RiskService.EntityContainer` gives `RiskService`, TripPin's
    /// `Microsoft.OData.SampleService.Models.TripPin.DefaultContainer` `TripPinService`, `Catalog.Container`
    /// `CatalogService`.
    static func serviceClassName(container: String, namespace: String) -> String {
        var base = serviceWords(container)
        if base.isEmpty || base == "Default" {
            let segments = namespace.split(separator: ".").map(String.init)
            let named = segments.last { !isVersion($0) }
            base = serviceWords(named ?? "")
        }
        return (base.isEmpty ? "OData" : base) + "Service"
    }

    /// Whether a namespace segment is a version (`v0001`, `V2`, `1`) rather than a name.
    private static func isVersion(_ segment: String) -> Bool {
        let digits = segment.first == "v" || segment.first == "V" ? segment.dropFirst() : Substring(segment)
        return !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }

    /// A name's words capitalized and joined, without container words at its end.
    private static func serviceWords(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for c in name {
            if c == "_" || c == "-" || c == "." || c == " " {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                if c.isUppercase, let p = previous, p.isLowercase || p.isNumber, !word.isEmpty { words.append(word); word = "" }
                word.append(c)
            }
            previous = c
        }
        if !word.isEmpty { words.append(word) }
        var joined = words.map { w -> String in
            let allCapitals = w.contains(where: \.isLetter) && !w.contains(where: \.isLowercase)
            let rest = allCapitals ? w.dropFirst().lowercased() : String(w.dropFirst())
            return (w.first.map { $0.uppercased() } ?? "") + rest
        }.joined()
        var stripped = true
        while stripped {
            stripped = false
            for s in containerSuffixes where joined.hasSuffix(s) {
                joined.removeLast(s.count)
                stripped = true
            }
        }
        return joined
    }
}
