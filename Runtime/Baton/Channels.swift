/// One Observation channel per slot number, made on first use and shared by every record: a key path
/// through one subscript of `Record`, built once and kept for the process, so a read never builds a
/// key path nor retains one. (Every channel goes through the one subscript so that no two channels
/// can be merged by the optimizer as identical getters could be.)
///
/// Nonisolated so that a read's registration runs without an isolation check; the tables are only
/// ever touched from the main actor (every reader and writer is a main-actor record method).
@usableFromInline enum Channels {
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) static var fixed: [Unmanaged<KeyPath<Record, Int32>>] = []
    @exclusivity(unchecked) nonisolated(unsafe) private static var rendered: [Unmanaged<KeyPath<Record, Int32>>] = []

    /// The channel of a slot, unretained: the tables hold every channel for the process's life.
    @inlinable static func channel(_ ref: Int32) -> Unmanaged<KeyPath<Record, Int32>> {
        let index = Int(ref)
        if index >= 0 && index < fixed.count { return fixed[index] }
        return makeChannel(ref)
    }

    @usableFromInline static func makeChannel(_ ref: Int32) -> Unmanaged<KeyPath<Record, Int32>> {
        if ref >= 0 {
            let index = Int(ref)
            while fixed.count <= index { fixed.append(.passRetained(\Record.[channel: Int32(fixed.count)])) }
            return fixed[index]
        }
        let index = Int(-ref)
        while rendered.count <= index { rendered.append(.passRetained(\Record.[channel: -Int32(rendered.count)])) }
        return rendered[index]
    }

    static func keyPath(_ ref: Int32) -> KeyPath<Record, Int32> {
        channel(ref).takeUnretainedValue()
    }
}
