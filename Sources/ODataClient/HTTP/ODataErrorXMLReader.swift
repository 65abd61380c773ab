import CLibXML2
import FoundationEssentials
import ODataModel

/// Reads `<m:error>` bodies (V2 `<m:error>` with `m:innererror`/`errordetails`, V4 `<m:error>` with `m:details`)
/// with libxml2's tree parser; error bodies are small. Elements are matched by local name, so the namespace
/// prefix (or a default namespace, as pyslet writes it) does not matter.
enum ODataErrorXMLReader {
    static func parse(_ body: Data) -> ODataErrorResponse? {
        XMLSupport.withDocument(body) { doc -> ODataErrorResponse? in
            guard let root = xmlDocGetRootElement(doc), localName(root) == "error" else { return nil }
            var result = ODataErrorResponse(code: "", message: "")
            for child in elements(root) {
                switch localName(child) {
                case "code": result.code = text(child)
                case "message":
                    result.message = text(child)
                    result.language = language(child)
                case "target": result.target = text(child)
                case "details": result.details += elements(child).map(detail)
                case "innererror":
                    var pairs: [String] = []
                    for item in elements(child) {
                        if localName(item) == "errordetails" {
                            result.details += elements(item).map(detail)
                        } else if !elements(item).isEmpty {
                            pairs.append("\(localName(item)): {\(elements(item).map { "\(localName($0)): \(text($0))" }.joined(separator: ", "))}")
                        } else {
                            pairs.append("\(localName(item)): \(text(item))")
                        }
                    }
                    if !pairs.isEmpty { result.innerError = ODataErrorResponse.cut(pairs.joined(separator: "; ")) }
                default: break
                }
            }
            return result
        } ?? nil
    }

    private static func detail(_ node: xmlNodePtr) -> ODataErrorResponse.Detail {
        var d = ODataErrorResponse.Detail(code: "", message: "")
        for child in elements(node) {
            let value = text(child)
            switch localName(child) {
            case "code": d.code = value
            case "message": d.message = value
            case "target": d.target = value.isEmpty ? d.target : value
            case "propertyref": if d.target == nil && !value.isEmpty { d.target = value }
            case "severity": d.severity = value
            default: break
            }
        }
        return d
    }

    static func localName(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    static func elements(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { result.append(c) }
            child = c.pointee.next
        }
        return result
    }

    /// The concatenated text and CDATA children, trimmed; read in place, nothing allocated by libxml2.
    static func text(_ node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE, let content = c.pointee.content {
                var p = content
                while p.pointee != 0 { bytes.append(p.pointee); p += 1 }
            }
            child = c.pointee.next
        }
        return String(decoding: bytes, as: UTF8.self).trimmingBlanksAndNewlines()
    }

    /// The `xml:lang` attribute of the element.
    private static func language(_ node: xmlNodePtr) -> String? {
        var attr = node.pointee.properties
        while let a = attr {
            if let name = a.pointee.name, String(cString: name) == "lang",
               let ns = a.pointee.ns, let prefix = ns.pointee.prefix, String(cString: prefix) == "xml",
               let value = a.pointee.children?.pointee.content {
                return String(cString: value)
            }
            attr = a.pointee.next
        }
        return nil
    }
}
