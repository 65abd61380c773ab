/// A strict (RFC 8259) byte-level JSON pull tokenizer over UTF-8 bytes.
///
/// `next()` returns one token at a time and checks the grammar as it goes: a document that scans to
/// `.endOfInput` without throwing is well-formed JSON. Strings are unescaped only when they contain escapes
/// (into a reused scratch buffer); otherwise their bytes are read in place, so scanning allocates nothing per
/// token. Numbers are kept as their text so callers decide how to read them (Decimal digits stay exact).
///
/// The scanner reads from memory it does not own: keep the bytes alive while scanning. Its whole state lives in
/// the struct between tokens (an explicit state and container stack, no recursion), so it can also read a stream
/// chunk by chunk: with `isFinal` false, running out of bytes (even after a number that could go on) throws
/// `.unexpectedEndOfInput`; the caller then `restore`s a `checkpoint` taken before, appends bytes, `rebase`s the
/// scanner onto the grown (and possibly compacted) buffer and scans again. Positions in errors count from the
/// start of the stream.
package struct JSONScanner {
    /// The nesting limit unless one is given: deep enough for any real document, shallow enough for any stack.
    package static let defaultMaxDepth = 512

    /// Where the scanner stands in the grammar, between tokens.
    @usableFromInline enum State: UInt8 {
        case value, firstValueOrEndArray, firstKeyOrEndObject, commaOrEnd, done
        /// A `,` was passed by `skipBlanks`: a key (in an object) or a value (in an array) must follow.
        case afterComma
    }

    @usableFromInline var input: UnsafeRawBufferPointer
    @usableFromInline var pos: Int
    @usableFromInline var line = 1
    @usableFromInline var lineStart: Int
    @usableFromInline var state = State.value
    /// One entry per open container: 1 for an object, 0 for an array.
    @usableFromInline var containers: [UInt8] = []
    /// Containers deeper than this are an error, so hostile input cannot exhaust the stack of tree builders.
    package let maxDepth: Int
    /// False while more bytes may follow the buffer (chunked reading): the buffer's end is then not the input's end.
    package var isFinal = true
    /// Bytes of the stream dropped before `input` (chunked reading), so that error offsets count from the start.
    @usableFromInline var baseOffset = 0
    /// The column of the byte at `lineStart` (above 1 when the start of the line was dropped).
    @usableFromInline var lineStartColumn = 1

    @usableFromInline var current = JSONToken.endOfInput
    @usableFromInline var tokenStart = 0
    @usableFromInline var tokenLine = 1
    @usableFromInline var tokenLineStart = 0
    /// The bytes of the current string (between the quotes) or number, when they are read in place.
    @usableFromInline var valueStart = 0
    @usableFromInline var valueEnd = 0
    /// True when the current string had escapes and its unescaped bytes are in `scratch`.
    @usableFromInline var valueInScratch = false
    @usableFromInline var scratch: [UInt8] = []
    @usableFromInline var integer = false
    // Columns count characters from the line start; the cache keeps repeated look-ups on one long line linear.
    @usableFromInline var columnCacheLineStart = -1
    @usableFromInline var columnCacheOffset = 0
    @usableFromInline var columnCacheColumn = 1

    /// Scans `bytes` (UTF-8; a leading byte order mark is skipped).
    package init(bytes: UnsafeRawBufferPointer, maxDepth: Int = JSONScanner.defaultMaxDepth) {
        input = bytes
        self.maxDepth = maxDepth
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        pos = start
        lineStart = start
        tokenLineStart = start
    }

    // MARK: The current token

    /// The token the last `next()` returned.
    @inlinable package var token: JSONToken { current }
    /// How many containers are open (after `beginObject` it counts that object).
    @inlinable package var depth: Int { containers.count }
    /// Byte offset of the current token's first byte.
    @inlinable package var tokenOffset: Int { tokenStart }
    /// For a `.number` token: true when it has neither a fraction nor an exponent.
    @inlinable package var numberIsInteger: Bool { integer }

    /// The text of the current `.key` or `.string` token, unescaped.
    @inlinable package var stringValue: String {
        if valueInScratch { return String(decoding: scratch, as: UTF8.self) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: input[valueStart..<valueEnd]), as: UTF8.self)
    }

    /// The text of the current `.number` token, as written.
    @inlinable package var numberText: String {
        String(decoding: UnsafeRawBufferPointer(rebasing: input[valueStart..<valueEnd]), as: UTF8.self)
    }

    /// Calls `body` with the bytes of the current key, string (unescaped) or number, without making a String.
    /// The bytes are valid only inside `body`.
    @inlinable package func withValueBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if valueInScratch { return try scratch.withUnsafeBytes(body) }
        return try body(UnsafeRawBufferPointer(rebasing: input[valueStart..<valueEnd]))
    }

    /// True when the current key or string is exactly `text` (compares bytes, makes no String).
    @inlinable package func valueEquals(_ text: StaticString) -> Bool {
        withValueBytes { bytes in
            text.withUTF8Buffer { expected in
                guard bytes.count == expected.count else { return false }
                for k in 0..<bytes.count where bytes[k] != expected[k] { return false }
                return true
            }
        }
    }

    /// Line and column (1-based, in characters) of the current token's first character.
    package mutating func tokenLocation() -> SourceLocation {
        if columnCacheLineStart != tokenLineStart || columnCacheOffset > tokenStart {
            columnCacheLineStart = tokenLineStart; columnCacheOffset = tokenLineStart
            columnCacheColumn = tokenLineStart == lineStart ? lineStartColumn : 1
        }
        let column = columnCacheColumn + characterCount(columnCacheOffset, tokenStart)
        columnCacheOffset = tokenStart; columnCacheColumn = column
        return SourceLocation(line: tokenLine, column: column)
    }

    // MARK: Chunked input

    /// Where the scanner stands between two tokens, to go back to when a chunk ends inside what is being read.
    package struct Checkpoint {
        @usableFromInline var pos, line, lineStart, lineStartColumn, depth: Int
        @usableFromInline var state: State
        @usableFromInline var current: JSONToken
        @usableFromInline var tokenStart, tokenLine, tokenLineStart: Int
        @usableFromInline init(pos: Int, line: Int, lineStart: Int, lineStartColumn: Int, depth: Int, state: State,
                               current: JSONToken, tokenStart: Int, tokenLine: Int, tokenLineStart: Int) {
            self.pos = pos; self.line = line; self.lineStart = lineStart; self.lineStartColumn = lineStartColumn
            self.depth = depth; self.state = state; self.current = current
            self.tokenStart = tokenStart; self.tokenLine = tokenLine; self.tokenLineStart = tokenLineStart
        }
        /// Offset in the current buffer of the first byte not yet consumed.
        package var bufferOffset: Int { pos }
    }

    /// The position before the next token.
    @inlinable package func checkpoint() -> Checkpoint {
        Checkpoint(pos: pos, line: line, lineStart: lineStart, lineStartColumn: lineStartColumn, depth: containers.count,
                   state: state, current: current, tokenStart: tokenStart, tokenLine: tokenLine, tokenLineStart: tokenLineStart)
    }

    /// Goes back to `c`, taken in the same buffer at a depth not left since.
    @inlinable package mutating func restore(_ c: Checkpoint) {
        pos = c.pos; line = c.line; lineStart = c.lineStart; lineStartColumn = c.lineStartColumn
        if containers.count > c.depth { containers.removeLast(containers.count - c.depth) }
        state = c.state; current = c.current
        tokenStart = c.tokenStart; tokenLine = c.tokenLine; tokenLineStart = c.tokenLineStart
    }

    /// Continues in `newInput`, whose first byte is the byte at `dropped` of the current buffer (the bytes before it
    /// are gone, those after it are still there, more may follow). `dropped` must not be past the next byte to scan,
    /// nor past a checkpoint still to be restored (restore first, then rebase); the current token's text is no
    /// longer available when its bytes were dropped.
    package mutating func rebase(onto newInput: UnsafeRawBufferPointer, dropped: Int) {
        precondition(dropped <= pos, "JSONScanner.rebase: dropping bytes not yet scanned")
        if dropped > 0 {
            if lineStart < dropped {
                lineStartColumn += characterCount(lineStart, dropped)
                lineStart = dropped
            }
            if tokenLineStart < dropped { tokenLineStart = dropped }
            if tokenStart < dropped { tokenStart = dropped }
            pos -= dropped; lineStart -= dropped; tokenStart -= dropped; tokenLineStart -= dropped
            valueStart = max(0, valueStart - dropped); valueEnd = max(0, valueEnd - dropped)
            baseOffset += dropped
        }
        columnCacheLineStart = -1
        input = newInput
    }

    /// Offset in the current buffer just after the current token (after a `skipValue`, after the whole value).
    @inlinable package var offsetAfterToken: Int { pos }
    /// Offset of the current token from the start of the stream (for messages).
    @inlinable package var streamOffset: Int { baseOffset + tokenStart }

    /// Calls `body` with bytes of the current buffer (offsets as `tokenOffset` and `offsetAfterToken` give them).
    @inlinable package func withInputBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: input[range]))
    }

    /// An error at the current token, for callers that find the JSON well-formed but not what they expect.
    package mutating func errorAtToken(_ kind: JSONError.Kind, _ message: String) -> JSONError {
        let loc = tokenLocation()
        return JSONError(kind, message, line: loc.line, column: loc.column, offset: baseOffset + tokenStart)
    }

    // MARK: Scanning

    /// Reads the next token; throws at the first byte that breaks the JSON grammar.
    @inlinable @discardableResult
    package mutating func next() throws(JSONError) -> JSONToken {
        skipWhitespace()
        markToken()
        guard pos < input.count else { return try atEndOfInput() }
        let c = input[pos]
        switch state {
        case .commaOrEnd:
            let inObject = containers[containers.count - 1] != 0
            if c == UInt8(ascii: ",") {
                pos += 1
                skipWhitespace()
                markToken()
                guard pos < input.count else { throw error(.unexpectedEndOfInput, "unexpected end of input after ','") }
                let d = input[pos]
                return inObject ? try scanKey(d, afterComma: true) : try scanValue(d, afterComma: true)
            }
            if c == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                return endContainer(inObject ? .endObject : .endArray)
            }
            throw unexpected(c, expected: inObject ? "',' or '}'" : "',' or ']'")
        case .value:
            return try scanValue(c, afterComma: false)
        case .afterComma:
            return containers[containers.count - 1] != 0 ? try scanKey(c, afterComma: true) : try scanValue(c, afterComma: true)
        case .firstValueOrEndArray:
            if c == UInt8(ascii: "]") { return endContainer(.endArray) }
            return try scanValue(c, afterComma: false)
        case .firstKeyOrEndObject:
            if c == UInt8(ascii: "}") { return endContainer(.endObject) }
            return try scanKey(c, afterComma: false)
        case .done:
            throw error(.trailingData, "unexpected \(describe(c)) after the end of the JSON value")
        }
    }

    /// Moves over blanks (space, tab, CR, LF) before the next token, and over a `,` between members or items with
    /// the blanks after it, counting lines: a streaming reader that ran out of bytes between tokens skips them for
    /// good instead of keeping them to scan again.
    public mutating func skipBlanks() {
        skipWhitespace()
        if state == .commaOrEnd, pos < input.count, input[pos] == UInt8(ascii: ",") {
            pos += 1
            state = .afterComma
            skipWhitespace()
        }
    }

    /// Skips the value that begins with the current token (a whole object or array, or a scalar).
    @inlinable package mutating func skipValue() throws(JSONError) {
        guard current == .beginObject || current == .beginArray else { return }
        let outer = containers.count - 1
        while true {
            let t = try next()
            if (t == .endObject || t == .endArray) && containers.count == outer { return }
        }
    }

    @inlinable @inline(__always) mutating func skipWhitespace() {
        while pos < input.count {
            let b = input[pos]
            if b > 0x20 { return }
            if b == 0x20 || b == 0x09 || b == 0x0D {
                pos += 1
            } else if b == 0x0A {
                pos += 1; line += 1; lineStart = pos; lineStartColumn = 1
            } else {
                return
            }
        }
    }

    @inlinable @inline(__always) mutating func markToken() {
        tokenStart = pos; tokenLine = line; tokenLineStart = lineStart
    }

    @inlinable @inline(__always) mutating func afterScalar(_ t: JSONToken) -> JSONToken {
        state = containers.isEmpty ? .done : .commaOrEnd
        current = t
        return t
    }

    @inlinable mutating func endContainer(_ t: JSONToken) -> JSONToken {
        containers.removeLast()
        pos += 1
        return afterScalar(t)
    }

    @inlinable mutating func open(_ isObject: Bool) throws(JSONError) -> JSONToken {
        guard containers.count < maxDepth else {
            throw error(.tooDeep, "JSON nested deeper than \(maxDepth) levels")
        }
        containers.append(isObject ? 1 : 0)
        pos += 1
        state = isObject ? .firstKeyOrEndObject : .firstValueOrEndArray
        current = isObject ? .beginObject : .beginArray
        return current
    }

    @inlinable mutating func scanValue(_ c: UInt8, afterComma: Bool) throws(JSONError) -> JSONToken {
        switch c {
        case UInt8(ascii: "\""):
            try scanString()
            return afterScalar(.string)
        case UInt8(ascii: "{"):
            return try open(true)
        case UInt8(ascii: "["):
            return try open(false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            return afterScalar(.number)
        case UInt8(ascii: "t"):
            try scanLiteral("true")
            return afterScalar(.true)
        case UInt8(ascii: "f"):
            try scanLiteral("false")
            return afterScalar(.false)
        case UInt8(ascii: "n"):
            try scanLiteral("null")
            return afterScalar(.null)
        case UInt8(ascii: "]") where afterComma:
            throw error(.trailingComma, "trailing comma before ']'")
        default:
            throw unexpected(c, expected: "a value")
        }
    }

    @inlinable mutating func scanKey(_ c: UInt8, afterComma: Bool) throws(JSONError) -> JSONToken {
        guard c == UInt8(ascii: "\"") else {
            if c == UInt8(ascii: "}") && afterComma { throw error(.trailingComma, "trailing comma before '}'") }
            throw unexpected(c, expected: "a member name in double quotes")
        }
        try scanString()
        skipWhitespace()
        guard pos < input.count else {
            throw error(.unexpectedEndOfInput, "unexpected end of input, expected ':' after a member name")
        }
        guard input[pos] == UInt8(ascii: ":") else { throw unexpected(input[pos], expected: "':' after a member name") }
        pos += 1
        state = .value
        current = .key
        return .key
    }

    /// Scans `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` at `pos`.
    @inlinable mutating func scanNumber() throws(JSONError) {
        let start = pos
        let end = input.count
        var i = pos
        var isInteger = true
        if input[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end else { pos = i; throw error(.unexpectedEndOfInput, "unexpected end of input in a number") }
        if input[i] == UInt8(ascii: "0") {
            i += 1
            if i < end && isDigit(input[i]) {
                pos = i - 1
                throw error(.invalidNumber, "a number may not have a leading zero")
            }
        } else if isDigit(input[i]) {
            i += 1
            while i < end && isDigit(input[i]) { i += 1 }
        } else {
            pos = i
            throw error(.invalidNumber, "expected a digit after '-', found \(describe(input[i]))")
        }
        if i < end && input[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            try requireDigit(at: i, after: "'.'")
            while i < end && isDigit(input[i]) { i += 1 }
        }
        if i < end && (input[i] == UInt8(ascii: "e") || input[i] == UInt8(ascii: "E")) {
            isInteger = false
            i += 1
            if i < end && (input[i] == UInt8(ascii: "+") || input[i] == UInt8(ascii: "-")) { i += 1 }
            try requireDigit(at: i, after: "the exponent mark")
            while i < end && isDigit(input[i]) { i += 1 }
        }
        if i == end && !isFinal {
            // More digits may follow in the next chunk.
            pos = i
            throw error(.unexpectedEndOfInput, "unexpected end of input in a number")
        }
        valueStart = start; valueEnd = i; valueInScratch = false
        integer = isInteger
        pos = i
    }

    @inlinable @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    @inlinable mutating func requireDigit(at i: Int, after what: String) throws(JSONError) {
        guard i < input.count else { pos = i; throw error(.unexpectedEndOfInput, "unexpected end of input in a number") }
        guard isDigit(input[i]) else {
            pos = i
            throw error(.invalidNumber, "expected a digit after \(what), found \(describe(input[i]))")
        }
    }

    @inlinable mutating func scanLiteral(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        let p = word.utf8Start
        var k = 0
        while k < n {
            guard pos + k < input.count else {
                pos += k
                throw error(.unexpectedEndOfInput, "unexpected end of input in '\(word)'")
            }
            guard input[pos + k] == p[k] else {
                throw error(.invalidLiteral, "invalid literal: expected '\(word)'")
            }
            k += 1
        }
        pos += n
    }

    // MARK: Errors (cold)

    @usableFromInline mutating func atEndOfInput() throws(JSONError) -> JSONToken {
        if state == .done { current = .endOfInput; return .endOfInput }
        if containers.isEmpty { throw error(.unexpectedEndOfInput, "unexpected end of input, expected a JSON value") }
        let what = containers[containers.count - 1] != 0 ? "an object" : "an array"
        throw error(.unexpectedEndOfInput, "unexpected end of input inside \(what)")
    }

    /// An error at `pos`.
    @usableFromInline func error(_ kind: JSONError.Kind, _ message: String) -> JSONError {
        // Running out of a chunk is not reported to anyone: skip counting the columns of a long line.
        if kind == .unexpectedEndOfInput && !isFinal { return JSONError(kind, message, line: line, column: 0, offset: baseOffset + pos) }
        let column = lineStartColumn + characterCount(lineStart, min(pos, input.count))
        return JSONError(kind, message, line: line, column: column, offset: baseOffset + pos)
    }

    /// Characters (UTF-8 sequences) in `input[from..<to]`, eight bytes at a time: every byte but continuation bytes.
    @usableFromInline func characterCount(_ from: Int, _ to: Int) -> Int {
        guard from < to, let p = input.baseAddress else { return 0 }
        @inline(__always) func continuations(_ x: UInt64) -> Int { ((x & ~(x << 1)) & 0x8080_8080_8080_8080).nonzeroBitCount }
        var continuationBytes = 0
        var i = from
        while i + 32 <= to {
            continuationBytes &+= continuations(p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                &+ continuations(p.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                &+ continuations(p.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                &+ continuations(p.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
            i += 32
        }
        while i < to { if p.load(fromByteOffset: i, as: UInt8.self) & 0xC0 == 0x80 { continuationBytes &+= 1 }; i += 1 }
        return to - from - continuationBytes
    }

    @usableFromInline func unexpected(_ c: UInt8, expected: String) -> JSONError {
        error(.unexpectedCharacter, "unexpected \(describe(c)), expected \(expected)")
    }

    @usableFromInline func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(hexText(UInt32(b)))"
    }

    @usableFromInline func hexText(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (v > 0xFF ? 4 : 2) - s.count)) + s
    }
}
