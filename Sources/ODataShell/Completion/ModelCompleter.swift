import ODataModel
import ODataQuery

/// Turns "what may stand at the cursor" (the parser's `expectation(at:)`) plus the model into candidates, and
/// completes REPL commands and their arguments. Matching is a case-insensitive prefix; the model's spelling is
/// inserted.
struct ModelCompleter: CompletionProvider {
    let document: CsdlDocument
    /// The services `.open` can open (the profile's aliases, the system's catalog); nil where there is no system.
    var serviceNames: (() -> [CompletionCandidate])?
    /// Values of a property with value help (`Common.ValueList`), given what was typed of the value: quoted
    /// literals. nil where no service answers (a one-shot completion, tests of the grammar).
    var valueHelp: ((Property, String) -> [CompletionCandidate])?

    init(document: CsdlDocument) {
        self.document = document
    }

    static let statementKeywords = ["get", "count", "search", "create", "update", "replace", "delete", "call", "link", "unlink"]
    static let clauseKeywords = ["where", "select", "order by", "top", "skip", "expand", "count", "search"]
    static let expandOptions = ["select", "where", "order by", "top", "skip", "expand", "count", "levels"]
    /// OData's comparison words (the symbols cannot be completed from a typed prefix, the words can).
    static let comparisonWords: [(word: String, symbol: String)] = [
        ("eq", "="), ("ne", "!="), ("gt", ">"), ("ge", ">="), ("lt", "<"), ("le", "<="),
    ]
    /// The other operators written as words: logic, membership, flags and OData's arithmetic words.
    static let operatorWords: [(word: String, symbol: String)] = [
        ("and", ""), ("or", ""), ("in", ""), ("has", ""), ("add", "+"), ("sub", "-"), ("mul", "*"), ("div", "/"), ("mod", "%"),
    ]

    /// What a punctuation mark offered does: `,` and `;` separate items, closing brackets end what they close.
    static let punctuation: [String: String] = [
        ",": "separator", ";": "separator", ")": "closes (", "]": "closes [", "}": "closes {",
    ]

