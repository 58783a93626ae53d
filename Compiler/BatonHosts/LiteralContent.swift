import BatonDiagnostics

/// The value of a Swift string literal as Swift reads it, with a map from every byte of the
/// value back to its spelling in the host.
package struct LiteralContent: Sendable {
    package var utf8: [UInt8]
    package var map: LiteralSourceMap
    /// The literal's lexing problems followed by those of its multi-line layout (indentation,
    /// a continuation on the last line).
    package var problems: [SwiftLexProblem]
}

extension SwiftStringLiteral {
    /// Resolves escapes and, for a multi-line literal, applies Swift's layout rules: the line
    /// break after the opening delimiter and the one before the closing delimiter are not
    /// content; the closing delimiter's indentation is removed from every line (an empty line
    /// may have none; any other line lacking it is an error at the first byte that differs);
    /// line breaks read as `\n`; `\` at the end of a line joins it to the next.
    /// Interpolations contribute nothing (a marker refuses them before using the text).
    package func content(in bytes: [UInt8]) -> LiteralContent {
        var builder = LiteralContentBuilder(bytes: bytes)
        var problems = self.problems
        let hostContent: SourceRange
        if !isMultiline {
            for piece in pieces { builder.append(piece) }
            hostContent = contentRange
        } else {
            hostContent = layOutMultiline(&builder, bytes: bytes, problems: &problems)
        }
        let map = LiteralSourceMap(segments: builder.segments, graphQLLength: builder.utf8.count, hostContent: hostContent)
        return LiteralContent(utf8: builder.utf8, map: map, problems: problems)
    }

    private struct Line {
        var start: Int
        /// Piece indices of the line's content, without its terminator.
        var pieces: Range<Int>
        /// The index of the `.newline` or `.continuation` piece ending the line, if any.
        var terminator: Int?
    }

    private func layOutMultiline(_ builder: inout LiteralContentBuilder, bytes: [UInt8], problems: inout [SwiftLexProblem]) -> SourceRange {
        var lines: [Line] = []
        var lineStart = contentRange.start
        var first = 0
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .newline(let r), .continuation(let r):
                lines.append(Line(start: lineStart, pieces: first..<i, terminator: i))
                lineStart = r.end
                first = i + 1
            default:
                break
            }
        }
        lines.append(Line(start: lineStart, pieces: first..<pieces.count, terminator: nil))

        guard lines.count >= 2 else {
            // Never left the opening line (already a problem): keep what there is.
            for piece in pieces { builder.append(piece) }
            return contentRange
        }
        // The closing line holds only the indentation when the literal is well formed; an
        // unterminated literal has no closing line, so nothing is stripped.
        var indentation: ArraySlice<UInt8> = []
        if isTerminated {
            var k = contentRange.end
            while k > lines[lines.count - 1].start && (bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09) { k -= 1 }
            if k == lines[lines.count - 1].start { indentation = bytes[k..<contentRange.end] }
        }
        let contentLines = lines[1..<(lines.count - 1)]
        let hostStart = lines[1].start
        guard let last = contentLines.last, let lastTerminator = last.terminator else {
            return SourceRange(hostStart, hostStart)
        }
        if case .continuation(let r) = pieces[lastTerminator] {
            problems.append(SwiftLexProblem("escaped newline at the last line is not allowed", at: SourceRange(r.start, r.start + 1)))
        }
        for line in contentLines {
            let terminator = line.terminator!
            let lineEnd = pieces[terminator].range.start
            var strip = line.start
            if lineEnd > line.start {
                if let mismatch = Self.indentationMismatch(bytes, lineStart: line.start, lineEnd: lineEnd, indentation: indentation) {
                    let b = mismatch < lineEnd ? bytes[mismatch] : 0
                    let message =
                        b == 0x09
                        ? "unexpected tab in indentation of line in multi-line string literal"
                        : b == 0x20
                            ? "unexpected space in indentation of line in multi-line string literal"
                            : "insufficient indentation of line in multi-line string literal"
                    problems.append(SwiftLexProblem(message, at: SourceRange(mismatch, min(mismatch + 1, lineEnd))))
                } else {
                    strip = line.start + indentation.count
                }
            }
            for index in line.pieces {
                let piece = pieces[index]
                if piece.range.end <= strip { continue }
                if case .text(let r) = piece, r.start < strip {
                    builder.append(.text(SourceRange(strip, r.end)))
                } else {
                    builder.append(piece)
                }
            }
            if terminator != lastTerminator { builder.append(pieces[terminator]) }
        }
        return SourceRange(hostStart, pieces[lastTerminator].range.start)
    }

    /// The first offset where a non-empty line stops matching the indentation, or nil.
    private static func indentationMismatch(_ bytes: [UInt8], lineStart: Int, lineEnd: Int, indentation: ArraySlice<UInt8>) -> Int? {
        var k = lineStart
        for expected in indentation {
            if k >= lineEnd || bytes[k] != expected { return k }
            k += 1
        }
        return nil
    }
}

/// Accumulates a literal's value and its segments.
struct LiteralContentBuilder {
    let bytes: [UInt8]
    var utf8: [UInt8] = []
    var segments: [LiteralSourceMap.Segment] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func append(_ piece: SwiftStringLiteral.Piece) {
        switch piece {
        case .text(let r), .invalidEscape(let r):
            verbatim(r)
        case .newline(let r):
            if r.length == 1 && bytes[r.start] == 0x0A { verbatim(r) } else { character("\n", spelledAt: r) }
        case .escape(let r, let scalar):
            character(scalar, spelledAt: r)
        case .interpolation, .continuation:
            break
        }
    }

    mutating func verbatim(_ r: SourceRange) {
        guard r.length > 0 else { return }
        let graphQLStart = utf8.count
        utf8.append(contentsOf: bytes[r.start..<r.end])
        if let last = segments.last, last.isVerbatim, last.hostEnd == r.start, last.graphQLEnd == graphQLStart {
            segments[segments.count - 1].graphQLLength += r.length
            segments[segments.count - 1].hostLength += r.length
        } else {
            segments.append(
                .init(graphQLStart: graphQLStart, graphQLLength: r.length, hostStart: r.start, hostLength: r.length, isVerbatim: true))
        }
    }

    mutating func character(_ scalar: Unicode.Scalar, spelledAt r: SourceRange) {
        let graphQLStart = utf8.count
        utf8.append(contentsOf: UTF8.encode(scalar)!)
        segments.append(
            .init(
                graphQLStart: graphQLStart, graphQLLength: utf8.count - graphQLStart, hostStart: r.start, hostLength: r.length,
                isVerbatim: false))
    }
}
