import BatonDiagnostics

/// A target's `baton.json`, read and checked for shape. Every value keeps the range it was
/// written at, so checks that need the schema (an identity field the type lacks, a lookup
/// naming no root field) can report at the exact place in the file.
///
/// Keys (README.md, "Generating Swift"; spec/config/full uses each): `schema`, `schemaExtensions`, `identity`, `transient`, `lookups`,
/// `customScalarTypes`, `persistConfig`, `onError`, `kotlin`. Any other key is an error.
package struct BatonConfig: Sendable {
    /// The file's text; its `name` is the path it was read from.
    package var source: Source
    /// The directory every path in the file is relative to.
    package var directory: String
    /// The SDL file. Optional here because `--schema` may stand in for it; the driver
    /// requires one of the two.
    package var schema: ConfigPath?
    /// Files, or directories of `.graphql` files, with Relay's client schema extensions.
    package var schemaExtensions: [ConfigPath] = []
    package var identity = IdentityConfig()
    package var transient = TransientConfig()
    package var lookups: [LookupConfig] = []
    package var customScalarTypes: [CustomScalarConfig] = []
    package var persistConfig: PersistConfig?
    package var onError: Located<OnErrorBehavior>?
    package var kotlin: KotlinConfig?

    package init(source: Source, directory: String) {
        self.source = source
        self.directory = directory
    }

    /// A range of this file as a diagnostic location.
    package func location(_ range: SourceRange) -> Location {
        Location(source: source, range: range)
    }

    /// The mapping of a custom scalar, if the file has one.
    package func customScalar(named name: String) -> CustomScalarConfig? {
        customScalarTypes.last { $0.scalar.value == name }
    }
}

/// A value of the file with the range of its spelling (quotes included). Values the file does
/// not spell (defaults) have an empty range at the start of the file.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    package var value: Value
    package var range: SourceRange

    package init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A path as written, and resolved against the configuration's directory.
package struct ConfigPath: Sendable, Hashable {
    package var written: String
    package var resolved: String
    package var range: SourceRange
}

/// `identity`: which fields key a record.
package struct IdentityConfig: Sendable {
    /// `default`, tried for every object type; nil when unwritten (then `["id"]`).
    package var `default`: Located<[String]>?
    /// `types`: per-type keys, in written order.
    package var types: [TypeKey] = []

    package struct TypeKey: Sendable, Hashable {
        package var type: Located<String>
        package var fields: Located<[String]>
    }

    package static let defaultKey = ["id"]

    /// The key fields the file names for a type (its own entry, else the default); whether an
    /// interface's entry applies needs the schema and is decided by the caller.
    package func written(for type: String) -> [String]? {
        types.last { $0.type.value == type }?.fields.value
    }

    package var defaultFields: [String] { self.default?.value ?? Self.defaultKey }
}

/// `transient`: what never reaches the on-disk image.
package struct TransientConfig: Sendable {
    package var types: [Located<String>] = []
    /// `Query.search`-style root fields.
    package var fields: [FieldCoordinate] = []
}

/// `Type.field` as written in `transient.fields` and `lookups[].field`.
package struct FieldCoordinate: Sendable, Hashable, CustomStringConvertible {
    package var type: String
    package var field: String
    package var range: SourceRange

    package var description: String { "\(type).\(field)" }
}

/// One `lookups` entry: a root field that returns an entity by its key argument(s).
package struct LookupConfig: Sendable {
    package var field: FieldCoordinate
    /// Nil for an abstract field such as `node(id:)`.
    package var type: Located<String>?
    /// `argument` as a one-element list, or `arguments` (in the order of the type's key).
    package var arguments: Located<[String]>
    /// Whether the entry said `arguments` (a list) rather than `argument`.
    package var isArgumentList: Bool
    /// The whole entry.
    package var range: SourceRange
}

/// One `customScalarTypes` entry.
package struct CustomScalarConfig: Sendable {
    package var scalar: Located<String>
    /// The Swift type: the entry itself when it is a string, else its `swift` member.
    package var swift: Located<String>?
    package var kotlin: KotlinScalar?
    /// The entry's value.
    package var range: SourceRange

    package struct KotlinScalar: Sendable, Hashable {
        package var type: Located<String>
        package var converter: Located<String>
    }
}

/// `persistConfig`: turns persisted operations on.
package struct PersistConfig: Sendable {
    /// Where the registration file goes (written by the compiler, so it need not exist).
    package var file: ConfigPath
    package var algorithm: Located<PersistAlgorithm>
    package var range: SourceRange
}

package enum PersistAlgorithm: String, Sendable, Hashable, CaseIterable {
    case md5 = "MD5"
    case sha1 = "SHA1"
    case sha256 = "SHA256"
}

/// `onError`: the error behaviour written into every operation.
package enum OnErrorBehavior: String, Sendable, Hashable, CaseIterable {
    case propagate = "PROPAGATE"
    case null = "NULL"
    case abort = "ABORT"
}

/// `kotlin`: accepted and checked; Baton's Swift build does not emit Kotlin.
package struct KotlinConfig: Sendable {
    package var package: Located<String>?
    package var range: SourceRange
}
