import BatonDiagnostics
import BatonHosts
import BatonSchema
import BatonSyntax

/// A change the editor offers at a diagnostic or a selection, as edits of host files.
package struct CodeAction: Sendable {
    package enum Kind: String, Sendable {
        case quickFix = "quickfix"
        case extract = "refactor.extract"
    }

    package var title: String
    package var kind: Kind
    /// Edits by host file path, each file's in order and not overlapping.
    package var edits: [String: [HostEdit]]
    /// The diagnostic the action fixes.
    package var diagnostic: Diagnostic?
    package var isPreferred = false
}

/// The code actions of a range of a host file: did-you-mean fixes (field, argument, type,
/// fragment, directive, enum value), "define this fragment" for an unknown spread, and
/// "extract selection to fragment". A new fragment goes where the file keeps its GraphQL: a
/// marker property beside the one holding the selection in a Swift file (typed with the
/// generated type, so the build passes once batonc generates it), or a definition at the end
/// of a `.graphql` file.
package enum CodeActions {
    package static func actions(
        in host: Source, range: SourceRange, diagnostics: [Diagnostic], schema: Schema?, index: ProjectIndex
    ) -> [CodeAction] {
        var actions: [CodeAction] = []
        for diagnostic in diagnostics {
            guard let location = diagnostic.primaryLocation, meets(location.hostLocation.range, range) else { continue }
            actions += fixes(for: diagnostic, in: host, schema: schema, index: index)
        }
        if let schema, let extract = extractToFragment(in: host, range: range, schema: schema, index: index) {
            actions.append(extract)
        }
        if let schema, let addID = addIdentity(in: host, at: range.start, schema: schema) { actions.append(addID) }
        return actions
    }

    static func meets(_ a: SourceRange, _ b: SourceRange) -> Bool {
        a.start <= b.end && b.start <= a.end
    }

    // MARK: Did you mean

    /// Each suggestion as an edit of the unknown name, the closest one preferred; for an
    /// unknown fragment, also its definition.
    static func fixes(for diagnostic: Diagnostic, in host: Source, schema: Schema?, index: ProjectIndex) -> [CodeAction] {
        guard let location = diagnostic.primaryLocation, var unknown = quoted(in: diagnostic.message).first else { return [] }
        var prefix = ""
        var candidates: [String]
        switch diagnostic.code {
        case .fieldsOnCorrectType, .knownArgumentNames, .knownTypeNames:
            candidates = suggestions(in: diagnostic.message)
        case .valuesOfCorrectType:
            guard diagnostic.message.contains("Did you mean the enum value") else { return [] }
            candidates = suggestions(in: diagnostic.message)
        case .knownFragmentNames:
            candidates = Suggestions.list(unknown, options: index.fragments.map(\.definition.name.value))
        case .knownDirectives:
            guard unknown.hasPrefix("@"), let schema else { return [] }
            unknown.removeFirst()
            prefix = "@"
            candidates = Suggestions.list(unknown, options: schema.directives.map(\.name))
        default:
            return []
        }
        guard let token = nameToken(unknown, from: location) else { return [] }
        let name = token.hostLocation
        var actions = candidates.prefix(Suggestions.maxShown).enumerated().map { position, candidate in
            CodeAction(
                title: "Change '\(prefix)\(unknown)' to '\(prefix)\(candidate)'", kind: .quickFix,
                edits: [name.source.name: [HostEdit(range: name.range, newText: candidate)]], diagnostic: diagnostic,
                isPreferred: position == 0)
        }
        if diagnostic.code == .knownFragmentNames, let schema,
            let definition = defineFragment(unknown, spreadAt: token, in: host, schema: schema)
        {
            var action = definition
            action.diagnostic = diagnostic
            actions.append(action)
        }
        return actions
    }

    /// The names a message quotes, in order (`'nmae'`, `'@liv'`).
    static func quoted(in message: String) -> [String] {
        var names: [String] = []
        var rest = message[...]
        while let open = rest.firstIndex(of: "'") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "'") else { break }
            names.append(String(rest[after..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The names after "Did you mean" (none for "Did you mean to use an inline fragment").
    static func suggestions(in message: String) -> [String] {
        guard let range = message.range(of: "Did you mean "), !message[range.upperBound...].hasPrefix("to use") else { return [] }
        return quoted(in: String(message[range.upperBound...]))
    }

    /// The name token spelled `name` at or after the diagnostic's start (a field's location
    /// starts at its alias), in the GraphQL text.
    static func nameToken(_ name: String, from location: Location) -> Location? {
        let source = location.source
        let tokens = Lexer.tokenize(source).tokens
        guard
            let token = tokens.first(where: {
                $0.start >= location.range.start && $0.kind == .name && Lexer.value(of: $0, in: source) == name
            })
        else { return nil }
        return Location(source: source, range: SourceRange(token.start, token.end))
    }

    // MARK: New fragments

    /// "Define fragment 'X'": a fragment on the type the spread is in, selecting `id` when the
    /// type has one (else `__typename`), so it is valid from the start.
    static func defineFragment(_ name: String, spreadAt location: Location, in host: Source, schema: Schema) -> CodeAction? {
        let context = CursorContext.at(location.range.end, in: location.source, schema: schema)
        guard case .fragmentSpread(let parent?) = context.kind else { return nil }
        let type = schema[parent]
        let selection = schema.field("id", on: parent) != nil ? "id" : "__typename"
        guard let edit = newFragment(name: name, on: type.name, selections: [selection], besideGraphQLAt: location, in: host)
        else { return nil }
        return CodeAction(title: "Define fragment '\(name)' on \(type.name)", kind: .quickFix, edits: [host.name: [edit]])
    }

    /// An edit adding fragment `name` where `host` keeps GraphQL: after the marker property
    /// holding `location` (its indentation, a property named after the fragment), or at the
    /// end of a `.graphql` file.
    static func newFragment(
        name: String, on type: String, selections: [String], besideGraphQLAt location: Location, in host: Source
    ) -> HostEdit? {
        // Selections may span lines; each line is indented under the fragment.
        var body = ["fragment \(name) on \(type) {"]
        for selection in selections {
            body += selection.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
        }
        body.append("}")
        let hostOffset = location.hostLocation.range.start
        guard HostFile.language(ofPath: host.name) == .swift else {
            let text = host.text
            let separator = text.isEmpty ? "" : text.hasSuffix("\n\n") ? "" : text.hasSuffix("\n") ? "\n" : "\n\n"
            let end = host.utf8.count
            return HostEdit(range: SourceRange(end, end), newText: separator + body.joined(separator: "\n") + "\n")
        }
        guard let (document, _) = HostFile.documents(for: host).documents.document(atHostOffset: hostOffset),
            let marker = document.marker
        else { return nil }
        let bytes = host.utf8
        // After the line that ends the marked property's declaration.
        var end = marker.property?.typeRange?.end ?? marker.property?.nameRange.end ?? marker.attributeRange.end
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        let insertAt = min(end + 1, bytes.count)
        var lineStart = marker.range.start
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var indentEnd = lineStart
        while indentEnd < bytes.count && (bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09) { indentEnd += 1 }
        let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
        // Escaped for a Swift multi-line literal.
        let escaped = body.map(LiteralFormatting.escapedForMultiLineLiteral)
        let property = freePropertyName(forFragment: name, in: host)
        var lines = ["@Fragment(\"\"\""] + escaped + ["\"\"\") var \(property): \(name)"]
        lines = lines.map { $0.isEmpty ? "" : indent + $0 }
        let lead = end >= bytes.count ? "\n" : ""
        return HostEdit(range: SourceRange(insertAt, insertAt), newText: lead + lines.joined(separator: "\n") + "\n")
    }

    /// Relay's `Owner_property` names the property after the underscore.
    static func propertyName(forFragment name: String) -> String {
        if let underscore = name.lastIndex(of: "_"), name.index(after: underscore) != name.endIndex {
            let after = name[name.index(after: underscore)...]
            if after.first?.isLetter == true { return lowerFirst(String(after)) }
        }
        return lowerFirst(name)
    }

    /// A property name the file does not declare yet (a second `var character` would not
    /// compile): Relay's, else the whole fragment name in camel case, else numbered.
    static func freePropertyName(forFragment name: String, in host: Source) -> String {
        let camel = lowerFirst(
            name.split(separator: "_").enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }
                .joined())
        for candidate in [propertyName(forFragment: name), camel] where !declares(candidate, in: host) { return candidate }
        var number = 2
        while declares("\(camel)\(number)", in: host) { number += 1 }
        return "\(camel)\(number)"
    }

    /// Whether `host` spells `var name` or `let name` as a whole word.
    static func declares(_ name: String, in host: Source) -> Bool {
        let bytes = host.utf8
        for keyword in ["var ", "let "] {
            let needle = Array((keyword + name).utf8)
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0] && Array(bytes[index..<index + needle.count]) == needle {
                    let before = index == 0 ? 0x20 : bytes[index - 1]
                    let after = index + needle.count < bytes.count ? bytes[index + needle.count] : 0x20
                    if !isIdentifierByte(before) && !isIdentifierByte(after) { return true }
                }
                index += 1
            }
        }
        return false
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            || byte >= 0x80
    }

    static func lowerFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.lowercased() + s.dropFirst()
    }

    // MARK: Extract selection to fragment

    /// The selections of one selection set that `range` covers, moved into a new fragment on
    /// that set's type and replaced by its spread.
    static func extractToFragment(in host: Source, range: SourceRange, schema: Schema, index: ProjectIndex) -> CodeAction? {
        guard range.end > range.start,
            let (document, start) = HostFile.documents(for: host).documents.document(atHostOffset: range.start),
            let end = document.graphQLOffset(forHostOffset: range.end)
        else { return nil }
        let parsed = Parser.parse(document.source)
        guard parsed.diagnostics.isEmpty else { return nil }
        var found: (selections: [Selection], owner: String)?
        func visit(_ set: SelectionSet, owner: String) {
            let inside = set.selections.filter { $0.range.start < end && start < $0.range.end }
            if !inside.isEmpty && inside.allSatisfy({ start <= $0.range.start && $0.range.end <= end }) {
                found = (inside, owner)
                return
            }
            // A range within one selection: look deeper.
            for selection in inside {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { visit(inner, owner: owner) }
                case .inlineFragment(let inline): visit(inline.selectionSet, owner: owner)
                case .fragmentSpread: break
                }
            }
        }
        for definition in parsed.document.definitions where found == nil {
            switch definition {
            case .operation(let operation): visit(operation.selectionSet, owner: operation.name?.value ?? "Operation")
            case .fragment(let fragment):
                let name = fragment.name.value
                visit(fragment.selectionSet, owner: name.firstIndex(of: "_").map { String(name[..<$0]) } ?? name)
            default: break
            }
        }
        guard let (selections, owner) = found, let first = selections.first, let last = selections.last else { return nil }
        let context = CursorContext.at(first.range.start, in: document.source, schema: schema)
        guard case .selection(let parent?) = context.kind else { return nil }
        let typeName = schema[parent].name
        var name = "\(owner)_\(lowerFirst(typeName))"
        var suffix = 2
        let taken = Set(index.fragments.map(\.definition.name.value))
        while taken.contains(name) {
            name = "\(owner)_\(lowerFirst(typeName))\(suffix)"
            suffix += 1
        }
        let source = document.source
        // Each selection as written, re-indented under the new fragment.
        let texts = selections.map { selection -> String in
            let text = source.slice(selection.range)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let column = column(of: selection.range.start, in: source)
            return lines.enumerated().map { position, line in
                position == 0 ? String(line) : String(line.dropFirst(min(column, line.prefix { $0 == " " }.count)))
            }.joined(separator: "\n")
        }
        let location = Location(source: source, range: SourceRange(first.range.start, last.range.end))
        guard let addition = newFragment(name: name, on: typeName, selections: texts, besideGraphQLAt: location, in: host)
        else { return nil }
        let spread = HostEdit(range: location.hostLocation.range, newText: "...\(name)")
        // Host edits in order: the spread sits inside the literal, the addition after it.
        let edits = [spread, addition].sorted { $0.range.start < $1.range.start }
        return CodeAction(title: "Extract selection to fragment '\(name)'", kind: .extract, edits: [host.name: edits])
    }

    // MARK: Add id

    /// "Add 'id'": in a selection set of a type with an `id` field that does not select it, the
    /// field first, so the view can read the identity the store keys the record by.
    static func addIdentity(in host: Source, at hostOffset: Int, schema: Schema) -> CodeAction? {
        guard let (document, offset) = HostFile.documents(for: host).documents.document(atHostOffset: hostOffset) else { return nil }
        let parsed = Parser.parse(document.source)
        guard parsed.diagnostics.isEmpty else { return nil }
        var innermost: SelectionSet?
        func visit(_ set: SelectionSet) {
            guard set.range.start < offset, offset < set.range.end else { return }
            innermost = set
            for selection in set.selections {
                switch selection {
                case .field(let field): if let inner = field.selectionSet { visit(inner) }
                case .inlineFragment(let inline): visit(inline.selectionSet)
                case .fragmentSpread: break
                }
            }
        }
        for definition in parsed.document.definitions {
            switch definition {
            case .operation(let operation): visit(operation.selectionSet)
            case .fragment(let fragment): visit(fragment.selectionSet)
            default: break
            }
        }
        guard let set = innermost, let first = set.selections.first else { return nil }
        let selectsID = set.selections.contains {
            if case .field(let field) = $0 { field.alias == nil && field.name.value == "id" } else { false }
        }
        let context = CursorContext.at(first.range.start, in: document.source, schema: schema)
        guard !selectsID, case .selection(let parent?) = context.kind, schema.field("id", on: parent) != nil else { return nil }
        // Before the first selection, on a line of its own where the selections have lines.
        let source = document.source
        var lineStart = first.range.start
        while lineStart > 0 && source.utf8[lineStart - 1] != 0x0A { lineStart -= 1 }
        let leading = source.utf8[lineStart..<first.range.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        let at = Location(source: source, range: SourceRange(first.range.start, first.range.start)).hostLocation
        let hostBytes = host.utf8
        var indentStart = at.range.start
        while indentStart > 0 && (hostBytes[indentStart - 1] == 0x20 || hostBytes[indentStart - 1] == 0x09) { indentStart -= 1 }
        let indent = String(decoding: hostBytes[indentStart..<at.range.start], as: UTF8.self)
        let text = leading ? "id\n" + indent : "id "
        return CodeAction(
            title: "Add 'id' to the selection on \(schema[parent].name)", kind: .quickFix,
            edits: [host.name: [HostEdit(range: at.range, newText: text)]])
    }

    /// The column (in bytes) of `offset` on its line of `source`.
    static func column(of offset: Int, in source: Source) -> Int {
        var start = offset
        while start > 0 && source.utf8[start - 1] != 0x0A { start -= 1 }
        return offset - start
    }
}
