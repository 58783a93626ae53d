import BatonJSON

/// A case's `override` as a response: the case's first response with every overridden leaf set to
/// the override's value, which the runner applies as an optimistic layer.
enum OverridingResponse {
    struct PathError: Error, CustomStringConvertible {
        var path: String
        var description: String { "override path \(path) is not a leaf of the first response's data" }
    }

    static func bytes(from response: JSONValue, _ override: ConformanceCase.Override) throws -> [UInt8] {
        var json = response
        for path in override.paths {
            let segments = ["data"] + path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard set(&json, segments[...], to: override.value) else { throw PathError(path: path) }
        }
        return JSONSerializer.bytes(json)
    }

    /// Sets the member or element the segments lead to, when every segment but the last exists.
    private static func set(_ value: inout JSONValue, _ segments: ArraySlice<String>, to leaf: JSONValue) -> Bool {
        guard let segment = segments.first else {
            value = leaf
            return true
        }
        switch value.kind {
        case .object(var object):
            guard let index = object.members.firstIndex(where: { $0.key == segment }) else { return false }
            guard set(&object.members[index].value, segments.dropFirst(), to: leaf) else { return false }
            value = .object(object)
            return true
        case .array(var elements):
            guard let index = Int(segment), elements.indices.contains(index),
                set(&elements[index], segments.dropFirst(), to: leaf)
            else { return false }
            value = .array(elements)
            return true
        default:
            return false
        }
    }
}
