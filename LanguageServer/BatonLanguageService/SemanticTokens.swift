import BatonDiagnostics
import BatonHosts
import BatonSyntax

/// What each GraphQL token of a file is, for editors to colour with the user's theme: read from
/// the token stream (like `CursorContext`), so a half-typed or broken document still gets the
/// tokens before its error, and nothing outside the GraphQL of the file is ever classified.
package enum SemanticTokens {
    /// The kinds, in the order of the legend the server advertises.
    package enum Kind: Int, Sendable, CaseIterable {
        case keyword, type, property, parameter, variable, decorator, string, number, comment, function, enumMember

        /// The LSP standard token type.
        package var lspName: String {
            switch self {
            case .keyword: "keyword"
            case .type: "type"
            case .property: "property"
            case .parameter: "parameter"
            case .variable: "variable"
            case .decorator: "decorator"
            case .string: "string"
            case .number: "number"
            case .comment: "comment"
            case .function: "function"
            case .enumMember: "enumMember"
            }
        }
    }

    /// A classified token, in the host file, on one line (a token spanning lines, such as a
    /// block string, comes as one piece per line).
    package struct Token: Sendable, Hashable {
        package var range: SourceRange
        package var kind: Kind
    }

    /// Every token of the GraphQL in `host` (marker literals of a Swift file, or a whole
    /// `.graphql` file), in host order.
    package static func tokens(in host: Source) -> [Token] {
        var tokens: [Token] = []
        for document in HostFile.documents(for: host).documents {
            for (range, kind) in classify(document.source) {
                let mapped = Location(source: document.source, range: range).hostLocation
                guard mapped.source.name == host.name else { continue }
                tokens += lines(of: mapped.range, in: host).map { Token(range: $0, kind: kind) }
            }
        }
        return tokens.sorted { $0.range.start < $1.range.start }
    }

    /// `range` cut at the line breaks of `host`, empty pieces dropped.
    static func lines(of range: SourceRange, in host: Source) -> [SourceRange] {
        let bytes = host.utf8
        var pieces: [SourceRange] = []
        var start = range.start
        var p = range.start
        while p < min(range.end, bytes.count) {
            if bytes[p] == 0x0A || bytes[p] == 0x0D {
                if p > start { pieces.append(SourceRange(start, p)) }
                start = p + 1
            }
            p += 1
        }
        if range.end > start { pieces.append(SourceRange(start, range.end)) }
        return pieces
    }

    /// Where a token stands; decides what a name is.
    private enum Frame { case selection, arguments, variables, object, list }

    /// The tokens of one GraphQL text, in its offsets. Executable documents and schema
    /// definitions are both read: after a definition keyword the next name is the definition's,
    /// in a selection a name is a field, in parentheses an argument, after `:` a value (or a type,
    /// in variable and schema definitions).
    static func classify(_ source: Source) -> [(SourceRange, Kind)] {
        let tokens = Lexer.tokenize(source, includeComments: true).tokens
        var found: [(SourceRange, Kind)] = []
        var stack: [Frame] = []
        var expectValue = false
        var expectType = false
        var schemaDefinition = false
        /// The keyword that opened the current top-level definition (`directive`, `query`, ...).
        var definitionKeyword = ""
        var previous: TokenKind?
        var previousName = ""
        var index = 0
        func emit(_ start: Int, _ end: Int, _ kind: Kind) { found.append((SourceRange(start, end), kind)) }
        /// A value ended: in a list, the next one may follow.
        func valueDone() { expectValue = stack.last == .list }
        /// Whether the name before this one opened an executable definition (`query Name`).
        func namesDefinition() -> Bool { previous == .name && Self.executableKeywords.contains(previousName) }
        func classifyName(_ name: String, _ token: BatonSyntax.Token) {
            if expectType {
                // A directive definition's `on` lists locations, not types.
                emit(token.start, token.end, stack.isEmpty && definitionKeyword == "directive" ? .enumMember : .type)
                expectType = false  // `&`, `|` and `=` at the top level ask for another
                return
            }
            if expectValue {
                emit(token.start, token.end, ["true", "false", "null"].contains(name) ? .keyword : .enumMember)
                valueDone()
                return
            }
            switch stack.last {
            case .arguments:
                emit(token.start, token.end, .parameter)
            case .object:
                emit(token.start, token.end, .property)
            case .selection:
                if previous == .spread {
                    emit(token.start, token.end, name == "on" ? .keyword : .function)
                    expectType = name == "on"
                } else {
                    emit(token.start, token.end, .property)
                }
            case .variables, .list:
                break
            case nil:
                if namesDefinition() {
                    emit(token.start, token.end, .function)
                } else if Self.executableKeywords.contains(name) || Self.schemaKeywords.contains(name) || name == "on" {
                    emit(token.start, token.end, .keyword)
                    if !["implements", "on", "repeatable", "extend"].contains(name) { definitionKeyword = name }
                    if Self.executableKeywords.contains(name) { schemaDefinition = false }
                    if Self.schemaKeywords.contains(name) { schemaDefinition = true }
                    expectType = name == "implements" || name == "on"
                } else {
                    emit(token.start, token.end, .type)
                }
            }
        }
        while index < tokens.count {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            var kind = token.kind
            switch token.kind {
            case .comment:
                emit(token.start, token.end, .comment)
                index += 1
                continue  // a comment changes nothing around it
            case .string, .blockString:
                emit(token.start, token.end, .string)
                if expectValue { valueDone() }
            case .int, .float:
                emit(token.start, token.end, .number)
                if expectValue { valueDone() }
            case .dollar:
                if let next, next.kind == .name, next.start == token.end {
                    emit(token.start, next.end, .variable)
                    index += 1
                    kind = .name
                }
                if expectValue { valueDone() }
                expectType = false
            case .at:
                if let next, next.kind == .name, next.start == token.end {
                    emit(token.start, next.end, .decorator)
                    index += 1
                    kind = .at  // the directive's arguments follow
                }
                expectValue = false
                expectType = false
            case .braceL:
                if expectValue {
                    stack.append(.object)
                    expectValue = false
                } else {
                    stack.append(.selection)
                }
                expectType = false
            case .braceR:
                let closed = stack.popLast()
                if closed == .object { valueDone() } else { expectValue = false }
                if stack.isEmpty { schemaDefinition = false }
            case .parenL:
                // After a directive or a field, arguments; after an operation's name, variables.
                stack.append(previous == .at || !stack.isEmpty || schemaDefinition ? .arguments : .variables)
                expectValue = false
            case .parenR:
                _ = stack.popLast()
                expectValue = false
                expectType = false
            case .bracketL:
                if expectValue { stack.append(.list) }
            case .bracketR:
                if !expectType, stack.last == .list {
                    _ = stack.popLast()
                    valueDone()
                }
            case .colon:
                switch stack.last {
                case .variables: expectType = true
                case .arguments: if schemaDefinition { expectType = true } else { expectValue = true }
                case .object: expectValue = true
                case .selection: expectType = schemaDefinition
                case .list, nil: break
                }
            case .equals:
                if stack.isEmpty {
                    expectType = true  // union members
                } else {
                    expectType = false
                    expectValue = true
                }
            case .pipe, .ampersand:
                if stack.isEmpty { expectType = true }
            case .name:
                let name = Lexer.value(of: token, in: source)
                classifyName(name, token)
                previousName = name
            default:
                break
            }
            previous = kind
            index += 1
        }
        return found
    }

    static let executableKeywords: Set<String> = ["query", "mutation", "subscription", "fragment"]
    static let schemaKeywords: Set<String> = [
        "schema", "scalar", "type", "interface", "union", "enum", "input", "extend", "directive", "implements", "repeatable",
    ]
}
