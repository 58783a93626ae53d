import BatonIR
import BatonJSON

/// The name Relay gives a fragment copy with bound arguments: `<Fragment>_<hash>`, where the
/// hash is the base-62 murmurhash3 (32-bit, seed 0) of the arguments as JSON — sorted by name,
/// each `{"name":…,"value":…}` with a value `{"variable":"name"}`, `{"value":<constant>}`,
/// `{"list":[…]}` or `{"object":[{"name":…,"value":…}]}` — which is what Relay's compiler hashes,
/// so the names (and the persisted ids built on them) match Relay's byte for byte.
package enum FragmentArgumentsHash {
    package static func appliedName(_ fragment: String, arguments: [IRArgument]) -> String {
        guard let hash = hash(arguments) else { return fragment }
        return fragment + "_" + hash
    }

    package static func hash(_ arguments: [IRArgument]) -> String? {
        guard !arguments.isEmpty else { return nil }
        return Murmur3.base62(Murmur3.hash32(Array(identifier(arguments).utf8)))
    }

    /// The JSON Relay hashes for a spread's arguments.
    package static func identifier(_ arguments: [IRArgument]) -> String {
        let sorted = arguments.sorted { $0.name < $1.name }
        return "["
            + sorted.map { "{\"name\":\(JSONText.string($0.name)),\"value\":\(identifier($0.value))}" }
            .joined(separator: ",") + "]"
    }

    static func identifier(_ value: IRValue) -> String {
        if value.isConstant { return "{\"value\":\(JSONText.constant(value))}" }
        switch value {
        case .variable(let name):
            return "{\"variable\":\(JSONText.string(name))}"
        case .list(let items):
            return "{\"list\":[" + items.map(identifier).joined(separator: ",") + "]}"
        case .object(let fields):
            return "{\"object\":["
                + fields.map { "{\"name\":\(JSONText.string($0.name)),\"value\":\(identifier($0.value))}" }
                .joined(separator: ",") + "]}"
        default:
            return "{\"value\":\(JSONText.constant(value))}"
        }
    }
}

/// JSON text as JavaScript's `JSON.stringify` writes it, for the values fragment arguments hold.
/// The writing is BatonJSON's; this only says which JSON value an IR constant is.
enum JSONText {
    static func constant(_ value: IRValue) -> String {
        JSONSerializer.string(json(value))
    }

    static func string(_ s: String) -> String {
        JSONSerializer.string(.string(s))
    }

    private static func json(_ value: IRValue) -> JSONValue {
        switch value {
        case .int(let text), .float(let text): return JSONValue(.number(JSONNumber(javaScriptLiteral: text)))
        case .string(let s, _): return .string(s)
        case .enumValue(let s): return .string(s)
        case .boolean(let b): return .bool(b)
        case .null, .variable: return .null
        case .list(let items): return .array(items.map(json))
        case .object(let fields):
            return .object(JSONObject(members: fields.map { JSONMember(key: $0.name, value: json($0.value)) }))
        }
    }
}

/// MurmurHash3 x86 32-bit and the base-62 text Relay writes it in.
package enum Murmur3 {
    package static func hash32(_ data: [UInt8], seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51
        let c2: UInt32 = 0x1b87_3593
        var h = seed
        let blocks = data.count / 4
        for i in 0..<blocks {
            var k = UInt32(data[4 * i]) | UInt32(data[4 * i + 1]) << 8 | UInt32(data[4 * i + 2]) << 16 | UInt32(data[4 * i + 3]) << 24
            k = k &* c1
            k = (k << 15) | (k >> 17)
            k = k &* c2
            h ^= k
            h = (h << 13) | (h >> 19)
            h = h &* 5 &+ 0xe654_6b64
        }
        let tail = blocks * 4
        var k: UInt32 = 0
        let rest = data.count & 3
        if rest >= 3 { k ^= UInt32(data[tail + 2]) << 16 }
        if rest >= 2 { k ^= UInt32(data[tail + 1]) << 8 }
        if rest >= 1 {
            k ^= UInt32(data[tail])
            k = k &* c1
            k = (k << 15) | (k >> 17)
            k = k &* c2
            h ^= k
        }
        h ^= UInt32(truncatingIfNeeded: data.count)
        h ^= h >> 16
        h = h &* 0x85eb_ca6b
        h ^= h >> 13
        h = h &* 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Most significant digit first; "0" for zero.
    package static func base62(_ value: UInt32) -> String {
        guard value > 0 else { return "0" }
        var n = value
        var out: [Character] = []
        while n > 0 {
            out.append(digits[Int(n % 62)])
            n /= 62
        }
        return String(out.reversed())
    }
}
