import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Signature help inside an argument list: the field's or directive's signature
/// (`episodes(first: Int, order: Order = ASC): [Episode!]`), each argument's place in it and
/// the argument being written.
package struct ArgumentSignature: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        /// Where the argument is in `label`, in UTF-16 units (as LSP counts label offsets).
        package var labelOffsets: (start: Int, end: Int)
        package var documentation: String?

        package static func == (a: Parameter, b: Parameter) -> Bool {
            a.labelOffsets == b.labelOffsets && a.documentation == b.documentation
        }
    }

    package var label: String
    package var documentation: String?
    package var parameters: [Parameter]
    /// The argument being written, or nil when there is none to point at.
    package var activeParameter: Int?

    /// The signature around `offset` of `source`, or nil outside any argument list of a field
    /// or directive the schema knows.
    package static func at(_ offset: Int, in source: Source, schema: Schema) -> ArgumentSignature? {
        let context = CursorContext.at(offset, in: source, schema: schema)
        switch context.kind {
        case .argumentName, .value, .variable, .objectFieldName: break
        default: return nil
        }
        guard let opening = openingParenthesis(before: context.word.start, in: source) else { return nil }
        let arguments: [InputValue]
        var signature: ArgumentSignature
        // The directive or field whose list is innermost: the one named just before `(`.
        if let directive = context.directive, opening.ownerName == directive.name {
            arguments = directive.arguments
            signature = ArgumentSignature(
                label: "@" + directive.name, documentation: directive.description, parameters: [], activeParameter: nil)
        } else if let field = context.field?.field, opening.ownerName == field.name {
            arguments = field.arguments
            signature = ArgumentSignature(label: field.name, documentation: field.description, parameters: [], activeParameter: nil)
        } else {
            return nil
        }
        signature.label += "("
        for (position, argument) in arguments.enumerated() {
            if position > 0 { signature.label += ", " }
            var text = "\(argument.name): \(schema.text(of: argument.type))"
            if let value = argument.defaultValue { text += " = " + ValuePrinter.print(value) }
            let start = signature.label.utf16.count
            signature.label += text
            signature.parameters.append(
                Parameter(labelOffsets: (start, start + text.utf16.count), documentation: argument.description))
        }
        signature.label += ")"
        if context.directive == nil, let field = context.field?.field { signature.label += ": " + schema.text(of: field.type) }
        signature.activeParameter = active(
            arguments, kind: context.kind, word: Lexer.value(ofRange: context.word, in: source), current: opening.currentArgument,
            ended: opening.currentEnded)
        return signature
    }

    /// The argument being written: the one whose value holds the cursor, the one whose name
    /// is being typed, or else the first (required first) not given yet.
    static func active(_ arguments: [InputValue], kind: CursorContext.Kind, word: String, current: String?, ended: Bool) -> Int? {
        switch kind {
        case .argumentName(_, let given):
            if !word.isEmpty, let typed = arguments.firstIndex(where: { $0.name.hasPrefix(word) }) { return typed }
            if !ended, let current, let index = arguments.firstIndex(where: { $0.name == current }) { return index }
            let open = arguments.indices.filter { !given.contains(arguments[$0].name) }
            return open.first { arguments[$0].isRequired } ?? open.first
        default:
            return current.flatMap { current in arguments.firstIndex { $0.name == current } }
        }
    }

    /// The `(` opening the argument list around `offset`, the name before it (the field's or
    /// directive's), and the argument whose value is being written: the last `name:` at the
    /// list's own depth, unless a `,` or a complete value since then ends it.
    static func openingParenthesis(before offset: Int, in source: Source) -> (
        ownerName: String, currentArgument: String?, currentEnded: Bool
    )? {
        let tokens = Lexer.tokenize(source).tokens.filter { $0.kind != .endOfFile && $0.end <= offset }
        var depth = 0
        var current: String?
        // Inside an input object or list of the argument's value: the value is not over.
        var nested = false
        var ended = false
        var index = tokens.count - 1
        // Commas are not tokens: one between the last token and the cursor ends an argument.
        if let last = tokens.last, last.kind == .parenL || source.slice(SourceRange(last.end, max(last.end, offset))).contains(",") {
            ended = true
        }
        while index >= 0 {
            let token = tokens[index]
            switch token.kind {
            case .parenR, .bracketR, .braceR: depth += 1
            case .bracketL, .braceL:
                if depth == 0 {
                    nested = true
                    current = nil
                } else {
                    depth -= 1
                }
            case .parenL:
                if depth == 0 {
                    guard index > 0, tokens[index - 1].kind == .name else { return nil }
                    return (Lexer.value(of: tokens[index - 1], in: source), current, ended && !nested)
                }
                depth -= 1
            case .name where depth == 0 && current == nil && index + 1 < tokens.count && tokens[index + 1].kind == .colon:
                current = Lexer.value(of: token, in: source)
                // `name: value` followed by more tokens: the cursor is past that argument (a
                // guess: a value may take more than one token).
                if !nested && index + 3 < tokens.count { ended = true }
            default:
                break
            }
            index -= 1
        }
        return nil
    }
}

extension Lexer {
    /// The text of `range` of `source` (a name).
    static func value(ofRange range: SourceRange, in source: Source) -> String {
        range.start < range.end ? source.slice(range) : ""
    }
}
