/// One Observation channel per slot number, made on first use and shared by every record: a key path
/// through one subscript of `Record`, built once and cached, so a read never builds a key path.
/// (Every channel goes through the one subscript so that no two channels can be merged by the
/// optimizer as identical getters could be.)
@MainActor enum Channels {
    @exclusivity(unchecked) private static var fixed: [KeyPath<Record, Int32>] = []
    @exclusivity(unchecked) private static var rendered: [KeyPath<Record, Int32>] = []

    static func keyPath(_ ref: Int32) -> KeyPath<Record, Int32> {
        if ref >= 0 {
            let index = Int(ref)
            while fixed.count <= index { fixed.append(\Record.[channel: Int32(fixed.count)]) }
            return fixed[index]
        }
        let index = Int(-ref)
        while rendered.count <= index { rendered.append(\Record.[channel: -Int32(rendered.count)]) }
        return rendered[index]
    }
}
