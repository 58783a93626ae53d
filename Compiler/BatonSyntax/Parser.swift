import BatonDiagnostics

/// The outcome of parsing a document: on a syntax error, the definitions parsed before it
/// and exactly one diagnostic (code `Syntax`) at graphql-core's position.
package struct ParseResult: Sendable {
    package var document: Document
    package var diagnostics: [Diagnostic]

    package init(document: Document, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }
}

/// Recursive-descent parser for the whole GraphQL grammar (executable and type-system
/// definitions and extensions), following graphql-core 3.3's choices where the
/// specification leaves room (empty selection sets allowed, executable descriptions,
/// directives on directive definitions, `extend directive`) and its error messages.
package enum Parser {
    /// Selection sets, list and object values and list types together may nest this deep;
    /// one level more is a syntax error (graphql-core's limit and message), which keeps the
    /// recursion far from the stack's end.
    package static let maxNestingDepth = 200

    package static func parse(_ source: Source) -> ParseResult {
        var definitions: [Definition] = []
        let error: SyntaxError? = source.utf8.withUnsafeBufferPointer { buffer in
            var parser = ParserCore(buffer, source: source)
            do throws(SyntaxError) {
                try parser.parseDocument(into: &definitions)
                return nil
            } catch {
                return error
            }
        }
        let document = Document(source: source, definitions: definitions)
        return ParseResult(document: document, diagnostics: error.map { [$0.diagnostic(in: source)] } ?? [])
    }

    /// A value standing alone (`[1, {a: $x}]`); `const` rejects variables.
    package static func parseValue(_ source: Source, const: Bool = false) -> Result<Value, SyntaxError> {
        source.utf8.withUnsafeBufferPointer { buffer in
            var parser = ParserCore(buffer)
            do throws(SyntaxError) {
                try parser.advance()
                let value = try parser.parseValueLiteral(const: const)
                _ = try parser.expect(.endOfFile)
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    /// A type reference standing alone (`[ID!]!`).
    package static func parseType(_ source: Source) -> Result<TypeReference, SyntaxError> {
        source.utf8.withUnsafeBufferPointer { buffer in
            var parser = ParserCore(buffer)
            do throws(SyntaxError) {
                try parser.advance()
                let type = try parser.parseTypeReference()
                _ = try parser.expect(.endOfFile)
                return .success(type)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The directive locations graphql-core accepts (the specification's, plus its
/// `FRAGMENT_VARIABLE_DEFINITION` and `DIRECTIVE_DEFINITION`).
private let directiveLocationNames: Set<String> = Set(DirectiveLocation.allCases.map(\.rawValue))
    .union(["FRAGMENT_VARIABLE_DEFINITION", "DIRECTIVE_DEFINITION"])

struct ParserCore: ~Copyable {
    var lexer: LexerCore
    /// The current token, not yet consumed.
    var token: Token
    /// The end of the last consumed token: where a node being finished ends.
    var lastEnd = 0
    var depth = 0
    /// Looked up only once a document nests deeply (finding the stack's bounds can cost
    /// tens of microseconds, e.g. on the main thread, which most documents should not pay).
    var stack: StackGuard? = nil
    /// The source `bytes` belong to, when known: descriptions then keep their token and are
    /// decoded only when read.
    var source: Source? = nil
    /// Each distinct name made into a string once.
    let names: NameTable
    // The items of unfinished lists, one stack per kind of item (see `ListStack`).
    var selectionItems = ListStack<Selection>()
    var argumentItems = ListStack<Argument>()
    var fieldDefinitionItems = ListStack<FieldDefinition>()
    var inputValueItems = ListStack<InputValueDefinition>()
    var enumValueItems = ListStack<EnumValueDefinition>()

    init(_ bytes: UnsafeBufferPointer<UInt8>, source: Source? = nil) {
        self.source = source
        lexer = LexerCore(bytes)
        names = NameTable(bytes)
        token = Token(kind: .startOfFile, start: 0, end: 0)
    }

    // MARK: Token plumbing

    @inline(__always)
    mutating func advance() throws(SyntaxError) {
        lastEnd = token.end
        token = try lexer.nextToken()
    }

    /// The token after the current one, without consuming anything.
    func lookahead() throws(SyntaxError) -> Token {
        var copy = lexer
        return try copy.nextToken()
    }

    @inline(__always)
    func range(from start: Token) -> SourceRange {
        SourceRange(start: start.start, end: lastEnd)
    }

    @inline(__always)
    func range(from start: Int) -> SourceRange {
        SourceRange(start: start, end: lastEnd)
    }

    /// Inlined, with the error built out of line: it runs at nearly every token.
    @inline(__always) @discardableResult
    mutating func expect(_ kind: TokenKind) throws(SyntaxError) -> Token {
        let current = token
        guard current.kind == kind else { throw expected(kind, found: current) }
        try advance()
        return current
    }

    @inline(never)
    func expected(_ kind: TokenKind, found current: Token) -> SyntaxError {
        SyntaxError("Expected \(kind.displayName), found \(describe(current)).", at: current.range)
    }

    @inline(__always)
    mutating func expectOptional(_ kind: TokenKind) throws(SyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(SyntaxError) {
        guard isKeyword(token, keyword) else {
            throw SyntaxError("Expected '\(keyword)', found \(describe(token)).", at: token.range)
        }
        try advance()
    }

    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(SyntaxError) -> Bool {
        guard isKeyword(token, keyword) else { return false }
        try advance()
        return true
    }

    func unexpected(_ at: Token? = nil) -> SyntaxError {
        let t = at ?? token
        return SyntaxError("Unexpected \(describe(t)).", at: t.range)
    }

    /// `Name 'x'`, `'{'`, `<EOF>`: graphql-core's description of a token.
    func describe(_ t: Token) -> String {
        t.kind.hasValue ? "\(t.kind.displayName) '\(lexer.value(of: t))'" : t.kind.displayName
    }

    func isKeyword(_ t: Token, _ keyword: StaticString) -> Bool {
        guard t.kind == .name, t.end - t.start == keyword.utf8CodeUnitCount else { return false }
        let k = keyword.utf8Start
        var i = 0
        while i < keyword.utf8CodeUnitCount {
            if lexer.bytes[t.start + i] != k[i] { return false }
            i += 1
        }
        return true
    }

    /// A token's value compared with a word, whatever the token's kind (graphql-core compares
    /// `token.value`, so a string `"on"` counts too).
    func valueIs(_ t: Token, _ word: StaticString) -> Bool {
        switch t.kind {
        case .name: isKeyword(t, word)
        case .string, .blockString: lexer.value(of: t) == word.description
        default: false
        }
    }

    @inline(__always)
    func text(_ t: Token) -> String { lexer.text(t.start, t.end) }

    mutating func enterNesting() throws(SyntaxError) {
        depth += 1
        if depth > 24 {
            if stack == nil { stack = StackGuard() }
            if stack!.isExhausted() {
                throw SyntaxError("Document is nested too deeply. Parsing aborted.", at: token.range)
            }
        }
        if depth > Parser.maxNestingDepth {
            throw SyntaxError("Document is nested too deeply. Parsing aborted.", at: token.range)
        }
    }

    // MARK: Document

    mutating func parseDocument(into definitions: inout [Definition]) throws(SyntaxError) {
        try expect(.startOfFile)
        repeat {
            definitions.append(try parseDefinition())
        } while try !expectOptional(.endOfFile)
    }

    mutating func parseDefinition() throws(SyntaxError) -> Definition {
        if token.kind == .braceL { return .operation(try parseOperationDefinition()) }
        let hasDescription = token.kind == .string || token.kind == .blockString
        let keyword = hasDescription ? try lookahead() : token
        if hasDescription && keyword.kind == .braceL {
            throw SyntaxError(
                "Unexpected description, descriptions are not supported on shorthand queries.",
                at: token.range)
        }
        if keyword.kind == .name {
            // Compared as bytes, most frequent first: no string is made for the keyword.
            if isKeyword(keyword, "type") { return .type(try parseObjectOrInterfaceDefinition(.object)) }
            if isKeyword(keyword, "fragment") { return .fragment(try parseFragmentDefinition()) }
            if isKeyword(keyword, "enum") { return .type(try parseEnumTypeDefinition()) }
            if isKeyword(keyword, "input") { return .type(try parseInputObjectTypeDefinition()) }
            if isKeyword(keyword, "query") || isKeyword(keyword, "mutation") || isKeyword(keyword, "subscription") {
                return .operation(try parseOperationDefinition())
            }
            if isKeyword(keyword, "interface") { return .type(try parseObjectOrInterfaceDefinition(.interface)) }
            if isKeyword(keyword, "union") { return .type(try parseUnionTypeDefinition()) }
            if isKeyword(keyword, "scalar") { return .type(try parseScalarTypeDefinition()) }
            if isKeyword(keyword, "directive") { return .directive(try parseDirectiveDefinition()) }
            if isKeyword(keyword, "schema") { return .schema(try parseSchemaDefinition()) }
            if !hasDescription && isKeyword(keyword, "extend") { return try parseTypeSystemExtension() }
            if hasDescription {
                throw SyntaxError(
                    "Unexpected description, only GraphQL definitions support descriptions.",
                    at: token.range)
            }
        }
        throw unexpected(keyword)
    }

    // MARK: Executable definitions

    mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
        let start = token
        if token.kind == .braceL {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                operation: .query, name: nil, variableDefinitions: [], directives: [],
                selectionSet: selectionSet, operationKeywordRange: nil, range: range(from: start))
        }
        let description = try parseDescription()
        let keyword = token
        let operation = try parseOperationType()
        let name = token.kind == .name ? try parseName() : nil
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: variables,
            directives: directives, selectionSet: selectionSet,
            operationKeywordRange: keyword.range, range: range(from: start),
            description: description)
    }

    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        let t = try expect(.name)
        switch text(t) {
        case "query": return .query
        case "mutation": return .mutation
        case "subscription": return .subscription
        default: throw unexpected(t)
        }
    }

    mutating func parseVariableDefinitions() throws(SyntaxError) -> [VariableDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var result: [VariableDefinition] = []
        repeat {
            result.append(try parseVariableDefinition())
        } while try !expectOptional(.parenR)
        return result
    }

    mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
        let start = token
        let description = try parseDescription()
        let variable = try parseVariableName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(const: true) : nil
        let directives = try parseDirectives(const: true)
        return VariableDefinition(
            variable: variable, type: type, defaultValue: defaultValue,
            directives: directives, range: range(from: start), description: description)
    }

    /// `$name`, as a Name whose value has no `$` and whose range covers it.
    mutating func parseVariableName() throws(SyntaxError) -> Name {
        let dollar = try expect(.dollar)
        let name = try expect(.name)
        return Name(names.name(name.start, name.end), range: SourceRange(start: dollar.start, end: name.end))
    }

    mutating func parseSelectionSet() throws(SyntaxError) -> SelectionSet {
        try enterNesting()
        let start = token
        try expect(.braceL)
        let mark = selectionItems.mark
        while try !expectOptional(.braceR) {
            let selection = try parseSelection()
            selectionItems.push(selection)
        }
        depth -= 1
        return SelectionSet(selections: selectionItems.take(from: mark), range: range(from: start))
    }

    mutating func parseSelection() throws(SyntaxError) -> Selection {
        token.kind == .spread ? try parseFragment() : try parseField()
    }

    /// A field, made in place as its selection (building a `Field` and then wrapping it would
    /// copy it).
    mutating func parseField() throws(SyntaxError) -> Selection {
        let start = token
        let nameOrAlias = try parseName()
        var alias: Name? = nil
        var name = nameOrAlias
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(const: false)
        let directives = try parseDirectives(const: false)
        let selectionSet = token.kind == .braceL ? try parseSelectionSet() : nil
        return .field(
            Field(
                alias: alias, name: name, arguments: arguments, directives: directives,
                selectionSet: selectionSet, range: range(from: start)))
    }

    mutating func parseArguments(const: Bool) throws(SyntaxError) -> [Argument] {
        guard try expectOptional(.parenL) else { return [] }
        let mark = argumentItems.mark
        repeat {
            let start = token
            let name = try parseName()
            try expect(.colon)
            let value = try parseValueLiteral(const: const)
            argumentItems.push(Argument(name: name, value: value, range: range(from: start)))
        } while try !expectOptional(.parenR)
        return argumentItems.take(from: mark)
    }

    mutating func parseFragment() throws(SyntaxError) -> Selection {
        let start = token
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && token.kind == .name {
            let name = try parseFragmentName()
            let directives = try parseDirectives(const: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, range: range(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseName() : nil
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition, directives: directives,
                selectionSet: selectionSet, range: range(from: start)))
    }

    mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseName()
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: selectionSet, range: range(from: start), description: description)
    }

    mutating func parseFragmentName() throws(SyntaxError) -> Name {
        if valueIs(token, "on") { throw unexpected() }
        return try parseName()
    }

    @inline(__always)
    mutating func parseName() throws(SyntaxError) -> Name {
        let t = try expect(.name)
        return Name(names.name(t.start, t.end), range: t.range)
    }

    // MARK: Values

    mutating func parseValueLiteral(const: Bool) throws(SyntaxError) -> Value {
        let start = token
        switch start.kind {
        case .bracketL:
            try enterNesting()
            try advance()
            var values: [Value] = []
            while try !expectOptional(.bracketR) {
                values.append(try parseValueLiteral(const: const))
            }
            depth -= 1
            return Value(.list(values), range: range(from: start))
        case .braceL:
            try enterNesting()
            try advance()
            var fields: [ObjectField] = []
            while try !expectOptional(.braceR) {
                let fieldStart = token
                let name = try parseName()
                try expect(.colon)
                let value = try parseValueLiteral(const: const)
                fields.append(ObjectField(name: name, value: value, range: range(from: fieldStart)))
            }
            depth -= 1
            return Value(.object(fields), range: range(from: start))
        case .int:
            try advance()
            return Value(.int(text(start)), range: start.range)
        case .float:
            try advance()
            return Value(.float(text(start)), range: start.range)
        case .string, .blockString:
            try advance()
            return Value(.string(lexer.value(of: start), block: start.kind == .blockString), range: start.range)
        case .name:
            try advance()
            let kind: Value.Kind
            if isKeyword(start, "true") {
                kind = .boolean(true)
            } else if isKeyword(start, "false") {
                kind = .boolean(false)
            } else if isKeyword(start, "null") {
                kind = .null
            } else {
                kind = .enumValue(names.name(start.start, start.end))
            }
            return Value(kind, range: start.range)
        case .dollar:
            if const {
                try advance()
                if token.kind == .name {
                    throw SyntaxError("Unexpected variable '$\(text(token))' in constant value.", at: start.range)
                }
                throw unexpected(start)
            }
            let name = try parseVariableName()
            return Value(.variable(name.value), range: name.range)
        default:
            throw unexpected()
        }
    }

    mutating func parseDirectives(const: Bool) throws(SyntaxError) -> [Directive] {
        guard token.kind == .at else { return [] }
        var result: [Directive] = []
        while token.kind == .at {
            let start = token
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(const: const)
            result.append(Directive(name: name, arguments: arguments, range: range(from: start)))
        }
        return result
    }

    mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
        let start = token
        var type: TypeReference
        if try expectOptional(.bracketL) {
            try enterNesting()
            let inner = try parseTypeReference()
            depth -= 1
            try expect(.bracketR)
            type = .list(inner, range: range(from: start))
        } else {
            type = .named(try parseName())
        }
        if try expectOptional(.bang) {
            return .nonNull(type, range: range(from: start))
        }
        return type
    }

    // MARK: Type-system definitions

    mutating func parseDescription() throws(SyntaxError) -> Description? {
        let t = token
        guard t.kind == .string || t.kind == .blockString else { return nil }
        try advance()
        let text = source.map { DescriptionText(source: $0, token: t) } ?? DescriptionText(lexer.value(of: t))
        return Description(text: text, block: t.kind == .blockString, range: t.range)
    }

    mutating func parseSchemaDefinition() throws(SyntaxError) -> SchemaDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(const: true)
        try expect(.braceL)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !expectOptional(.braceR)
        return SchemaDefinition(
            isExtension: false, description: description, directives: directives,
            operationTypes: operationTypes, range: range(from: start))
    }

    mutating func parseOperationTypeDefinition() throws(SyntaxError) -> OperationTypeDefinition {
        let start = token
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseName()
        return OperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    mutating func parseScalarTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        return TypeDefinition(
            kind: .scalar, isExtension: false, description: description, name: name,
            directives: directives, range: range(from: start))
    }

    mutating func parseObjectOrInterfaceDefinition(_ kind: TypeDefinitionKind) throws(SyntaxError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        if kind == .object { try expectKeyword("type") } else { try expectKeyword("interface") }
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(const: true)
        let fields = try parseFieldsDefinition()
        return TypeDefinition(
            kind: kind, isExtension: false, description: description, name: name,
            interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
    }

    mutating func parseImplementsInterfaces() throws(SyntaxError) -> [Name] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try parseDelimitedNames(.ampersand)
    }

    /// `&`- or `|`-separated names, with an optional leading separator.
    mutating func parseDelimitedNames(_ delimiter: TokenKind) throws(SyntaxError) -> [Name] {
        _ = try expectOptional(delimiter)
        var result: [Name] = []
        repeat {
            result.append(try parseName())
        } while try expectOptional(delimiter)
        return result
    }

    mutating func parseFieldsDefinition() throws(SyntaxError) -> [FieldDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        let mark = fieldDefinitionItems.mark
        repeat {
            let start = token
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            try expect(.colon)
            let type = try parseTypeReference()
            let directives = try parseDirectives(const: true)
            // The range before the node: computed among its arguments, the node was copied.
            let nodeRange = range(from: start)
            fieldDefinitionItems.push(
                FieldDefinition(
                    description: description, name: name, arguments: arguments,
                    type: type, directives: directives, range: nodeRange))
        } while try !expectOptional(.braceR)
        return fieldDefinitionItems.take(from: mark)
    }

    mutating func parseArgumentDefinitions() throws(SyntaxError) -> [InputValueDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        let mark = inputValueItems.mark
        repeat {
            let definition = try parseInputValueDefinition()
            inputValueItems.push(definition)
        } while try !expectOptional(.parenR)
        return inputValueItems.take(from: mark)
    }

    mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(const: true) : nil
        let directives = try parseDirectives(const: true)
        let nodeRange = range(from: start)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue,
            directives: directives, range: nodeRange)
    }

    mutating func parseUnionTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let members = try expectOptional(.equals) ? try parseDelimitedNames(.pipe) : []
        return TypeDefinition(
            kind: .union, isExtension: false, description: description, name: name,
            directives: directives, unionMembers: members, range: range(from: start))
    }

    mutating func parseEnumTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let values = try parseEnumValuesDefinition()
        return TypeDefinition(
            kind: .enum, isExtension: false, description: description, name: name,
            directives: directives, enumValues: values, range: range(from: start))
    }

    mutating func parseEnumValuesDefinition() throws(SyntaxError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        let mark = enumValueItems.mark
        repeat {
            let start = token
            let description = try parseDescription()
            if valueIs(token, "true") || valueIs(token, "false") || valueIs(token, "null") {
                throw SyntaxError(
                    "\(describe(token)) is reserved and cannot be used for an enum value.",
                    at: token.range)
            }
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let nodeRange = range(from: start)
            enumValueItems.push(
                EnumValueDefinition(
                    description: description, name: name, directives: directives,
                    range: nodeRange))
        } while try !expectOptional(.braceR)
        return enumValueItems.take(from: mark)
    }

    mutating func parseInputObjectTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let fields = try parseInputFieldsDefinition()
        return TypeDefinition(
            kind: .inputObject, isExtension: false, description: description, name: name,
            directives: directives, inputFields: fields, range: range(from: start))
    }

    mutating func parseInputFieldsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        let mark = inputValueItems.mark
        repeat {
            let definition = try parseInputValueDefinition()
            inputValueItems.push(definition)
        } while try !expectOptional(.braceR)
        return inputValueItems.take(from: mark)
    }

    mutating func parseDirectiveDefinition() throws(SyntaxError) -> DirectiveDefinition {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let directives = try parseDirectives(const: true)
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            let locationToken = token
            let location = try parseName()
            guard directiveLocationNames.contains(location.value) else { throw unexpected(locationToken) }
            locations.append(location)
        } while try expectOptional(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments,
            isRepeatable: repeatable, locations: locations, range: range(from: start),
            directives: directives)
    }

    // MARK: Extensions

    /// `extend …`: each form must add something, else the token after it is unexpected.
    mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
        let keyword = try lookahead()
        guard keyword.kind == .name else { throw unexpected(keyword) }
        let start = token
        switch text(keyword) {
        case "schema":
            try advance()
            try advance()
            let directives = try parseDirectives(const: true)
            var operationTypes: [OperationTypeDefinition] = []
            if try expectOptional(.braceL) {
                repeat {
                    operationTypes.append(try parseOperationTypeDefinition())
                } while try !expectOptional(.braceR)
            }
            if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
            return .schema(
                SchemaDefinition(
                    isExtension: true, description: nil, directives: directives,
                    operationTypes: operationTypes, range: range(from: start)))
        case "scalar":
            try advance()
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            if directives.isEmpty { throw unexpected() }
            return .type(
                TypeDefinition(
                    kind: .scalar, isExtension: true, description: nil, name: name,
                    directives: directives, range: range(from: start)))
        case "type", "interface":
            let kind: TypeDefinitionKind = text(keyword) == "type" ? .object : .interface
            try advance()
            try advance()
            let name = try parseName()
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(const: true)
            let fields = try parseFieldsDefinition()
            if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
            return .type(
                TypeDefinition(
                    kind: kind, isExtension: true, description: nil, name: name,
                    interfaces: interfaces, directives: directives, fields: fields,
                    range: range(from: start)))
        case "union":
            try advance()
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let members = try expectOptional(.equals) ? try parseDelimitedNames(.pipe) : []
            if directives.isEmpty && members.isEmpty { throw unexpected() }
            return .type(
                TypeDefinition(
                    kind: .union, isExtension: true, description: nil, name: name,
                    directives: directives, unionMembers: members, range: range(from: start)))
        case "enum":
            try advance()
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let values = try parseEnumValuesDefinition()
            if directives.isEmpty && values.isEmpty { throw unexpected() }
            return .type(
                TypeDefinition(
                    kind: .enum, isExtension: true, description: nil, name: name,
                    directives: directives, enumValues: values, range: range(from: start)))
        case "input":
            try advance()
            try advance()
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            let fields = try parseInputFieldsDefinition()
            if directives.isEmpty && fields.isEmpty { throw unexpected() }
            return .type(
                TypeDefinition(
                    kind: .inputObject, isExtension: true, description: nil, name: name,
                    directives: directives, inputFields: fields, range: range(from: start)))
        case "directive":
            try advance()
            try advance()
            try expect(.at)
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            if directives.isEmpty { throw unexpected() }
            return .directive(
                DirectiveDefinition(
                    description: nil, name: name, arguments: [], isRepeatable: false,
                    locations: [], range: range(from: start), directives: directives,
                    isExtension: true))
        default:
            throw unexpected(keyword)
        }
    }
}
