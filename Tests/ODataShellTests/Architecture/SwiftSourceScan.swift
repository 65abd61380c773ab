import Foundation

/// A small reader of Swift source for source-scan tests: the text of its string literals (comments skipped,
/// interpolations followed into their own literals), and the long command-line options a file declares with
/// swift-argument-parser.
enum SwiftSourceScan {
    /// One string literal: its text as written (escapes not resolved, interpolations left out) and its line.
    struct Literal: Equatable {
        var text: String
        var line: Int
    }

    /// The string literals of `source`: single-line, multi-line (`"""`) and raw (`#"…"#`); text in comments
    /// (`//`, `///`, `/* … */`) is not code and gives none.
    static func stringLiterals(in source: String) -> [Literal] {
        var reader = Reader(Array(source.unicodeScalars))
        reader.code(until: nil)
        return reader.literals
    }

    private struct Reader {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var literals: [Literal] = []

        init(_ s: [Unicode.Scalar]) { self.s = s }

        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }

        func starts(_ text: String, at k: Int) -> Bool {
            var k = k
            for u in text.unicodeScalars {
                guard at(k) == u else { return false }
                k += 1
            }
            return true
        }

        mutating func advance() {
            if s[i] == "\n" { line += 1 }
            i += 1
        }

        /// Code up to the `)` that closes an interpolation (`closer` set), or to the end.
        mutating func code(until closer: Unicode.Scalar?) {
            var depth = 0
            while i < s.count {
                let c = s[i]
                if starts("//", at: i) {
                    while i < s.count, s[i] != "\n" { advance() }
                } else if starts("/*", at: i) {
                    blockComment()
                } else if c == "#" || c == "\"" {
                    var hashes = 0
                    while at(i + hashes) == "#" { hashes += 1 }
                    guard at(i + hashes) == "\"" else { advance(); continue }
                    for _ in 0..<hashes { advance() }
                    string(hashes: hashes)
                } else if c == "(" {
                    depth += 1; advance()
                } else if c == ")" {
                    if depth == 0, closer != nil { advance(); return }
                    depth -= 1; advance()
                } else {
                    advance()
                }
            }
        }

        mutating func blockComment() {
            var depth = 0
            while i < s.count {
                if starts("/*", at: i) { depth += 1; advance(); advance() }
                else if starts("*/", at: i) { depth -= 1; advance(); advance(); if depth == 0 { return } }
                else { advance() }
            }
        }

        /// A literal from its opening quote(s); `hashes` `#` before it were read.
        mutating func string(hashes: Int) {
            let multiline = starts("\"\"\"", at: i)
            let quote = multiline ? "\"\"\"" : "\""
            let close = quote + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            let startLine = line
            for _ in quote.unicodeScalars { advance() }
            var text = String.UnicodeScalarView()
            while i < s.count {
                if starts(close, at: i) {
                    for _ in close.unicodeScalars { advance() }
                    break
                }
                if starts(escape, at: i) {
                    let after = i + escape.unicodeScalars.count
                    if at(after) == "(" {
                        for _ in 0...escape.unicodeScalars.count { advance() }
                        code(until: ")")
                        text.append(" ")
                        continue
                    }
                    for _ in escape.unicodeScalars { text.append(s[i]); advance() }
                    if i < s.count { text.append(s[i]); advance() }
                    continue
                }
                if !multiline, s[i] == "\n" { break }
                text.append(s[i])
                advance()
            }
            literals.append(Literal(text: String(text), line: startLine))
        }
    }

    /// The long options (`--name`) that the swift-argument-parser declarations in `source` give a command:
    /// `.customLong("name")`, or an `@Option`/`@Flag` property's name in kebab-case when the declaration names
    /// no long option of its own (`.long`, `.shortAndLong`, or no `name:`); `--no-name` too for a `.prefixedNo`
    /// inversion. A declaration with only short names (`.short`, `.customShort`) gives none.
    static func longOptions(in source: String) -> Set<String> {
        var found = Set<String>()
        for m in matches(#"\.customLong\("([A-Za-z0-9-]+)"\s*(,\s*withSingleDash:\s*(true|false))?\)"#, in: source)
        where m[3] != "true" {
            found.insert("--" + m[1])
        }
        let declaration = #"@(Option|Flag)\b(\((?:[^()]|\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))*\))?\s*(?:(?:public|package|internal|private|fileprivate)\s+)?var\s+([A-Za-z_][A-Za-z0-9_]*)"#
        for m in matches(declaration, in: source) {
            let arguments = m[2]
            if arguments.contains(".customLong(") { continue }
            let nameArgument = arguments.range(of: "name:").map { String(arguments[$0.upperBound...]) } ?? ""
            let onlyShort = !nameArgument.isEmpty && !nameArgument.contains(".long") && !nameArgument.contains(".shortAndLong")
                && (nameArgument.contains(".short") || nameArgument.contains(".customShort"))
            if onlyShort { continue }
            let option = kebabCase(m[3])
            found.insert("--" + option)
            if arguments.contains(".prefixedNo") { found.insert("--no-" + option) }
        }
        return found
    }

    /// swift-argument-parser's long name for a property: `maxValueSize` → `max-value-size`, `clientID` → `client-id`.
    static func kebabCase(_ name: String) -> String {
        let chars = Array(name)
        var out = ""
        for (k, c) in chars.enumerated() {
            if c.isUppercase, k > 0 {
                let previous = chars[k - 1]
                let nextIsLower = k + 1 < chars.count && chars[k + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { out += "-" }
            }
            out += c.lowercased()
        }
        return out
    }

    /// The capture groups (0: the whole match; "" for a group that did not take part) of each match.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { k in
                let r = m.range(at: k)
                return r.location == NSNotFound ? "" : ns.substring(with: r)
            }
        }
    }
}