    func complete(line: String, cursor: Int) -> CompletionResult {
        let chars = Array(line)
        let cursor = min(max(0, cursor), chars.count)
        let before = String(chars[0..<cursor])
        if before.drop(while: { $0 == " " }).first == "." {
            return completeCommand(before, cursor: cursor)
        }
        // Inside a string literal: the values of a property with value help, else nothing.
        if Self.isInsideString(before) {
            guard let quote = Self.openSingleQuote(before) else { return CompletionResult(candidates: [], replacing: cursor..<cursor) }
            return completeLiteral(line, quote: quote, cursor: cursor, typed: String(chars[(quote + 1)..<cursor]))
        }
        let context = Parser(line).expectation(at: cursor)
        var candidates: [CompletionCandidate] = []
        // What follows a finished clause or expand option (the next clause or option, `;`, `)`): listed last, and left
        // out after an expression that is not finished (`where CompanyName `).
        var followers: [CompletionCandidate] = []
        // The statement before the word being completed, which the trials bind.
        let typed = String(chars[0..<min(context.replaceFrom, cursor)])
        // After an arithmetic or comparison operator: judges which operands fit (made once, used by the cases below).
        let operand = OperandTrial(document: document, typed: typed)
        // Operator words, offered where the parser allows an operator and then kept only if the binder takes them.
        var operators: [CompletionCandidate] = []
        var continues = false
        for e in context.expectations {
            switch e {
            case .statementKeyword:
                candidates += Self.statementKeywords.map { CompletionCandidate($0, annotation: "statement") }
                // Inside a batch (where `end` may come) neither another batch nor a command can.
                if !context.expectations.contains(.keyword("end")) {
                    candidates.append(CompletionCandidate("batch", annotation: "statement"))
                    candidates += ReplCommandCatalog.names.map { CompletionCandidate($0, annotation: "command") }
                }
            case .entitySet:
                candidates += document.entitySets.map { CompletionCandidate($0.name, annotation: "entity set" + ElementMarks.text($0)) }
                candidates += document.singletons.map { CompletionCandidate($0.name, annotation: "singleton" + ElementMarks.text($0)) }
            case .functionImport:
                candidates += document.functionImports.map { CompletionCandidate($0.name, annotation: "function") }
                candidates += document.actionImports.map { CompletionCandidate($0.name, annotation: "action") }
            case .parameter(let function):
                candidates += parameters(of: function).map { CompletionCandidate($0.name, annotation: $0.type.description) }
            case .clauseKeyword:
                followers += (Self.clauseKeywords + (document.version.isV4 ? Self.aggregationClauses : sapAnalyticalClauses)).filter { !context.givenClauses.contains($0) }.map { CompletionCandidate($0, annotation: "clause") }
            case .expandOption:
                // V2's $expand takes no options: only select and expand, which become paths.
                followers += Self.expandOptions.filter { (document.version.isV4 || $0 == "select" || $0 == "expand") && !context.givenClauses.contains($0) }
                    .map { CompletionCandidate($0, annotation: "option") }
            case .expandOptionsEnd:
                followers += [CompletionCandidate(";", annotation: "separates the options"), CompletionCandidate(")", annotation: "ends the options")]
            case .keyword(let k):
                candidates.append(CompletionCandidate(k, annotation: Self.punctuation[k] ?? "keyword"))
            case .pathSegment(let scope, let keyed, let call):
                guard let (t, many) = scope.resourceEnd(in: document, keyed: keyed) else { break }
                if many {
                    candidates.append(CompletionCandidate("$count", annotation: "the number of entities"))
                } else {
                    candidates += t.navigationProperties.map { CompletionCandidate($0.name, annotation: Self.annotation($0)) }
                    if !call {
                        candidates += t.properties.map { CompletionCandidate($0.name, annotation: $0.typeDescription) }
                        if t.hasStream { candidates.append(CompletionCandidate("$value", annotation: "the media value")) }
                    }
                    continues = true
                }
                for d in document.entityTypes where d !== t && d.isSubtype(of: t) {
                    candidates.append(CompletionCandidate(d.qualifiedName, annotation: "cast"))
                }
                for op in document.actions + document.functions where op.isBound && (call || op.kind == .function) {
                    guard let binding = op.bindingParameter, binding.type.isCollection == many,
                          let bound = document.structuredType(withName: binding.type.qualifiedName), t.isSubtype(of: bound) else { continue }
                    candidates.append(CompletionCandidate(op.qualifiedName, annotation: op.kind == .action ? "bound action" : "bound function"))
                }
            case .navigationProperty(let scope):
                if let t = scope.structuredType(in: document) {
                    candidates += t.navigationProperties.map { CompletionCandidate($0.name, annotation: Self.annotation($0)) }
                    continues = true
                }
            case .property(let scope):
                if scope.navigation.isEmpty { candidates += context.aliases.map { CompletionCandidate($0, annotation: "alias") } }
                if let t = scope.structuredType(in: document) {
                    // Marks from a metadata refresh show in the listing: `(added)`, `(removed)`. After an arithmetic
                    // or comparison operator, only the properties of a type that fits there.
                    let fitting = operand.map { trial in t.properties.filter { $0.name.lowercased().hasPrefix(context.prefix.lowercased()) && trial.accepts($0) } }
                    candidates += (fitting ?? t.properties).map { CompletionCandidate($0.name, annotation: $0.typeDescription + ElementMarks.text($0)) }
                    candidates += t.navigationProperties.map { CompletionCandidate($0.name, annotation: Self.annotation($0) + ElementMarks.text($0)) }
                    candidates += casts(from: t)
                }
            case .groupableProperty, .aggregateItem, .aggregatableProperty:
                candidates += aggregationCandidates(e)
            case .structuralProperty(let scope):
                if scope.navigation.isEmpty { candidates += context.aliases.map { CompletionCandidate($0, annotation: "alias") } }
                if let t = scope.structuredType(in: document) {
                    candidates += t.properties.map { CompletionCandidate($0.name, annotation: $0.typeDescription + ElementMarks.text($0)) }
                    candidates += casts(from: t)
                }
            case .keyProperty(let scope, let given):
                // After a bound function or action in a path: its parameters but the binding one.
                if let name = scope.resource.last, name.contains("."), scope.navigation.isEmpty {
                    let ops = document.operations(named: name).filter(\.isBound)
                    if !ops.isEmpty {
                        candidates += ops.flatMap { $0.parameters.dropFirst() }.filter { !given.contains($0.name) }
                            .map { CompletionCandidate($0.name, annotation: $0.type.description) }
                        break
                    }
                }
                if let t = scope.structuredType(in: document) as? EntityType {
                    candidates += t.keyProperties.filter { !given.contains($0.name) }.map { CompletionCandidate($0.name, annotation: $0.typeDescription) }
                }
            case .function:
                let functions = operand.map { trial in QueryFunction.all.filter { $0.name.hasPrefix(context.prefix.lowercased()) && trial.accepts(function: $0) } }
                candidates += (functions ?? QueryFunction.all).map { CompletionCandidate($0.name, annotation: "function") }
                // V2 users write substringof(needle, haystack); the binder takes it (as contains) for either version.
                if !document.version.isV4 { candidates.append(CompletionCandidate("substringof", annotation: "function")) }
            case .value(let scope):
                if let e = scope?.enumType(in: document) {
                    candidates += e.members.map { CompletionCandidate($0.name, annotation: "\(e.name) = \($0.value)") }
                } else if let p = scope?.property(in: document), p.primitiveType == .string, !p.isCollection, p.hasValueHelp,
                          let valueHelp {
                    candidates += valueHelp(p, "")
                } else if let p = scope?.property(in: document), p.primitiveType == .boolean, !p.isCollection {
                    candidates += [CompletionCandidate("true", annotation: "Edm.Boolean"), CompletionCandidate("false", annotation: "Edm.Boolean")]
                } else if let n = scope?.navigationProperty(in: document), let target = n.target {
                    // A body member that binds an existing entity: `Category: Categories(1)`.
                    candidates += document.entitySets.filter { s in s.entityTypeIfResolved.map { $0.isSubtype(of: target) } ?? false }
                        .map { CompletionCandidate($0.name, annotation: "entity set") }
                }
            case .comparisonOperator:
                operators += Self.comparisonWords.map { CompletionCandidate($0.word, annotation: "operator " + $0.symbol) }
            case .binaryOperator:
                operators += Self.operatorWords.map { CompletionCandidate($0.word, annotation: "operator" + ($0.symbol.isEmpty ? "" : " " + $0.symbol)) }
            case .lambdaVariable(let names):
                candidates += names.map { CompletionCandidate($0, annotation: "variable") }
            case .collectionOperator(let scope):
                if scope.endsInCollection(in: document) {
                    candidates += [CompletionCandidate("any", annotation: "lambda"), CompletionCandidate("all", annotation: "lambda")]
                    if document.version.isV4 { candidates.append(CompletionCandidate("$count", annotation: "the number of members")) }
                }
            }
        }
        var matching = Self.filter(candidates, prefix: context.prefix)
        var unfinished = false
        let offered = Self.filter(operators, prefix: context.prefix)
        if !offered.isEmpty {
            // Judged all together, whatever was typed of the word: whether the expression is unfinished depends on
            // whether any operator would finish it.
            let judgement = OperatorTrial(document: document, typed: typed).judge(operators.map(\.insertText))
            unfinished = judgement.unfinished
            // First, as the parser lists them (the operators before the clause keywords that may follow).
            let accepted = offered.filter { judgement.accepted.contains($0.insertText) }
            let names = Set(accepted.map(\.insertText))
            matching = accepted + matching.filter { !names.contains($0.insertText) }
        }
        if !unfinished { matching += Self.filter(followers, prefix: context.prefix) }
        // A navigation property alone is usually followed by `/` or `(`: no space after it.
        let onlyNavigation = continues && matching.count == 1 && matching[0].annotation?.hasPrefix("→") == true
        return CompletionResult(candidates: matching, replacing: context.replaceFrom..<cursor, appendsSpace: !onlyNavigation)
    }

