import BatonDiagnostics

/// A target's `baton.json`, read and checked for shape. Every value keeps the range it was
/// written at, so checks that need the schema (an identity field the type lacks, a lookup
/// naming no root field) can report at the exact place in the file.
///
/// Keys (compiler.md §2.2): `schema`, `schemaExtensions`, `identity`, `transient`, `lookups`,
/// `customScalarTypes`, `persistConfig`, `onError`, `kotlin`. Any other key is an error.
public struct BatonConfig: Sendable {
    /// The file's text; its `name` is the path it was read from.
    public var source: Source
    /// The directory every path in the file is relative to.
    public var directory: String
    /// The SDL file. Optional here because `--schema` may stand in for it; the driver
    /// requires one of the two.
    public var schema: ConfigPath?
    /// Files, or directories of `.graphql` files, with Relay's client schema extensions.
    public var schemaExtensions: [ConfigPath] = []
    public var identity = IdentityConfig()
    public var transient = TransientConfig()
    public var lookups: [LookupConfig] = []
    public var customScalarTypes: [CustomScalarConfig] = []
    public var persistConfig: PersistConfig?
    public var onError: Located<OnErrorBehavior>?
    public var kotlin: KotlinConfig?

    public init(source: Source, directory: String) {
        self.source = source
        self.directory = directory
    }

    /// A range of this file as a diagnostic location.
    public func location(_ range: SourceRange) -> Location {
        Location(source: source, range: range)
    }

    /// The mapping of a custom scalar, if the file has one.
    public func customScalar(named name: String) -> CustomScalarConfig? {
        customScalarTypes.last { $0.scalar.value == name }
    }
}

/// A value of the file with the range of its spelling (quotes included). Values the file does
/// not spell (defaults) have an empty range at the start of the file.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A path as written, and resolved against the configuration's directory.
public struct ConfigPath: Sendable, Hashable {
    public var written: String
    public var resolved: String
    public var range: SourceRange
}

/// `identity`: which fields key a record.
public struct IdentityConfig: Sendable {
    /// `default`, tried for every object type; nil when unwritten (then `["id"]`).
    public var `default`: Located<[String]>?
    /// `types`: per-type keys, in written order.
    public var types: [TypeKey] = []

    public struct TypeKey: Sendable, Hashable {
        public var type: Located<String>
        public var fields: Located<[String]>
    }

    public static let defaultKey = ["id"]

    /// The key fields the file names for a type (its own entry, else the default); whether an
    /// interface's entry applies needs the schema and is decided by the caller.
    public func written(for type: String) -> [String]? {
        types.last { $0.type.value == type }?.fields.value
    }

    public var defaultFields: [String] { self.default?.value ?? Self.defaultKey }
}

/// `transient`: what never reaches the on-disk image.
public struct TransientConfig: Sendable {
    public var types: [Located<String>] = []
    /// `Query.search`-style root fields.
    public var fields: [FieldCoordinate] = []
}

/// `Type.field` as written in `transient.fields` and `lookups[].field`.
public struct FieldCoordinate: Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var field: String
    public var range: SourceRange

    public var description: String { "\(type).\(field)" }
}

/// One `lookups` entry: a root field that returns an entity by its key argument(s).
public struct LookupConfig: Sendable {
    public var field: FieldCoordinate
    /// Nil for an abstract field such as `node(id:)`.
    public var type: Located<String>?
    /// `argument` as a one-element list, or `arguments` (in the order of the type's key).
    public var arguments: Located<[String]>
    /// Whether the entry said `arguments` (a list) rather than `argument`.
    public var isArgumentList: Bool
    /// The whole entry.
    public var range: SourceRange
}

/// One `customScalarTypes` entry.
public struct CustomScalarConfig: Sendable {
    public var scalar: Located<String>
    /// The Swift type: the entry itself when it is a string, else its `swift` member.
    public var swift: Located<String>?
    public var kotlin: KotlinScalar?
    /// The entry's value.
    public var range: SourceRange

    public struct KotlinScalar: Sendable, Hashable {
        public var type: Located<String>
        public var converter: Located<String>
    }
}

/// `persistConfig`: turns persisted operations on.
public struct PersistConfig: Sendable {
    /// Where the registration file goes (written by the compiler, so it need not exist).
    public var file: ConfigPath
    public var algorithm: Located<PersistAlgorithm>
    public var range: SourceRange
}

public enum PersistAlgorithm: String, Sendable, Hashable, CaseIterable {
    case md5 = "MD5"
    case sha1 = "SHA1"
    case sha256 = "SHA256"
}

/// `onError`: the error behaviour written into every operation.
public enum OnErrorBehavior: String, Sendable, Hashable, CaseIterable {
    case propagate = "PROPAGATE"
    case null = "NULL"
    case abort = "ABORT"
}

/// `kotlin`: accepted and checked; Baton's Swift build does not emit Kotlin.
public struct KotlinConfig: Sendable {
    public var package: Located<String>?
    public var range: SourceRange
}
