@_spi(Generated) import Baton
import BatonDiagnostics
import BatonJSON
import Foundation

/// A conformance suite's `manifest.json` (formats 1 to 3; see spec/conformance/README.md of the
/// original suite): the cases, each an operation committed with responses, the store dump it must
/// leave, the rows its lens must read, and an optional optimistic override.
package struct ConformanceManifest: Sendable {
    package var format: Int
    package var cases: [ConformanceCase]
    /// Format 2 and later: the scripts' files, in order (without them, the runner runs every script in `scripts/`).
    package var scripts: [String]

    /// Reads `manifest.json` in `directory`; a missing file or malformed text throws a
    /// `ManifestError` saying where.
    package static func load(from directory: URL) throws(ManifestError) -> ConformanceManifest {
        let url = directory.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ManifestError("no manifest.json in \(directory.path)")
        }
        let source = Source(name: url.path, text: String(decoding: data, as: UTF8.self))
        let json: JSONValue
        do {
            json = try JSONParser.parse(source)
        } catch {
            throw ManifestError(error.diagnostic().rendered())
        }
        return try ConformanceManifest(json, in: source)
    }

    init(_ json: JSONValue, in source: Source) throws(ManifestError) {
        let reader = ManifestReader(source: source)
        let root = try reader.object(json, "the manifest")
        format = try reader.int(root["format"] ?? .number(1), "format")
        guard (1...3).contains(format) else {
            throw reader.error(root["format"] ?? json, "format \(format) is not one this runner reads (1 to 3)")
        }
        guard let cases = root["cases"] else { throw reader.error(json, "the manifest has no `cases`") }
        self.cases = try reader.array(cases, "cases").map { (value) throws(ManifestError) in
            try ConformanceCase(value, reader)
        }
        scripts =
            try root["scripts"].map { (value) throws(ManifestError) in
                try reader.array(value, "scripts").map { (entry) throws(ManifestError) in try reader.string(entry, "a script") }
            } ?? []
    }
}

/// One manifest case.
package struct ConformanceCase: Sendable {
    package var name: String
    package var operation: String
    /// `query`, `mutation` or `subscription`.
    package var kind: String
    package var variables: Baton.Variables
    package var responses: [String]
    package var records: String
    /// Whether the responses answer every selected field (committed as a response, else as a payload).
    package var complete: Bool
    package var reads: [ReadRow]
    package var override: Override?

    /// A `reads` row: what the lens reads at `path` (response keys and list indices joined by dots).
    package struct ReadRow: Sendable {
        package var path: String
        /// The JSON the lens yields; nil when the row says `throws` or `result` instead.
        package var value: JSONValue?
        /// The row's `throws` or `result`, which this runner cannot bind yet.
        package var unboundForm: String?
    }

    /// The leaves an optimistic response overrides and the value they then read.
    package struct Override: Sendable {
        package var paths: [String]
        package var value: JSONValue
    }

    /// Every file the case reads, relative to the suite's directory.
    package var files: [String] { responses + [records] }

    init(_ json: JSONValue, _ reader: ManifestReader) throws(ManifestError) {
        let object = try reader.object(json, "a case")
        func field(_ key: String) throws(ManifestError) -> JSONValue {
            guard let value = object[key] else { throw reader.error(json, "a case has no `\(key)`") }
            return value
        }
        name = try reader.string(try field("name"), "name")
        operation = try reader.string(try field("operation"), "operation")
        kind = try reader.string(try field("kind"), "kind")
        guard ["query", "mutation", "subscription"].contains(kind) else {
            throw reader.error(try field("kind"), "kind `\(kind)` is not query, mutation or subscription")
        }
        variables =
            try object["variables"].map { (value) throws(ManifestError) in
                try reader.object(value, "variables").dictionary.mapValues(VariableValue.init(json:))
            } ?? [:]
        responses = try reader.array(try field("responses"), "responses").map { (value) throws(ManifestError) in
            try reader.string(value, "a response")
        }
        guard !responses.isEmpty else { throw reader.error(try field("responses"), "\(name): no responses") }
        records = try reader.string(try field("records"), "records")
        complete = try object["complete"].map { (value) throws(ManifestError) in try reader.bool(value, "complete") } ?? true
        reads = try (object["reads"].map { (value) throws(ManifestError) in try reader.array(value, "reads") } ?? [])
            .map { (row) throws(ManifestError) in
                let fields = try reader.object(row, "a reads row")
                guard let path = fields["path"] else { throw reader.error(row, "a reads row has no `path`") }
                let form = fields["throws"] != nil ? "throws" : fields["result"] != nil ? "result" : nil
                guard fields["value"] != nil || form != nil else {
                    throw reader.error(row, "a reads row has no `value`, `throws` or `result`")
                }
                return ReadRow(path: try reader.string(path, "path"), value: fields["value"], unboundForm: form)
            }
        override = try object["override"].map { (value) throws(ManifestError) in
            let fields = try reader.object(value, "override")
            guard let paths = fields["paths"], let overriding = fields["value"] else {
                throw reader.error(value, "an override needs `paths` and `value`")
            }
            return Override(
                paths: try reader.array(paths, "paths").map { (path) throws(ManifestError) in
                    try reader.string(path, "an override path")
                }, value: overriding)
        }
    }
}

/// Why a manifest could not be read: a usage error, with the file and position.
package struct ManifestError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// Typed reads of the manifest's JSON, each failing at the value's position.
struct ManifestReader {
    let source: Source

    func error(_ value: JSONValue, _ message: String) -> ManifestError {
        let position = source.position(of: value.range.start)
        return ManifestError("\(source.name):\(position): \(message)")
    }

    func object(_ value: JSONValue, _ what: String) throws(ManifestError) -> JSONObject {
        guard let object = value.objectValue else { throw error(value, "\(what) must be an object, not \(value.kindDescription)") }
        return object
    }

    func array(_ value: JSONValue, _ what: String) throws(ManifestError) -> [JSONValue] {
        guard let array = value.arrayValue else { throw error(value, "\(what) must be an array, not \(value.kindDescription)") }
        return array
    }

    func string(_ value: JSONValue, _ what: String) throws(ManifestError) -> String {
        guard let text = value.stringValue else { throw error(value, "\(what) must be a string, not \(value.kindDescription)") }
        return text
    }

    func int(_ value: JSONValue, _ what: String) throws(ManifestError) -> Int {
        guard let number = value.intValue else { throw error(value, "\(what) must be an integer, not \(value.kindDescription)") }
        return number
    }

    func bool(_ value: JSONValue, _ what: String) throws(ManifestError) -> Bool {
        guard let flag = value.boolValue else { throw error(value, "\(what) must be a boolean, not \(value.kindDescription)") }
        return flag
    }
}

extension Baton.VariableValue {
    /// A variable as the manifest spells it in JSON.
    init(json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = number.intValue.map { .int($0) } ?? .float(number.doubleValue)
        case .string(let text): self = .string(text)
        case .array(let values): self = .list(values.map(VariableValue.init(json:)))
        case .object(let object): self = .object(object.dictionary.mapValues(VariableValue.init(json:)))
        }
    }
}
