import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// What a position in a GraphQL text is about, found from the tokens before it alone, so it
/// works while the text is half typed and does not parse. The walk keeps a stack of the
/// selection sets, argument lists and input values it is inside, each with its schema type.
package struct CursorContext: Sendable {
    package enum Kind: Sendable {
        /// Where a selection starts: a field of `parent` (or a spread, an inline fragment).
        case selection(parent: TypeID?)
        /// An argument name of a field or directive; `given` are those already written.
        case argumentName(arguments: [InputValue], given: Set<String>)
        /// A value of `type` (after `name:` or inside a list).
        case value(type: SchemaType?)
        /// A field name of an input object.
        case objectFieldName(type: TypeID?, given: Set<String>)
        /// A directive name after `@`, at `location`.
        case directive(location: DirectiveLocation?)
        /// A fragment name after `...` in a selection set of `parent`.
        case fragmentSpread(parent: TypeID?)
        /// A type condition after `on`: in an inline fragment of `parent`, or of a fragment
        /// definition (`parent` nil).
        case typeCondition(parent: TypeID?)
        /// A variable after `$` where a value of `type` goes.
        case variable(type: SchemaType?)
        /// A type in a variable definition.
        case variableType
        /// The name of a new variable, an operation or a fragment: nothing to offer.
        case newName
        /// Between definitions: keywords.
        case topLevel
    }

    package var kind: Kind
    /// The word at the position (a name, with its `$`-less spelling), or an empty range there.
    package var word: SourceRange
    /// The variables the enclosing operation declares, with their types when known.
    package var variables: [(name: String, type: SchemaType?)]
    /// The directive whose arguments or name the position is in, and the field a selection
    /// or argument belongs to: for hover and definition.
    package var field: (parent: TypeID, field: SchemaField)?
    package var directive: SchemaDirective?

    /// The context at `offset` of `source`. When a name token holds or ends at `offset`, it
    /// is the word and the context is that of its start.
    package static func at(_ offset: Int, in source: Source, schema: Schema) -> CursorContext {
        let lexed = Lexer.tokenize(source)
        var tokens = lexed.tokens.filter { $0.kind != .endOfFile && $0.start < offset }
        var word = SourceRange(offset, offset)
        if let last = tokens.last, last.kind == .name, last.end >= offset {
            word = last.range
            tokens.removeLast()
        }
        var walker = Walker(source: source, schema: schema)
        for index in tokens.indices { walker.take(tokens, index) }
        return CursorContext(
            kind: walker.context(tokens), word: word,
            variables: walker.variables.map { ($0.name, $0.type) },
            field: walker.contextField, directive: walker.contextDirective)
    }

    /// The name token at `offset` (for hover and definition), if any.
    package static func nameToken(at offset: Int, in source: Source) -> Token? {
        Lexer.tokenize(source).tokens.first { $0.kind == .name && $0.start <= offset && offset <= $0.end }
    }
}

/// The token walk behind `CursorContext`.
struct Walker {
    enum Frame {
        case selectionSet(TypeID?)
        case arguments([InputValue], given: Set<String>, field: (TypeID, SchemaField)?, directive: SchemaDirective?)
        case object(TypeID?, given: Set<String>)
        case list(SchemaType?)
        case variableDefinitions
    }

    let source: Source
    let schema: Schema
    var frames: [Frame] = []
    var variables: [(name: String, type: SchemaType?)] = []
    /// What the next `{`, `(` and `@` apply to.
    var nextSelectionType: TypeID?
    var nextArguments: [InputValue] = []
    var nextArgumentsField: (TypeID, SchemaField)?
    var nextArgumentsDirective: SchemaDirective?
    var location: DirectiveLocation?
    /// The type of the value after the last `name:` in arguments or an input object.
    var valueType: SchemaType?
    /// Top level: whether a definition has started, and the fragment keyword seen.
    var inDefinition = false
    var inFragmentHeader = false
    var variableTypeStart: Int?
    var pendingVariable: String?

    init(source: Source, schema: Schema) {
        self.source = source
        self.schema = schema
    }

    func text(_ token: Token) -> String { Lexer.value(of: token, in: source) }

    func previous(_ tokens: [Token], _ index: Int, _ back: Int = 1) -> Token? {
        index - back >= 0 ? tokens[index - back] : nil
    }

