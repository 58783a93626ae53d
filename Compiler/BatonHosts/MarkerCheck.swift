import BatonDiagnostics
import BatonSyntax

/// A marker holds exactly one definition, of its own kind: `@Query` one query, `@Fragment` one
/// fragment, and so on. (A `.graphql` file may hold any number of anything.)
package enum MarkerCheck {
    /// Diagnostics at the marker for a document whose parse succeeded. A document with a
    /// syntax error is left alone: its definitions were cut short, and the syntax error says
    /// what is wrong.
    package static func check(_ document: HostDocument, parsed: ParseResult) -> [Diagnostic] {
        guard let marker = document.marker, !parsed.diagnostics.hasErrors else { return [] }
        let definitions = parsed.document.definitions
        let matching = definitions.filter { isOfKind($0, marker.kind) }
        if definitions.count == 1 && matching.count == 1 { return [] }

        let kind = marker.kind
        let wanted = "it takes exactly one \(kind.definitionNoun)"
        let message: String
        switch definitions.count {
        case 0:
            message = "`\(kind.spelling)` holds no definition: \(wanted)"
        case 1:
            message = "`\(kind.spelling)` holds \(article(describe(definitions[0]))): \(wanted)"
        default:
            message =
                "`\(kind.spelling)` holds \(definitions.count) definitions, \(matching.count) of them \(article(kind.definitionNoun)): \(wanted)"
        }
        // The marker first; then each definition that is extra or of the wrong kind.
        var locations = [Location(source: document.host, range: marker.range)]
        let keep = matching.count >= 1 ? matching[0].range : nil
        for definition in definitions where definition.range != keep {
            locations.append(Location(source: document.source, range: headRange(definition)))
        }
        return [.error(message, at: locations, code: .marker)]
    }

    /// Parses every document and checks its marker: the syntax diagnostics of each document
    /// followed by its marker diagnostics.
    package static func parse(_ document: HostDocument) -> (result: ParseResult, diagnostics: [Diagnostic]) {
        let result = Parser.parse(document.source)
        // A marker with nothing but blanks and comments: GraphQL calls that an unexpected end
        // of text; the author needs to hear that the marker is empty.
        // (Only when it is truly empty: a definition cut short also ends in an error at the end.)
        if document.marker != nil, result.document.definitions.isEmpty, !result.diagnostics.isEmpty,
            holdsOnlyIgnoredText(document.source.utf8)
        {
            let empty = ParseResult(document: result.document, diagnostics: [])
            return (result, check(document, parsed: empty))
        }
        return (result, result.diagnostics + check(document, parsed: result))
    }

    /// Whether the text is nothing but what GraphQL ignores: white space, commas, comments, BOMs.
    static func holdsOnlyIgnoredText<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var inComment = false
        for byte in bytes {
            if inComment {
                if byte == 0x0A || byte == 0x0D { inComment = false }
                continue
            }
            switch byte {
            case 0x23: inComment = true  // #
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0xEF, 0xBB, 0xBF: continue  // blanks, comma, BOM bytes
            default: return false
            }
        }
        return true
    }

    static func isOfKind(_ definition: Definition, _ kind: MarkerKind) -> Bool {
        switch definition {
        case .operation(let operation): operation.operation == kind.operationType
        case .fragment: kind == .fragment
        default: false
        }
    }

    static func describe(_ definition: Definition) -> String {
        switch definition {
        case .operation(let operation): operation.operation.rawValue
        case .fragment: "fragment"
        case .schema: "schema definition"
        case .type: "type definition"
        case .directive: "directive definition"
        }
    }

    static func article(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + noun
    }

    /// The definition's start up to its name, so an editor underlines `query Foo` rather than
    /// the whole body.
    static func headRange(_ definition: Definition) -> SourceRange {
        switch definition {
        case .operation(let operation):
            let end = operation.name?.range.end ?? operation.operationKeywordRange?.end ?? operation.range.start + 1
            return SourceRange(operation.range.start, min(end, operation.range.end))
        case .fragment(let fragment):
            return SourceRange(fragment.range.start, fragment.name.range.end)
        default:
            return definition.range
        }
    }
}
