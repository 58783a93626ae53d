import BatonConfig
import BatonDiagnostics
import Foundation
import Testing

let configFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("spec/config")

/// Reads `text` as if it were `baton.json` in `spec/config/full` (where the schema exists).
func read(_ text: String) -> (config: BatonConfig?, diagnostics: [Diagnostic]) {
    BatonConfig.read(Source(name: configFixtures.appendingPathComponent("full/baton.json").path, text: text))
}

func positions(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in d.primaryLocation.map { "\($0.start)" } ?? "-" }
}

@Suite("baton.json")
struct BatonConfigTests {
    @Test func readsEveryKeyOfTheFullExample() throws {
        let path = configFixtures.appendingPathComponent("full/baton.json").path
        let (loaded, diagnostics) = BatonConfig.load(path: path)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
        let config = try #require(loaded)
        let full = configFixtures.appendingPathComponent("full").path
        #expect(config.schema?.resolved == full + "/schema.graphql")
        #expect(config.schema?.written == "schema.graphql")
        #expect(config.schemaExtensions.map(\.written) == ["extensions.graphql", "client"])
        #expect(
            config.extensionFiles() == [
                full + "/extensions.graphql", full + "/client/nested/seen.graphql", full + "/client/notes.graphql",
            ])
        #expect(config.identity.default == nil && config.identity.defaultFields == ["id"])
        #expect(config.identity.types.map(\.type.value) == ["Asset", "Quote"])
        #expect(config.identity.written(for: "Quote") == ["base", "quote"])
        #expect(config.identity.written(for: "Character") == nil)
        #expect(config.customScalarTypes.map(\.scalar.value) == ["Decimal", "DateTime", "Url"])
        #expect(config.customScalar(named: "Url")?.swift?.value == "Foundation.URL")
        #expect(config.customScalar(named: "DateTime")?.kotlin?.converter.value == "app.InstantConverter")
        #expect(config.customScalar(named: "Decimal")?.kotlin == nil)
        #expect(config.transient.types.map(\.value) == ["Secret"])
        #expect(config.transient.fields.map(\.description) == ["Query.secrets"])
        #expect(config.lookups.map(\.field.description) == ["Query.character", "Query.node", "Query.quote"])
        #expect(config.lookups.map { $0.type?.value } == ["Character", nil, "Quote"])
        #expect(config.lookups.map(\.arguments.value) == [["id"], ["id"], ["base", "quote"]])
        #expect(config.lookups.map(\.isArgumentList) == [false, false, true])
        #expect(config.persistConfig?.algorithm.value == .sha256)
        #expect(config.persistConfig?.file.resolved == configFixtures.appendingPathComponent("persisted/operations.json").path)
        #expect(config.onError?.value == .null)
        #expect(config.kotlin?.package?.value == "com.example.app")
        // Values keep their place in the file, for checks made later against the schema.
        let quote = try #require(config.identity.types.last)
        #expect(config.location(quote.type.range).start.description == "4:45")
        #expect(config.source.slice(quote.fields.range) == "[\"base\", \"quote\"]")
        #expect(config.diagnostics(forRunIn: .swift).isEmpty)
        #expect(config.diagnostics(forRunIn: .kotlin).map(\.message).count == 2)
    }

    @Test func theSmallestConfigurationTakesDefaults() throws {
        let (config, diagnostics) = read(#"{"schema": "schema.graphql"}"#)
        #expect(diagnostics.isEmpty)
        let c = try #require(config)
        #expect(c.identity.defaultFields == ["id"] && c.lookups.isEmpty && c.persistConfig == nil && c.onError == nil)
        let persist = try #require(read(#"{"persistConfig": {"file": "ops.json"}}"#).config?.persistConfig)
        #expect(persist.algorithm.value == .md5)
    }

    @Test(arguments: [
        (
            #"{"schema": "schema.graphql", "schemaExtension": []}"#,
            #"unknown key "schemaExtension" in `baton.json`; did you mean "schemaExtensions"?"#, "1:30"
        ),
        (#"{"Schema": "schema.graphql"}"#, #"unknown key "Schema" in `baton.json`; did you mean "schema"?"#, "1:2"),
        (#"{"sources": {}}"#, #"unknown key "sources" in `baton.json` (the keys are "schema", "schemaExtensions""#, "1:2"),
        (#"{"schema": 3}"#, "`schema` must be a string, not a number", "1:12"),
        (#"{"schema": "nowhere.graphql"}"#, #"`schema`: no such file "nowhere.graphql""#, "1:12"),
        (#"{"schema": "client"}"#, #"`schema`: "client" is a directory, not a file"#, "1:12"),
        (#"{"schema": ""}"#, "`schema` must not be empty", "1:12"),
        (#"{"schemaExtensions": ["extensions.graphql", "gone"]}"#, #"`schemaExtensions[1]`: no such file "gone""#, "1:45"),
        (#"{"schemaExtensions": "extensions.graphql"}"#, "`schemaExtensions` must be an array, not a string", "1:22"),
        ("{\n  \"onError\": \"IGNORE\"\n}", #"`onError` must be one of "PROPAGATE", "NULL", "ABORT", not "IGNORE""#, "2:14"),
        (#"{"onError": "abort"}"#, #"`onError` must be one of "PROPAGATE", "NULL", "ABORT", not "abort"; did you mean "ABORT"?"#, "1:13"),
        (#"{"identity": {"default": []}}"#, "`identity.default` must name at least one field", "1:26"),
        (#"{"identity": {"types": {"Asset": ["uuid", 2]}}}"#, "`identity.types.Asset[1]` must be a string, not a number", "1:43"),
        (
            #"{"identity": {"types": {"Asset-Pair": ["uuid"]}}}"#,
            #"a type name in `identity.types` must be a GraphQL name, not "Asset-Pair""#, "1:25"
        ),
        (#"{"identity": {"typs": {}}}"#, #"unknown key "typs" in `identity`; did you mean "types"?"#, "1:15"),
        (#"{"transient": {"fields": ["search"]}}"#, #"`transient.fields[0]` must name a field as "Type.field""#, "1:27"),
        (#"{"transient": ["Secret"]}"#, "`transient` must be an object, not an array", "1:15"),
        (
            #"{"lookups": [{"field": "Query.x", "argument": "id", "arguments": ["a"]}]}"#,
            "`lookups[0]` takes `argument` or `arguments`, not both", "1:53"
        ),
        (#"{"lookups": [{"field": "Query.x"}]}"#, "`lookups[0]` needs `argument` (or `arguments` for a key of several fields)", "1:14"),
        (#"{"lookups": [{"argument": "id"}]}"#, "`lookups[0]` needs `field`", "1:14"),
        (#"{"lookups": [{"field": "Query.x", "argument": "id", "kind": "T"}]}"#, #"unknown key "kind" in `lookups[0]`"#, "1:53"),
        (
            #"{"customScalarTypes": {"Decimal": 5}}"#,
            "`customScalarTypes.Decimal` must be a string (the Swift type) or an object with `swift` and `kotlin`, not a number", "1:35"
        ),
        (
            #"{"customScalarTypes": {"Date": {"swift": "Foundation.Date", "kotlin": {"type": "Instant"}}}}"#,
            "`customScalarTypes.Date.kotlin` needs `converter`", "1:71"
        ),
        (
            #"{"customScalarTypes": {"Date": {"swif": "Foundation.Date"}}}"#,
            #"unknown key "swif" in `customScalarTypes.Date`; did you mean "swift"?"#, "1:33"
        ),
        (
            #"{"persistConfig": {"file": "ops.json", "algorithm": "SHA512"}}"#,
            #"`persistConfig.algorithm` must be one of "MD5", "SHA1", "SHA256", not "SHA512""#, "1:53"
        ),
        (#"{"persistConfig": {"algorithm": "MD5"}}"#, "`persistConfig` needs `file`", "1:19"),
        (#"{"kotlin": {"package": "com..app"}}"#, #"`kotlin.package` must be a Kotlin package name"#, "1:24"),
        (#"{"schema": "schema.graphql", "schema": "schema.graphql"}"#, #""schema" appears more than once in `baton.json`"#, "1:30"),
        ("[1]", "the configuration must be an object, not an array", "1:1"),
    ])
    func anErrorIsReportedAtItsKeyOrValue(json: String, message: String, position: String) {
        let (_, diagnostics) = read(json)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        #expect(diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics.map(\.message))")
        #expect(positions(diagnostics) == [position])
        #expect(diagnostics.allSatisfy { $0.code == .config && $0.severity == .error })
    }

    @Test func malformedJSONIsASyntaxErrorAtItsPosition() {
        let (config, diagnostics) = read("{\n  \"schema\": \"schema.graphql\",\n}")
        #expect(config == nil)
        #expect(diagnostics.map(\.code) == [.jsonSyntax])
        #expect(positions(diagnostics) == ["3:1"])
    }

    @Test func everyErrorOfAFileIsReportedInOneRead() throws {
        let path = configFixtures.appendingPathComponent("errors/baton.json").path
        let (config, diagnostics) = BatonConfig.load(path: path)
        #expect(config != nil)
        let sorted = diagnostics.sortedForDisplay()
        #expect(positions(sorted) == ["2:13", "3:3", "4:27", "4:52", "6:50", "7:15", "9:14", "10:20", "10:34"])
        #expect(
            sorted.map { $0.rendered(relativeTo: configFixtures.path) }.first
                == #"errors/baton.json:2:13: error: `schema`: no such file "schema.graphql" (looked for \#(configFixtures.path)/errors/schema.graphql)"#
        )
        // What was well formed is kept.
        #expect(config?.lookups.isEmpty == true && config?.identity.types.isEmpty == true)
    }

    @Test func anUnreadableFileIsReported() {
        let (config, diagnostics) = BatonConfig.load(path: configFixtures.appendingPathComponent("nowhere/baton.json").path)
        #expect(config == nil)
        #expect(diagnostics.first?.message.hasPrefix("cannot read ") == true)
    }

    @Test func aSwiftRunNeedsASwiftTypeForEveryMappedScalar() throws {
        let config = try #require(read(#"{"customScalarTypes": {"Date": {"kotlin": {"type": "Instant", "converter": "C"}}}}"#).config)
        let diagnostics = config.diagnostics(forRunIn: .swift)
        #expect(diagnostics.map(\.message) == [#"custom scalar `Date` has no Swift type: give "swift": "<type>""#])
        #expect(positions(diagnostics) == ["1:24"])
        #expect(config.diagnostics(forRunIn: .kotlin).isEmpty)
    }

    @Test func discoveryPrefersTheTargetThenThePackageRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-config-\(UUID().uuidString)")
        let target = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(BatonConfig.find(forTarget: target.path, packageRoot: root.path) == nil)
        try Data("{}".utf8).write(to: root.appendingPathComponent("baton.json"))
        #expect(
            BatonConfig.find(forTarget: target.path, packageRoot: root.path)
                == root.appendingPathComponent("baton.json").standardizedFileURL.path)
        try Data("{}".utf8).write(to: target.appendingPathComponent("baton.json"))
        #expect(
            BatonConfig.find(forTarget: target.path, packageRoot: root.path)
                == target.appendingPathComponent("baton.json").standardizedFileURL.path)
    }
}
