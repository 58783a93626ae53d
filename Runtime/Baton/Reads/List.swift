/// A plural link as a lens reads it: a random-access collection of lenses over live records in
/// order, keyed by record.
public struct List<Element: Lens>: RandomAccessCollection, Sendable {
    @usableFromInline let records: [Record]
    @usableFromInline let anchor: Anchor

    @inlinable init(records: [Record], anchor: Anchor) {
        self.records = records
        self.anchor = anchor
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(position: Int) -> Element {
        Element(anchor: anchor.child(records[position]))
    }

    /// The records' keys, in order (what a list's rows are keyed by).
    public var recordKeys: [String] { records.map(\.key) }
}