    /// Value help inside a `'...'` literal that starts at `quote`: the values that start with what was typed.
    private func completeLiteral(_ line: String, quote: Int, cursor: Int, typed: String) -> CompletionResult {
        let none = CompletionResult(candidates: [], replacing: cursor..<cursor)
        guard let valueHelp else { return none }
        // What stands where the literal starts, as if it were not typed yet.
        let context = Parser(String(line.prefix(quote))).expectation(at: quote)
        for case .value(let scope?) in context.expectations {
            guard let p = scope.property(in: document), p.primitiveType == .string, !p.isCollection, p.hasValueHelp else { continue }
            let values = valueHelp(p, typed).filter { $0.displayText.hasPrefix(typed) }
            return CompletionResult(candidates: values, replacing: quote..<cursor)
        }
        return none
    }

    /// The offset of the `'` that opens the literal the text ends inside, or nil (not in one, or in a `"` one).
    static func openSingleQuote(_ text: String) -> Int? {
        var quote: Character?
        var start = 0
        for (i, c) in text.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
                start = i
            }
        }
        return quote == "'" ? start : nil
    }

    static func isInsideString(_ text: String) -> Bool {
        var quote: Character?
        var prev: Character = " "
        for c in text {
            if let q = quote {
                if c == q && !(q == "\"" && prev == "\\") { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            }
            prev = c
        }
        return quote != nil
    }

    /// Candidates whose text starts with the prefix, ignoring case; duplicates dropped; exact-case matches first.
    static func filter(_ candidates: [CompletionCandidate], prefix: String) -> [CompletionCandidate] {
        let lower = prefix.lowercased()
        var seen = Set<String>()
        var out: [CompletionCandidate] = []
        for c in candidates where c.insertText.lowercased().hasPrefix(lower) && seen.insert(c.insertText).inserted {
            out.append(c)
        }
        return out
    }

    static func annotation(_ n: NavigationProperty) -> String {
        "→ " + (n.isCollection ? "Collection(\(n.type.simpleName))" : n.type.simpleName)
    }

    /// V4 casts in a path of a filter, select or expand: the types derived from `t`.
    private func casts(from t: StructuredType) -> [CompletionCandidate] {
        guard document.version.isV4 else { return [] }
        return (document.entityTypes as [StructuredType] + document.complexTypes).filter { $0 !== t && $0.isSubtype(of: t) }
            .map { CompletionCandidate($0.qualifiedName, annotation: "cast") }
    }

    private func parameters(of name: String) -> [Parameter] {
        if let f = document.functionImport(withName: name) {
            // As the binder reads them: a V2 function import's own parameters; in V4 its function's (a V4 import
            // that carries parameters of its own, as some SAP documents do, is not called with them).
            guard document.version.isV4 else { return f.parameters }
            return f.resolvedFunctions.first.map { Array($0.parameters.dropFirst($0.isBound ? 1 : 0)) } ?? []
        }
        if let a = document.actionImport(withName: name) {
            return a.resolvedActions.first.map { Array($0.parameters.dropFirst($0.isBound ? 1 : 0)) } ?? []
        }
        return []
    }

    /// `.command argument`: command names, then the command's words as its declaration takes them (the same walk
    /// as `DotCommandArguments`): flags and options, then what the parameter at the cursor declares it takes.
    private func completeCommand(_ before: String, cursor: Int) -> CompletionResult {
        let chars = Array(before)
        let lead = chars.prefix { $0 == " " }.count
        let name = String(chars[lead...].prefix { $0 != " " })
        if lead + name.count == chars.count {
            let cands = ReplCommandCatalog.declarations.map { CompletionCandidate($0.name, annotation: $0.summary) }
            return CompletionResult(candidates: Self.filter(cands, prefix: name), replacing: lead..<cursor)
        }
        guard let declaration = ReplCommandCatalog.command(named: name)?.declaration else { return .none(at: cursor) }
        let positionals = declaration.positionals
        var slot = 0
        var optionsEnded = declaration.options.isEmpty
        var used: Set<String> = []
        var pending: DotParameter?
        var previous: String?
        var i = lead + name.count
        while true {
            while i < chars.count, chars[i] == " " { i += 1 }
            var j = i
            while j < chars.count, chars[j] != " " { j += 1 }
            let word = String(chars[i..<j])
            let startsOption = pending == nil && !optionsEnded && word.hasPrefix("-")
            if !startsOption, pending == nil, slot < positionals.count, positionals[slot].kind == .text {
                return completeText(positionals[slot], String(chars[i...]), from: i, cursor: cursor)
            }
            // The word at the cursor.
            if j == chars.count {
                var cands: [CompletionCandidate]
                if let pending {
                    cands = values(pending.values, previous: previous)
                } else if startsOption || slot >= positionals.count {
                    cands = declaration.options.filter { !used.contains($0.name) }.map { CompletionCandidate($0.name, annotation: $0.help) }
                } else {
                    cands = values(positionals[slot].values, previous: previous)
                }
                return CompletionResult(candidates: Self.filter(cands, prefix: word), replacing: i..<cursor)
            }
            if pending != nil {
                pending = nil
            } else if startsOption {
                if word == "--" { optionsEnded = true }
                if let p = declaration.options.first(where: { $0.name == word }) {
                    used.insert(p.name)
                    if p.kind == .option { pending = p }
                }
            } else {
                previous = word
                slot += 1
            }
            i = j
        }
    }

    /// The rest of a command line that is a text parameter: a statement completes as one, a file as a path.
    private func completeText(_ parameter: DotParameter, _ text: String, from offset: Int, cursor: Int) -> CompletionResult {
        switch parameter.values {
        case .statement:
            let inner = complete(line: text, cursor: cursor - offset)
            return CompletionResult(candidates: inner.candidates,
                                    replacing: (inner.replacing.lowerBound + offset)..<(inner.replacing.upperBound + offset),
                                    appendsSpace: inner.appendsSpace)
        case .files:
            let paths = PathCompletion.paths(completing: text).map { CompletionCandidate($0) }
            return CompletionResult(candidates: paths, replacing: offset..<cursor, appendsSpace: !(paths.first?.insertText.hasSuffix("/") ?? false))
        default:
            return CompletionResult(candidates: Self.filter(values(parameter.values, previous: nil), prefix: text), replacing: offset..<cursor)
        }
    }

    /// What a parameter declares it takes; `previous` is the word before (the setting of `.set NAME VALUE`).
    private func values(_ values: DotValues, previous: String?) -> [CompletionCandidate] {
        switch values {
        case .none, .statement, .files: return []
        case .words(let words): return words
        case .settingNames: return ShellSetting.all.map { CompletionCandidate($0.name, annotation: $0.help) }
        case .settingValue: return ShellSettings.values(of: previous ?? "").map { CompletionCandidate($0) }
        case .serviceNames: return serviceNames?() ?? []
        case .modelElements:
            var cands = document.entitySets.map { CompletionCandidate($0.name, annotation: "entity set") }
            cands += document.singletons.map { CompletionCandidate($0.name, annotation: "singleton") }
            cands += (document.entityTypes as [StructuredType] + document.complexTypes).map { CompletionCandidate($0.name, annotation: $0 is EntityType ? "entity type" : "complex type") }
            cands += document.enumTypes.map { CompletionCandidate($0.name, annotation: "enum type") }
            cands += (document.functions + document.actions).map { CompletionCandidate($0.name, annotation: $0.kind.rawValue.lowercased()) }
            cands += document.functionImports.map { CompletionCandidate($0.name, annotation: "function import") }
            return cands
        }
    }
}
