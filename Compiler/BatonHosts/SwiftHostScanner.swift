import BatonDiagnostics

/// Finds the GraphQL documents a Swift file holds: the first argument of every marker
/// attribute (`@Query("…")`, `@Baton.Fragment(#"""…"""#)`, ...) whose first argument is a
/// string literal. The attribute is read, never expanded. An `@Query` whose first argument is
/// not a string literal belongs to another library and is ignored, as is anything inside
/// comments and other literals.
package enum SwiftHostScanner {
    /// Bound on how far to look for an attribute's closing parenthesis, so a file full of
    /// unclosed attributes stays linear.
    static let attributeSearchLimit = 4096

    package static func scan(_ host: Source) -> (documents: [HostDocument], diagnostics: [Diagnostic]) {
        let bytes = host.utf8
        let lexed = SwiftLexer.tokenize(bytes)
        let tokens = lexed.tokens
        var documents: [HostDocument] = []
        var diagnostics = lexed.problems.map { error($0.message, host, $0.range) }

        func isPunctuation(_ token: SwiftToken, _ byte: UInt8) -> Bool {
            token.kind == .punctuation && bytes[token.range.start] == byte
        }
        func text(_ token: SwiftToken) -> ArraySlice<UInt8> { bytes[token.range.start..<token.range.end] }

        var i = 0
        while i < tokens.count {
            guard tokens[i].kind == .atSign else {
                i += 1
                continue
            }
            let at = tokens[i]
            // The name right after `@`, possibly qualified as `Baton.Name`.
            var nameIndex = i + 1
            guard tokens[nameIndex].kind == .identifier, tokens[nameIndex].range.start == at.range.end else {
                i += 1
                continue
            }
            if text(tokens[nameIndex]).elementsEqual("Baton".utf8), nameIndex + 2 < tokens.count,
                isPunctuation(tokens[nameIndex + 1], UInt8(ascii: ".")),
                tokens[nameIndex + 1].range.start == tokens[nameIndex].range.end,
                tokens[nameIndex + 2].kind == .identifier,
                tokens[nameIndex + 2].range.start == tokens[nameIndex + 1].range.end
            {
                nameIndex += 2
            }
            let name = tokens[nameIndex]
            guard let kind = MarkerKind(attributeName: String(decoding: text(name), as: UTF8.self)) else {
                i = nameIndex + 1
                continue
            }
            // `(` on the same line (Swift 5 accepts blanks before it; Swift 6 refuses them,
            // and the Swift compiler says so).
            let open = tokens[nameIndex + 1]
            guard isPunctuation(open, UInt8(ascii: "(")),
                bytes[name.range.end..<open.range.start].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
            else {
                i = nameIndex + 1
                continue
            }
            let argument = tokens[nameIndex + 2]
            guard argument.kind == .stringLiteral else {
                // Another library's attribute (`@Query(sort: \.name)`), or no literal at all.
                i = nameIndex + 2
                continue
            }
            let markerRange = SourceRange(at.range.start, name.range.end)
            let literal = lexed.literals[argument.literal]
            let follower = tokens[nameIndex + 3]
            let close = closingParenthesis(tokens, bytes, from: nameIndex + 2)
            let attributeEnd = close.map { tokens[$0].range.end } ?? literal.range.end
            var marker = Marker(
                kind: kind, range: markerRange, literalRange: literal.range,
                attributeRange: SourceRange(at.range.start, attributeEnd))
            if let close { marker.property = MarkedProperty.parse(tokens, bytes, from: close + 1) }
            i = nameIndex + 3

            guard literal.isTerminated else {
                // Already reported by the lexer; nothing more can be said about its content.
                continue
            }
            var failed = false
            if !isPunctuation(follower, UInt8(ascii: ",")) && !isPunctuation(follower, UInt8(ascii: ")")) {
                diagnostics.append(
                    error(
                        "`\(kind.spelling)` takes its GraphQL as one string literal; the compiler reads the literal's text and cannot evaluate an expression",
                        host, SourceRange(literal.range.start, follower.range.end)))
                failed = true
            }
            for interpolation in literal.interpolations {
                diagnostics.append(
                    error(
                        "`\(kind.spelling)` cannot hold a string interpolation: the compiler reads the GraphQL as written (pass values as GraphQL variables)",
                        host, interpolation))
                failed = true
            }
            let content = literal.content(in: bytes)
            for problem in content.problems where !lexed.problems.contains(problem) {
                diagnostics.append(error(problem.message, host, problem.range))
            }
            if failed || !content.problems.isEmpty { continue }
            let source = Source(name: host.name, bytes: content.utf8, origin: SourceOrigin(host: host, map: content.map))
            documents.append(HostDocument(source: source, host: host, marker: marker))
        }
        return (documents, diagnostics)
    }

    /// The index of the `)` closing the argument list whose first argument is at `first`.
    static func closingParenthesis(_ tokens: [SwiftToken], _ bytes: [UInt8], from first: Int) -> Int? {
        var depth = 1
        var k = first
        let limit = min(tokens.count, first + attributeSearchLimit)
        while k < limit {
            let token = tokens[k]
            if token.kind == .endOfFile { return nil }
            if token.kind == .punctuation {
                switch bytes[token.range.start] {
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { return k }
                default: break
                }
            }
            k += 1
        }
        return nil
    }

    static func error(_ message: String, _ host: Source, _ range: SourceRange) -> Diagnostic {
        .error(message, at: [Location(source: host, range: range)], code: .marker)
    }
}
