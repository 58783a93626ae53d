import BatonDiagnostics

/// Formatting: a document printed readably for people, as `batonc format` and the language
/// server's formatting write it.
///
/// The layout is the readable printer's (two-space indentation, one selection a line,
/// argument lists broken one a line past 80 columns), but unlike an AST printer it keeps what
/// an author wrote beside the grammar: every `#` comment (trailing ones stay trailing) and a
/// single blank line where the author left one or more between selections. A type-system
/// definition with a comment inside is kept as written rather than lose the comment. Text is
/// only ever re-spaced: the formatted document parses to the same definitions.
package enum DocumentFormatter {
    /// The formatted text (ending in one newline), or the syntax error that stops formatting.
    package static func format(_ source: Source) -> Formatting<String> {
        let parsed = Parser.parse(source)
        if let error = parsed.diagnostics.first { return .syntaxError(error) }
        let comments = Lexer.tokenize(source, includeComments: true).tokens.filter { $0.kind == .comment }
        var writer = FormatWriter(source: source, comments: comments)
        for (position, definition) in parsed.document.definitions.enumerated() {
            writer.definition(definition, first: position == 0)
        }
        writer.flushComments(before: source.utf8.count)
        return .formatted(writer.finish())
    }
}

/// What formatting gives: the result, or the syntax error that stops it (nothing is written
/// for a text that does not parse).
package enum Formatting<Value: Sendable>: Sendable {
    case formatted(Value)
    case syntaxError(Diagnostic)
}

/// Lines under construction, with the comments not yet placed.
struct FormatWriter {
    let source: Source
    let comments: [Token]
    var nextComment = 0
    var lines: [String] = []
    var line = ""
    var depth = 0
    /// Where the last printed construct ends in the source (what a trailing comment follows).
    var lastEnd = 0
    /// Nothing printed yet since a block opened (no blank line goes there).
    var atBlockStart = true
    static let width = 80

    init(source: Source, comments: [Token]) {
        self.source = source
        self.comments = comments
    }

    var indentation: String { String(repeating: "  ", count: depth) }

    mutating func finish() -> String {
        endLine()
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    mutating func endLine() {
        if !line.isEmpty { lines.append(line) }
        line = ""
    }

    /// Starts `text` on a line of its own at the current depth; later lines of a multi-line
    /// text (a block string, a broken list) keep their relative indentation.
    mutating func startLine(_ text: String) {
        endLine()
        append(text)
    }

    mutating func append(_ text: String) {
        var first = true
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first {
                endLine()
                if piece.isEmpty {
                    lines.append("")
                    continue
                }
            }
            if line.isEmpty { line = indentation }
            line += piece
            first = false
        }
        atBlockStart = false
    }

    mutating func blankLine() {
        endLine()
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    /// Whether the source leaves a blank line between `lastEnd` and `offset`.
    func blankInSource(before offset: Int) -> Bool {
        var newlines = 0
        var index = lastEnd
        let bytes = source.utf8
        while index < offset && index < bytes.count {
            if bytes[index] == 0x0A { newlines += 1 }
            index += 1
        }
        return newlines >= 2
    }

    func sameLineInSource(_ from: Int, _ to: Int) -> Bool {
        let bytes = source.utf8
        var index = from
        while index < to && index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D { return false }
            index += 1
        }
        return true
    }

    func hasComment(in range: SourceRange) -> Bool {
        comments[nextComment...].contains { $0.start >= range.start && $0.start < range.end }
    }

    /// Places every comment that starts before `offset`: on the line of what it followed in
    /// the source when it shared that line, else on a line of its own.
    mutating func flushComments(before offset: Int) {
        while nextComment < comments.count && comments[nextComment].start < offset {
            let comment = comments[nextComment]
            let text = source.slice(SourceRange(comment.start, comment.end))
            if !line.isEmpty && sameLineInSource(lastEnd, comment.start) {
                line += " " + text
            } else {
                if !atBlockStart && blankInSource(before: comment.start) { blankLine() }
                startLine(text)
            }
            endLine()
            lastEnd = comment.end
            nextComment += 1
        }
    }

    /// Before an item of a block: its comments, then a blank line where the source had one.
    mutating func beginItem(at offset: Int) {
        flushComments(before: offset)
        if !atBlockStart && blankInSource(before: offset) { blankLine() }
        endLine()
    }

    // MARK: Definitions

    mutating func definition(_ definition: Definition, first: Bool) {
        let range = definition.range
        if !first {
            // One blank line between definitions, before any comments that lead the next.
            endLine()
            if nextComment < comments.count, comments[nextComment].start < range.start,
                sameLineInSource(lastEnd, comments[nextComment].start), !(lines.last?.isEmpty ?? true)
            {
                // A trailing comment of the previous definition stays on its last line.
                let comment = comments[nextComment]
                lines[lines.count - 1] += " " + source.slice(SourceRange(comment.start, comment.end))
                lastEnd = comment.end
                nextComment += 1
            }
            blankLine()
        }
        atBlockStart = true
        flushComments(before: range.start)
        atBlockStart = false
        switch definition {
        case .operation(let operation): self.operation(operation)
        case .fragment(let fragment): self.fragment(fragment)
        case .schema, .type, .directive:
            // Type-system definitions have no place for comments in the printer's layout;
            // one that holds a comment is kept exactly as written.
            if hasComment(in: range) {
                startLine(source.slice(range))
                while nextComment < comments.count && comments[nextComment].start < range.end { nextComment += 1 }
            } else {
                startLine(ReadablePrinter.print(definition))
            }
            lastEnd = range.end
        }
    }

