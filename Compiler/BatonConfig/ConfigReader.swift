import BatonDiagnostics
import BatonJSON

/// Turns the JSON of a `baton.json` into a `BatonConfig`, reporting every problem at the key
/// or value it concerns. A wrong part is left out and reading goes on, so one run shows all
/// the problems of the file.
package struct ConfigReader {
    let source: Source
    let directory: String
    let fileKind: @Sendable (String) -> ConfigFileKind?
    var diagnostics: [Diagnostic] = []

    /// The top-level keys, in the order the documentation lists them.
    static let topLevelKeys = [
        "schema", "schemaExtensions", "identity", "transient", "lookups",
        "customScalarTypes", "persistConfig", "onError", "kotlin",
    ]

    init(source: Source, directory: String, fileKind: @escaping @Sendable (String) -> ConfigFileKind?) {
        self.source = source
        self.directory = directory
        self.fileKind = fileKind
    }

    var fileName: String {
        source.name.split(separator: "/").last.map(String.init) ?? source.name
    }

    mutating func error(_ message: String, _ range: SourceRange) {
        diagnostics.append(.error(message, at: [Location(source: source, range: range)], code: .config))
    }

    // MARK: The file

    mutating func read(_ root: JSONValue) -> BatonConfig? {
        guard let members = members(of: root, in: "`\(fileName)`", keys: Self.topLevelKeys, what: "the configuration") else {
            return nil
        }
        var config = BatonConfig(source: source, directory: directory)
        if let value = members["schema"]?.value {
            config.schema = path(value, "schema", mustBe: .file)
        }
        if let value = members["schemaExtensions"]?.value, let list = array(value, "schemaExtensions") {
            for (i, element) in list.enumerated() {
                if let p = path(element, "schemaExtensions[\(i)]", mustBe: .fileOrDirectory) { config.schemaExtensions.append(p) }
            }
        }
        if let value = members["identity"]?.value { config.identity = identity(value) }
        if let value = members["transient"]?.value { config.transient = transient(value) }
        if let value = members["lookups"]?.value, let list = array(value, "lookups") {
            for (i, element) in list.enumerated() {
                if let lookup = lookup(element, "lookups[\(i)]") { config.lookups.append(lookup) }
            }
        }
        if let value = members["customScalarTypes"]?.value { config.customScalarTypes = customScalars(value) }
        if let value = members["persistConfig"]?.value { config.persistConfig = persistConfig(value) }
        if let value = members["onError"]?.value { config.onError = enumValue(value, "onError", OnErrorBehavior.self) }
        if let value = members["kotlin"]?.value { config.kotlin = kotlin(value) }
        return config
    }

    // MARK: Sections

    mutating func identity(_ value: JSONValue) -> IdentityConfig {
        var identity = IdentityConfig()
        guard let members = members(of: value, in: "`identity`", keys: ["default", "types"], what: "`identity`") else { return identity }
        if let d = members["default"]?.value { identity.default = nameList(d, "identity.default", of: "field") }
        if let t = members["types"]?.value, let types = object(t, "identity.types") {
            for member in types.members {
                guard let type = name(member.key, member.keyRange, "a type name in `identity.types`") else { continue }
                if let fields = nameList(member.value, "identity.types.\(member.key)", of: "field") {
                    identity.types.append(.init(type: type, fields: fields))
                }
            }
        }
        return identity
    }

    mutating func transient(_ value: JSONValue) -> TransientConfig {
        var transient = TransientConfig()
        guard let members = members(of: value, in: "`transient`", keys: ["types", "fields"], what: "`transient`") else { return transient }
        if let t = members["types"]?.value, let list = array(t, "transient.types") {
            for (i, element) in list.enumerated() {
                if let s = string(element, "transient.types[\(i)]"), let n = name(s.value, s.range, "`transient.types[\(i)]`") {
                    transient.types.append(n)
                }
            }
        }
        if let f = members["fields"]?.value, let list = array(f, "transient.fields") {
            for (i, element) in list.enumerated() {
                if let c = coordinate(element, "transient.fields[\(i)]") { transient.fields.append(c) }
            }
        }
        return transient
    }

    mutating func lookup(_ value: JSONValue, _ context: String) -> LookupConfig? {
        guard let members = members(of: value, in: "`\(context)`", keys: ["field", "type", "argument", "arguments"], what: "`\(context)`")
        else {
            return nil
        }
        var ok = true
        var field: FieldCoordinate?
        if let f = members["field"]?.value {
            field = coordinate(f, "\(context).field")
            ok = ok && field != nil
        } else {
            error("`\(context)` needs `field`, the root field that returns the entity (\"Query.character\")", value.range)
            ok = false
        }
        var type: Located<String>?
        if let t = members["type"]?.value {
            if let s = string(t, "\(context).type") { type = name(s.value, s.range, "`\(context).type`") }
            ok = ok && type != nil
        }
        var arguments: Located<[String]>?
        var isList = false
        switch (members["argument"], members["arguments"]) {
        case (let single?, let list?):
            let second = single.keyRange.start > list.keyRange.start ? single : list
            error("`\(context)` takes `argument` or `arguments`, not both", second.keyRange)
            ok = false
        case (let single?, nil):
            if let s = string(single.value, "\(context).argument"), let n = name(s.value, s.range, "`\(context).argument`") {
                arguments = Located([n.value], at: n.range)
            }
        case (nil, let list?):
            isList = true
            arguments = nameList(list.value, "\(context).arguments", of: "argument")
        case (nil, nil):
            error("`\(context)` needs `argument` (or `arguments` for a key of several fields)", value.range)
            ok = false
        }
        guard ok, let field, let arguments else { return nil }
        return LookupConfig(field: field, type: type, arguments: arguments, isArgumentList: isList, range: value.range)
    }

    mutating func customScalars(_ value: JSONValue) -> [CustomScalarConfig] {
        guard let entries = object(value, "customScalarTypes") else { return [] }
        var result: [CustomScalarConfig] = []
        reportDuplicates(entries, in: "`customScalarTypes`")
        for member in entries.members {
            guard let scalar = name(member.key, member.keyRange, "a scalar name in `customScalarTypes`") else { continue }
            let context = "customScalarTypes.\(member.key)"
            if let swift = member.value.stringValue {
                if let s = nonEmpty(Located(swift, at: member.value.range), context) {
                    result.append(CustomScalarConfig(scalar: scalar, swift: s, kotlin: nil, range: member.value.range))
                }
                continue
            }
            guard member.value.objectValue != nil else {
                error(
                    "`\(context)` must be a string (the Swift type) or an object with `swift` and `kotlin`, not \(member.value.kindDescription)",
                    member.value.range)
                continue
            }
            guard let fields = members(of: member.value, in: "`\(context)`", keys: ["swift", "kotlin"], what: "`\(context)`") else {
                continue
            }
            var entry = CustomScalarConfig(scalar: scalar, swift: nil, kotlin: nil, range: member.value.range)
            var ok = true
            if let s = fields["swift"]?.value {
                entry.swift = string(s, "\(context).swift").flatMap { nonEmpty($0, "\(context).swift") }
                ok = ok && entry.swift != nil
            }
            if let k = fields["kotlin"]?.value {
                if let kotlin = members(of: k, in: "`\(context).kotlin`", keys: ["type", "converter"], what: "`\(context).kotlin`") {
                    let type = kotlin["type"].flatMap { string($0.value, "\(context).kotlin.type") }.flatMap {
                        nonEmpty($0, "\(context).kotlin.type")
                    }
                    let converter = kotlin["converter"].flatMap { string($0.value, "\(context).kotlin.converter") }.flatMap {
                        nonEmpty($0, "\(context).kotlin.converter")
                    }
                    if kotlin["type"] == nil { error("`\(context).kotlin` needs `type`, the Kotlin type", k.range) }
                    if kotlin["converter"] == nil {
                        error("`\(context).kotlin` needs `converter`, an object implementing ScalarConverter", k.range)
                    }
                    if let type, let converter {
                        entry.kotlin = .init(type: type, converter: converter)
                    } else {
                        ok = false
                    }
                } else {
                    ok = false
                }
            }
            if ok { result.append(entry) }
        }
        return result
    }

    mutating func persistConfig(_ value: JSONValue) -> PersistConfig? {
        guard let members = members(of: value, in: "`persistConfig`", keys: ["file", "algorithm"], what: "`persistConfig`") else {
            return nil
        }
        var algorithm = Located(PersistAlgorithm.md5, at: SourceRange(value.range.start, value.range.start))
        var ok = true
        if let a = members["algorithm"]?.value {
            if let parsed = enumValue(a, "persistConfig.algorithm", PersistAlgorithm.self) { algorithm = parsed } else { ok = false }
        }
        guard let f = members["file"]?.value else {
            error("`persistConfig` needs `file`, where the persisted operations are written", value.range)
            return nil
        }
        // The compiler writes this file, so it need not exist yet.
        guard let file = path(f, "persistConfig.file", mustBe: .anything), ok else { return nil }
        return PersistConfig(file: file, algorithm: algorithm, range: value.range)
    }

    mutating func kotlin(_ value: JSONValue) -> KotlinConfig? {
        guard let members = members(of: value, in: "`kotlin`", keys: ["package"], what: "`kotlin`") else { return nil }
        var kotlin = KotlinConfig(package: nil, range: value.range)
        if let p = members["package"]?.value, let s = string(p, "kotlin.package") {
            if Self.isKotlinPackage(s.value) {
                kotlin.package = s
            } else {
                error("`kotlin.package` must be a Kotlin package name such as \"com.example.app\", not \"\(s.value)\"", s.range)
            }
        }
        return kotlin
    }

    // MARK: Shapes

    /// The members of an object whose keys must be among `keys`; unknown and repeated keys are
    /// errors at the key. Nil (after an error) when the value is not an object.
    mutating func members(of value: JSONValue, in context: String, keys: [String], what: String) -> [String: JSONMember]? {
        guard let object = value.objectValue else {
            error("\(what) must be an object, not \(value.kindDescription)", value.range)
            return nil
        }
        reportDuplicates(object, in: context)
        var result: [String: JSONMember] = [:]
        for member in object.members {
            if keys.contains(member.key) {
                result[member.key] = member
            } else {
                var message = "unknown key \"\(member.key)\" in \(context)"
                if let suggestion = Self.suggestion(for: member.key, among: keys) { message += "; did you mean \"\(suggestion)\"?" }
                message += " (\(keys.count == 1 ? "the only key is" : "the keys are") \(keys.map { "\"\($0)\"" }.joined(separator: ", ")))"
                error(message, member.keyRange)
            }
        }
        return result
    }

    mutating func reportDuplicates(_ object: JSONObject, in context: String) {
        for member in object.duplicateMembers {
            error("\"\(member.key)\" appears more than once in \(context)", member.keyRange)
        }
    }

    mutating func object(_ value: JSONValue, _ context: String) -> JSONObject? {
        guard let object = value.objectValue else {
            error("`\(context)` must be an object, not \(value.kindDescription)", value.range)
            return nil
        }
        return object
    }

    mutating func array(_ value: JSONValue, _ context: String) -> [JSONValue]? {
        guard let array = value.arrayValue else {
            error("`\(context)` must be an array, not \(value.kindDescription)", value.range)
            return nil
        }
        return array
    }

    mutating func string(_ value: JSONValue, _ context: String) -> Located<String>? {
        guard let string = value.stringValue else {
            error("`\(context)` must be a string, not \(value.kindDescription)", value.range)
            return nil
        }
        return Located(string, at: value.range)
    }

    mutating func nonEmpty(_ value: Located<String>, _ context: String) -> Located<String>? {
        if value.value.isEmpty {
            error("`\(context)` must not be empty", value.range)
            return nil
        }
        return value
    }

    /// A GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`).
    mutating func name(_ text: String, _ range: SourceRange, _ what: String) -> Located<String>? {
        guard Self.isGraphQLName(text) else {
            error("\(what) must be a GraphQL name, not \"\(text)\"", range)
            return nil
        }
        return Located(text, at: range)
    }

    /// A non-empty array of GraphQL names.
    mutating func nameList(_ value: JSONValue, _ context: String, of noun: String) -> Located<[String]>? {
        guard let list = array(value, context) else { return nil }
        if list.isEmpty {
            error("`\(context)` must name at least one \(noun)", value.range)
            return nil
        }
        var names: [String] = []
        var ok = true
        for (i, element) in list.enumerated() {
            if let s = string(element, "\(context)[\(i)]"), let n = name(s.value, s.range, "`\(context)[\(i)]`") {
                names.append(n.value)
            } else {
                ok = false
            }
        }
        return ok ? Located(names, at: value.range) : nil
    }

    /// `Type.field`.
    mutating func coordinate(_ value: JSONValue, _ context: String) -> FieldCoordinate? {
        guard let s = string(value, context) else { return nil }
        let parts = s.value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isGraphQLName(parts[0]), Self.isGraphQLName(parts[1]) else {
            error("`\(context)` must name a field as \"Type.field\" (e.g. \"Query.search\"), not \"\(s.value)\"", s.range)
            return nil
        }
        return FieldCoordinate(type: String(parts[0]), field: String(parts[1]), range: s.range)
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable & Sendable & Hashable>(_ value: JSONValue, _ context: String, _: E.Type)
        -> Located<E>? where E.RawValue == String
    {
        guard let s = string(value, context) else { return nil }
        guard let parsed = E(rawValue: s.value) else {
            let allowed = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            var message = "`\(context)` must be one of \(allowed), not \"\(s.value)\""
            if let close = E.allCases.first(where: { $0.rawValue.uppercased() == s.value.uppercased() }) {
                message += "; did you mean \"\(close.rawValue)\"?"
            }
            error(message, s.range)
            return nil
        }
        return Located(parsed, at: s.range)
    }

    enum PathRequirement {
        /// Written by the compiler: need not exist.
        case anything
        case file
        case fileOrDirectory
    }

    /// A path relative to the configuration's directory, checked to exist as required.
    mutating func path(_ value: JSONValue, _ context: String, mustBe requirement: PathRequirement) -> ConfigPath? {
        guard let s = string(value, context), let written = nonEmpty(s, context) else { return nil }
        let resolved = ConfigPaths.resolve(written.value, against: directory)
        if requirement != .anything {
            switch fileKind(resolved) {
            case nil:
                error("`\(context)`: no such file \"\(written.value)\" (looked for \(resolved))", s.range)
                return nil
            case .directory where requirement == .file:
                error("`\(context)`: \"\(written.value)\" is a directory, not a file", s.range)
                return nil
            default:
                break
            }
        }
        return ConfigPath(written: written.value, resolved: resolved, range: s.range)
    }

    // MARK: Words

    static func isGraphQLName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, first == 0x5F || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == 0x5F || isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    static func isKotlinPackage(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { isGraphQLName($0) }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    /// The allowed key closest to a misspelled one, when close enough to be a likely typo.
    package static func suggestion(for key: String, among keys: [String]) -> String? {
        let lowered = key.lowercased()
        if let exact = keys.first(where: { $0.lowercased() == lowered }) { return exact }
        let scored = keys.map { ($0, editDistance(Array(lowered.utf8), Array($0.lowercased().utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, best.0.count / 3) ? best.0 : nil
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
