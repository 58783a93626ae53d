import BatonDiagnostics

/// Maps the GraphQL text taken out of a Swift string literal to the literal's spelling in the
/// host file, and back.
///
/// The text is a sequence of segments. A verbatim segment is bytes copied as they are, so
/// offsets inside it map one to one. Any other segment is one character spelled differently
/// in the host (an escape such as `\n` or `\u{1F600}`, or a `\r\n` line break read as `\n`):
/// every offset in it maps to the start of its spelling, and a range ending with it ends after
/// the whole spelling. What lies between segments in the host (stripped indentation, line
/// continuations, the line breaks after the opening and before the closing delimiter) is in
/// no segment.
package struct LiteralSourceMap: SourceMapping, Hashable {
    package struct Segment: Sendable, Hashable {
        package var graphQLStart: Int
        package var graphQLLength: Int
        package var hostStart: Int
        package var hostLength: Int
        package var isVerbatim: Bool

        package var graphQLEnd: Int { graphQLStart + graphQLLength }
        package var hostEnd: Int { hostStart + hostLength }
    }

    /// In ascending order in both texts.
    package let segments: [Segment]
    /// The length in UTF-8 bytes of the GraphQL text.
    package let graphQLLength: Int
    /// The host bytes the content spans: from the first content line's start (indentation
    /// included) to the end of the last character.
    package let hostContent: SourceRange

    package init(segments: [Segment], graphQLLength: Int, hostContent: SourceRange) {
        self.segments = segments
        self.graphQLLength = graphQLLength
        self.hostContent = hostContent
    }

    package func hostOffset(for offset: Int) -> Int {
        guard let last = segments.last else { return hostContent.start }
        if offset >= graphQLLength { return last.hostEnd }
        if offset <= 0 { return segments[0].hostStart }
        let segment = segments[segmentIndex(containingGraphQL: offset)]
        return segment.isVerbatim ? segment.hostStart + (offset - segment.graphQLStart) : segment.hostStart
    }

    /// Ends right after the host spelling of the range's last character, so a range ending
    /// with an escape covers the whole escape.
    package func hostRange(for range: SourceRange) -> SourceRange {
        let start = hostOffset(for: range.start)
        guard range.end > range.start, !segments.isEmpty else { return SourceRange(start, start) }
        let lastCharacter = min(range.end, graphQLLength) - 1
        guard lastCharacter >= range.start else { return SourceRange(start, start) }
        let segment = segments[segmentIndex(containingGraphQL: lastCharacter)]
        let end =
            segment.isVerbatim
            ? segment.hostStart + (min(range.end, segment.graphQLEnd) - segment.graphQLStart)
            : segment.hostEnd
        return SourceRange(start, max(start, end))
    }

    /// A host offset inside the content gives the GraphQL offset of the character spelled
    /// there (for an escape, wherever inside its spelling). An offset in stripped indentation
    /// or a line continuation gives the next character's; the end of the content gives the
    /// end of the text. Outside the content: nil.
    package func graphQLOffset(for hostOffset: Int) -> Int? {
        guard hostOffset >= hostContent.start && hostOffset <= hostContent.end else { return nil }
        // The last segment starting at or before the offset.
        var lo = 0
        var hi = segments.count - 1
        var found = -1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if segments[mid].hostStart <= hostOffset {
                found = mid
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        if found < 0 { return segments.first?.graphQLStart ?? 0 }
        let segment = segments[found]
        if hostOffset < segment.hostEnd {
            return segment.isVerbatim ? segment.graphQLStart + (hostOffset - segment.hostStart) : segment.graphQLStart
        }
        return found + 1 < segments.count ? segments[found + 1].graphQLStart : graphQLLength
    }

    /// The index of the segment holding a GraphQL offset in `0..<graphQLLength`.
    func segmentIndex(containingGraphQL offset: Int) -> Int {
        var lo = 0
        var hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].graphQLStart <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