    mutating func take(_ tokens: [Token], _ index: Int) {
        let token = tokens[index]
        let prev = previous(tokens, index)
        switch frames.last {
        case nil:
            takeTopLevel(token, prev)
        case .selectionSet(let parent):
            takeSelection(tokens, index, parent)
        case .arguments(let arguments, var given, let field, let directive):
            if token.kind == .name && prev?.kind != .colon && prev?.kind != .dollar {
                given.insert(text(token))
                frames[frames.count - 1] = .arguments(arguments, given: given, field: field, directive: directive)
                valueType = arguments.first { $0.name == text(token) }?.type
            } else if token.kind == .parenR {
                frames.removeLast()
            } else {
                takeValueBracket(token)
            }
        case .object(let type, var given):
            if token.kind == .name && prev?.kind != .colon && prev?.kind != .dollar {
                given.insert(text(token))
                frames[frames.count - 1] = .object(type, given: given)
                valueType = type.flatMap { schema[$0].inputField(text(token))?.type }
            } else if token.kind == .braceR {
                frames.removeLast()
                restoreValueType()
            } else {
                takeValueBracket(token)
            }
        case .list:
            if token.kind == .bracketR {
                frames.removeLast()
                restoreValueType()
            } else {
                takeValueBracket(token)
            }
        case .variableDefinitions:
            takeVariableDefinition(tokens, index)
        }
    }

    /// `[` and `{` open a list or an input object of the current value type.
    mutating func takeValueBracket(_ token: Token) {
        switch token.kind {
        case .bracketL:
            let element = valueType?.listElement
            frames.append(.list(element))
            valueType = element
        case .braceL:
            frames.append(.object(valueType.map { $0.namedType }, given: []))
            valueType = nil
        default:
            break
        }
    }

    /// After a closed list or object, a list's elements keep their type.
    mutating func restoreValueType() {
        if case .list(let element)? = frames.last { valueType = element }
    }

    mutating func takeTopLevel(_ token: Token, _ prev: Token?) {
        let afterDirectiveName = previousIsDirectiveName
        previousIsDirectiveName = false
        switch token.kind {
        case .name:
            let word = text(token)
            if prev?.kind == .at {
                directiveNamed(word)
                previousIsDirectiveName = true
                return
            }
            if inFragmentHeader {
                if prev.map(text) == "on" && prev?.kind == .name {
                    nextSelectionType = schema.typeIndex[word]
                    location = .fragmentDefinition
                }
                return
            }
            guard !inDefinition else { return }
            inDefinition = true
            variables = []
            switch word {
            case "query", "mutation", "subscription":
                let operation = OperationType(rawValue: word)!
                nextSelectionType = schema.rootType(for: operation)
                location = DirectiveLocation(rawValue: word.uppercased())
            case "fragment":
                inFragmentHeader = true
                nextSelectionType = nil
            default:
                nextSelectionType = nil
            }
        case .parenL:
            if afterDirectiveName {
                frames.append(.arguments(nextArguments, given: [], field: nil, directive: nextArgumentsDirective))
            } else {
                frames.append(.variableDefinitions)
            }
        case .braceL:
            if !inDefinition {
                variables = []
                nextSelectionType = schema.queryType
            }
            frames.append(.selectionSet(nextSelectionType))
            inFragmentHeader = false
        case .braceR:
            break
        default:
            break
        }
    }

    /// Set while the last top-level token is a directive's name.
    var previousIsDirectiveName = false

    mutating func directiveNamed(_ name: String) {
        let directive = schema.directive(named: name)
        nextArguments = directive?.arguments ?? []
        nextArgumentsDirective = directive
        nextArgumentsField = nil
    }