    mutating func description(_ description: Description?) {
        guard let description else { return }
        startLine(ReadablePrinter.description(description))
        lastEnd = description.range.end
        endLine()
    }

    mutating func operation(_ operation: OperationDefinition) {
        description(operation.description)
        if operation.operationKeywordRange == nil {
            startLine("{")
        } else {
            var head = operation.operation.rawValue
            if let name = operation.name { head += " " + name.value }
            startLine(head)
            variableDefinitions(operation.variableDefinitions, closeBefore: operation.selectionSet.range.start)
            let directives = ReadablePrinter.directives(operation.directives)
            if !directives.isEmpty { line += " " + directives }
            line += " {"
        }
        selectionSetBody(operation.selectionSet)
    }

    mutating func fragment(_ fragment: FragmentDefinition) {
        description(fragment.description)
        var head = "fragment \(fragment.name.value) on \(fragment.typeCondition.value)"
        let directives = ReadablePrinter.directives(fragment.directives)
        if !directives.isEmpty { head += " " + directives }
        startLine(head + " {")
        selectionSetBody(fragment.selectionSet)
    }

    mutating func variableDefinitions(_ definitions: [VariableDefinition], closeBefore end: Int) {
        guard let first = definitions.first, let last = definitions.last else { return }
        let items = definitions.map(ReadablePrinter.variableDefinition)
        let commented = hasComment(in: SourceRange(first.range.start, end))
        let inline = "(" + items.joined(separator: ", ") + ")"
        if !commented && !items.contains(where: { $0.contains("\n") })
            && line.count + inline.count + 2 <= Self.width
        {
            line += inline
            lastEnd = last.range.end
            return
        }
        brokenList(items, ranges: definitions.map(\.range), closeBefore: end)
    }

    /// `(` then one item a line, each after its comments, then `)` on a line of its own.
    mutating func brokenList(_ items: [String], ranges: [SourceRange], closeBefore end: Int) {
        line += "("
        depth += 1
        atBlockStart = true
        for (item, range) in zip(items, ranges) {
            flushComments(before: range.start)
            startLine(item)
            lastEnd = range.end
        }
        flushComments(before: end)
        depth -= 1
        startLine(")")
    }

    // MARK: Selections

    /// The selections of a block whose `{` ends the current line, and its closing `}`.
    mutating func selectionSetBody(_ set: SelectionSet) {
        lastEnd = max(lastEnd, set.range.start + 1)
        depth += 1
        atBlockStart = true
        for selection in set.selections {
            beginItem(at: selection.range.start)
            self.selection(selection)
        }
        // Comments before the closing brace stay inside the block.
        flushComments(before: max(set.range.end - 1, set.range.start))
        depth -= 1
        startLine("}")
        lastEnd = set.range.end
    }

    mutating func selection(_ selection: Selection) {
        switch selection {
        case .field(let field):
            var head = field.alias.map { $0.value + ": " } ?? ""
            head += field.name.value
            startLine(head)
            let directivesStart = field.directives.first?.range.start ?? field.selectionSet?.range.start ?? field.range.end
            arguments(field.arguments, closeBefore: directivesStart)
            let directives = ReadablePrinter.directives(field.directives)
            if !directives.isEmpty { append(" " + directives) }
            if let set = field.selectionSet {
                line += " {"
                selectionSetBody(set)
            }
            lastEnd = field.range.end
        case .fragmentSpread(let spread):
            let directives = ReadablePrinter.directives(spread.directives)
            startLine("..." + spread.name.value + (directives.isEmpty ? "" : " " + directives))
            lastEnd = spread.range.end
        case .inlineFragment(let fragment):
            var head = "..."
            if let condition = fragment.typeCondition { head += " on " + condition.value }
            let directives = ReadablePrinter.directives(fragment.directives)
            if !directives.isEmpty { head += " " + directives }
            startLine(head + " {")
            selectionSetBody(fragment.selectionSet)
            lastEnd = fragment.range.end
        }
    }

    mutating func arguments(_ arguments: [Argument], closeBefore end: Int) {
        guard let first = arguments.first, let last = arguments.last else { return }
        let items = arguments.map(ReadablePrinter.argument)
        let commented = hasComment(in: SourceRange(first.range.start, end))
        let inline = "(" + items.joined(separator: ", ") + ")"
        if !commented && !items.contains(where: { $0.contains("\n") }) && line.count + inline.count <= Self.width {
            line += inline
            lastEnd = last.range.end
            return
        }
        brokenList(items, ranges: arguments.map(\.range), closeBefore: end)
        lastEnd = last.range.end
    }
}
