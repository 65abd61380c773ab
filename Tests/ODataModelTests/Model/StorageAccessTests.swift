import Foundation
import Testing
import TestSupport

/// The model keeps each public property in an internal stored `_x` behind a computed one (`CsdlElement` says why):
/// read or assigned whole, such storage is checked for exclusive access at compile time. One in-place change of it
/// anywhere in the module (`_x.append(...)`, `_x[k] = v`, `_x += ...`, `&_x`) puts a dynamic exclusivity check
/// back on every access to it, which costs loading Graph about 2 M instructions (docs/performance.md). In-place
/// changes go through the public property, whose `_modify` takes the value out, yields it and puts it back.
@Suite("model storage")
struct StorageAccessTests {
    /// Mutating methods of the standard collections and values the model stores.
    static let mutating = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "popFirst", "popLast", "sort", "reverse", "shuffle", "reserveCapacity", "replaceSubrange", "swapAt",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "merge", "updateValue", "update",
        "toggle", "partition", "withUnsafeMutableBufferPointer", "withUnsafeMutableBytes",
    ]

    /// Where a line changes `name` in place: nil when it does not.
    static func inPlaceChange(of name: String, in line: String) -> String? {
        let n = NSRegularExpression.escapedPattern(for: name)
        let word = "(?<![A-Za-z0-9_])\(n)(?![A-Za-z0-9_])"
        // A subscript, one level of brackets inside (`[k, default: []]`).
        let subscripts = #"(\[([^\[\]]|\[[^\]]*\])*\])+"#
        let patterns = [
            "\(word)[?!]?\\.(\(mutating.joined(separator: "|")))\\(",   // _x.append(
            "\(word)[?!]?\(subscripts)\\s*([-+*/%&|^]|<<|>>)?=(?!=)", // _x[k] = v, _x[k] += v
            "\(word)[?!]?\(subscripts)[?!]?\\.(\(mutating.joined(separator: "|")))\\(", // _x[k, default: []].append(
            "\(word)\\s*([-+*/%&|^]|<<|>>)=",                            // _x += v
            "\(word)[?!]?(\\.[A-Za-z_][A-Za-z0-9_]*)+\\s*([-+*/%&|^]|<<|>>)?=(?!=)", // _x.field = v
            "&\\s*(self\\.)?\(word)",                                    // f(&_x)
        ]
        for p in patterns where line.range(of: p, options: .regularExpression) != nil { return p }
        return nil
    }

    /// The code of a line: without a `//` comment and string literals (roughly: enough for this code base).
    static func code(_ line: String) -> String {
        var s = line.replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
        if let c = s.range(of: "//") { s = String(s[..<c.lowerBound]) }
        return s
    }

    @Test("the checker finds each kind of in-place change and passes whole reads and assignments")
    func checkerFindsInPlaceChanges() {
        for line in ["_members.append(m)", "x._members.append(m)", "_table[k] = v", "_table[k, default: []].append(v)",
                     "_count += 1", "_facets.nullable = true", "swap(&_a, &b)", "f(&self._members)", "_set.insert(x)",
                     "_opt?.append(1)", "_names[i] -= 1", "_dict.removeValue(forKey: k)"] {
            let name = String(line.split(whereSeparator: { !($0.isLetter || $0 == "_") }).first { $0.hasPrefix("_") } ?? "")
            #expect(Self.inPlaceChange(of: name, in: line) != nil, "not found: \(line)")
        }
        for line in ["var v = _members; _members = []; defer { _members = v }; yield &v", "_members = list",
                     "let n = _members.count", "if _flag == true {", "_table[k] == v", "return _members.first { $0 }",
                     "_facets.nullable == true", "get { _members }"] {
            for name in ["_members", "_table", "_flag", "_facets"] {
                #expect(Self.inPlaceChange(of: name, in: line) == nil, "wrongly found in: \(line)")
            }
        }
    }

    @Test("no stored `_x` of the model is changed in place outside its own `_modify`")
    func noInPlaceChangesOfStorage() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/ODataModel")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        var sources: [(file: String, lines: [String])] = []
        var names = Set<String>()
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            sources.append((file, lines))
            for line in lines {
                // Stored storage of the model: `var _x` (internal or private), at any indent.
                if let r = line.range(of: #"^\s*((private|fileprivate|internal) )?var _[A-Za-z][A-Za-z0-9_]*"#,
                                      options: .regularExpression) {
                    names.insert(String(line[r].split(separator: " ").last!))
                }
            }
        }
        #expect(names.count > 50 && names.contains("_annotations") && names.contains("_ownProperties"), "\(names.sorted())")
        var found: [String] = []
        for (file, lines) in sources {
            // The storage of the property declared last (`public var name` → `_name`), and the open braces of its
            // `_modify` accessor while in it: there it may take its own storage out and put it back.
            var property = "", modifyDepth = 0
            for (i, raw) in lines.enumerated() {
                let line = Self.code(raw)
                let opens = line.filter { $0 == "{" }.count, closes = line.filter { $0 == "}" }.count
                let inOwnModify = modifyDepth > 0 || line.contains("_modify")
                if modifyDepth > 0 {
                    modifyDepth += opens - closes
                } else if line.contains("_modify") {
                    modifyDepth = opens - closes // 0 for an accessor on one line
                } else if let r = line.range(of: #"\bvar [A-Za-z][A-Za-z0-9_]*"#, options: .regularExpression) {
                    property = "_" + line[r].dropFirst(4)
                }
                for name in names where line.contains(name) {
                    if inOwnModify && name == property { continue }
                    if let p = Self.inPlaceChange(of: name, in: line) {
                        found.append("Sources/ODataModel/\(file):\(i + 1): \(name) changed in place (\(p)): \(raw.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(found.isEmpty, """
            stored `_x` properties changed in place (a dynamic exclusivity check on every access to them): \
            change them through their public property, or take the value out, change it and put it back:
            \(found.joined(separator: "\n"))
            """)
    }
}