    mutating func takeSelection(_ tokens: [Token], _ index: Int, _ parent: TypeID?) {
        let token = tokens[index]
        let prev = previous(tokens, index)
        switch token.kind {
        case .name:
            let word = text(token)
            if prev?.kind == .spread {
                // `... on Type` (an inline fragment; its type follows) or `...Name` (a spread).
                location = word == "on" ? .inlineFragment : .fragmentSpread
            } else if prev?.kind == .name, prev.map(text) == "on", previous(tokens, index, 2)?.kind == .spread {
                nextSelectionType = schema.typeIndex[word]
                location = .inlineFragment
            } else if prev?.kind == .at {
                directiveNamed(word)
            } else if index + 1 < tokens.count, tokens[index + 1].kind == .colon {
                return  // an alias
            } else {
                let field = parent.flatMap { schema.field(word, on: $0) }
                nextSelectionType = field?.type.namedType
                nextArguments = field?.arguments ?? []
                nextArgumentsField = field.flatMap { f in parent.map { ($0, f) } }
                nextArgumentsDirective = nil
                location = .field
            }
        case .spread:
            nextSelectionType = parent
            location = .inlineFragment
        case .braceL:
            frames.append(.selectionSet(nextSelectionType))
        case .braceR:
            frames.removeLast()
            if frames.isEmpty {
                inDefinition = false
                location = nil
            }
        case .parenL:
            frames.append(.arguments(nextArguments, given: [], field: nextArgumentsField, directive: nextArgumentsDirective))
        default:
            break
        }
    }

    mutating func takeVariableDefinition(_ tokens: [Token], _ index: Int) {
        let token = tokens[index]
        let prev = previous(tokens, index)
        switch token.kind {
        case .dollar:
            finishVariable(before: token.start)
        case .name where prev?.kind == .dollar:
            pendingVariable = text(token)
        case .colon where pendingVariable != nil && variableTypeStart == nil:
            variableTypeStart = token.end
        case .equals, .at:
            finishVariable(before: token.start)
        case .parenR:
            finishVariable(before: token.start)
            frames.removeLast()
        case .bracketL where variableTypeStart == nil, .braceL where variableTypeStart == nil:
            takeValueBracket(token)  // a default value's list or object
        default:
            break
        }
    }

    mutating func finishVariable(before end: Int) {
        guard let name = pendingVariable else { return }
        var type: SchemaType?
        if let start = variableTypeStart, start < end,
            case .success(let reference) = Parser.parseType(Source(name: "", text: source.slice(SourceRange(start, end))))
        {
            type = schema.resolve(reference)
        }
        variables.append((name, type))
        pendingVariable = nil
        variableTypeStart = nil
    }

    // MARK: The context after the last token

    var contextField: (parent: TypeID, field: SchemaField)? {
        for frame in frames.reversed() {
            if case .arguments(_, _, let field?, _) = frame { return (field.0, field.1) }
        }
        return nil
    }

    var contextDirective: SchemaDirective? {
        if case .arguments(_, _, _, let directive?)? = frames.last { return directive }
        return nil
    }

    func context(_ tokens: [Token]) -> CursorContext.Kind {
        let last = tokens.last
        let beforeLast = tokens.count >= 2 ? tokens[tokens.count - 2] : nil
        if last?.kind == .at {
            if case .variableDefinitions? = frames.last { return .directive(location: .variableDefinition) }
            return .directive(location: location)
        }
        switch frames.last {
        case nil:
            if inFragmentHeader {
                if let last, last.kind == .name, text(last) == "on" { return .typeCondition(parent: nil) }
                return .newName
            }
            if inDefinition, last?.kind == .name { return .newName }
            return .topLevel
        case .selectionSet(let parent):
            if last?.kind == .spread { return .fragmentSpread(parent: parent) }
            if let last, last.kind == .name, text(last) == "on", beforeLast?.kind == .spread { return .typeCondition(parent: parent) }
            return .selection(parent: parent)
        case .arguments(let arguments, let given, _, _):
            switch last?.kind {
            case .colon: return .value(type: valueType)
            case .dollar: return .variable(type: valueType)
            default: return .argumentName(arguments: arguments, given: given)
            }
        case .object(let type, let given):
            switch last?.kind {
            case .colon: return .value(type: valueType)
            case .dollar: return .variable(type: valueType)
            default: return .objectFieldName(type: type, given: given)
            }
        case .list(let element):
            return last?.kind == .dollar ? .variable(type: element) : .value(type: element)
        case .variableDefinitions:
            if last?.kind == .colon || last?.kind == .bracketL || (variableTypeStart != nil && last?.kind != .equals) {
                return variableTypeStart != nil ? .variableType : .newName
            }
            if last?.kind == .equals { return .value(type: nil) }
            return .newName
        }
    }
}
