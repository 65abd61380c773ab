extension SwiftNames {
    /// Keywords Swift does not take as an argument label as they are: every other keyword is a label
    /// (`draftPrepare(in: risk)`), the parameter inside the function escaped (`in_`).
    static let notLabels: Set<String> = ["inout", "var", "let", "_"]

    /// A generated function's argument for an OData parameter (or key property): its label, the OData name in lower
    /// camel case (`SalesOrderID` gives `salesOrderID`, `in` stays `in`), and its name inside the function, the label
    /// unless that is a keyword or a name the function's body uses (`local`), which get a trailing `_`. `labels`
    /// keeps two parameters from one label.
    static func argument(_ name: String, labels: inout NameScope, local: Set<String>) -> (label: String, inner: String) {
        let camel = lowerCamel(name)
        let id = identifier(camel, original: name)
        var label = keywords.contains(camel) && !notLabels.contains(camel) ? camel : id.name
        label = (try? labels.claim(ProxyName(swift: label), for: name))?.swift ?? label
        var inner = keywords.contains(label) ? label + "_" : label
        while local.contains(inner) { inner += "_" }
        return (label, inner)
    }

    /// A parameter in a declaration: `label: Type`, or `label inner: Type` when they differ.
    static func parameter(label: String, inner: String, type: String) -> String {
        label == inner ? "\(label): \(type)" : "\(label) \(inner): \(type)"
    }
}
