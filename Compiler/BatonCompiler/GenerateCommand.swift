import BatonConfig
import BatonDiagnostics
import BatonEmit
import BatonIR
import BatonJSON
import BatonPlans
import BatonSchema
import BatonTransforms
import Foundation

/// `batonc generate` (README.md, "Generating Swift"): compiles the target and computes every output — one per
/// source declaring GraphQL, header-only files for `--emit`ed sources without documents, the
/// shared file, the report and the persisted documents — then writes only what changed, removes
/// stale outputs under `--out`, or under `--check` writes nothing and names what is stale.
/// Nothing is written when any document has an error.
package enum GenerateCommand {
    package struct Options: Sendable {
        package var request: CompilationSetup.Request
        /// The directory every output goes to (`--out`).
        package var out: String?
        /// Source → output (`--emit src=out`), in the order given.
        package var emits: [(source: String, output: String)]
        package var shared: String?
        package var report: String?
        package var persisted: String?
        package var check: Bool
        /// What source paths are made relative to (output names, the report).
        package var workingDirectory: String

        package init(
            request: CompilationSetup.Request, out: String? = nil, emits: [(source: String, output: String)] = [],
            shared: String? = nil, report: String? = nil, persisted: String? = nil, check: Bool = false,
            workingDirectory: String = FileManager.default.currentDirectoryPath
        ) {
            self.request = request
            self.out = out
            self.emits = emits
            self.shared = shared
            self.report = report
            self.persisted = persisted
            self.check = check
            self.workingDirectory = workingDirectory
        }
    }

    package struct Result: Sendable {
        package var diagnostics: [Diagnostic]
        /// Every output this run computed: path → bytes (empty after an error).
        package var outputs: [String: String] = [:]
        /// Outputs written (changed or new).
        package var written: [String] = []
        /// Stale outputs removed under `--out`.
        package var removed: [String] = []
        /// Under `--check`: outputs that are missing, differ, or would be removed.
        package var stale: [String] = []
        /// Files that could not be written or removed.
        package var failures: [String] = []

        /// 0 done, 1 an error, a stale output under `--check`, or a write failure.
        package var exitCode: Int32 {
            diagnostics.hasErrors || !stale.isEmpty || !failures.isEmpty ? 1 : 0
        }
    }

    package static let sharedFileName = "Baton.baton.swift"

    /// `Sources/App/Screen.swift` → `Sources_App_Screen.baton.swift`; other extensions keep theirs
    /// and gain `.baton.swift`.
    package static func outputName(forSource path: String) -> String {
        let flat = path.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: true)
            .joined(separator: "_")
        if flat.hasSuffix(".swift") { return String(flat.dropLast(".swift".count)) + ".baton.swift" }
        return flat + ".baton.swift"
    }

    static func relative(_ path: String, to directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        if path.hasPrefix("./") { return String(path.dropFirst(2)) }
        return path
    }

    /// Computes every output without touching the disk.
    package static func compute(_ options: Options) -> Result {
        let target = TargetCompilation.compile(options.request)
        var result = Result(diagnostics: target.diagnostics)
        guard !target.hasErrors, let schema = target.schema, let transforms = target.transforms else {
            if !target.hasErrors {
                result.diagnostics.append(.error("the target could not be compiled", at: [], code: .generate))
            }
            return result
        }
        if options.out == nil && options.emits.isEmpty {
            result.diagnostics.append(.error("generate needs --out <dir> or --emit <source>=<output>", at: [], code: .generate))
            return result
        }
        let config = target.config
        // Asked for a file of persisted documents the configuration does not persist: nothing would
        // be written there, silently.
        if options.persisted != nil, config?.persistConfig == nil {
            let at = config.map { [$0.location(SourceRange(0, 0))] } ?? []
            result.diagnostics.append(
                .error(
                    "--persisted names where the persisted documents go, but baton.json has no `persistConfig`: add one (\"persistConfig\": {\"file\": …, \"algorithm\": \"SHA256\"}) or drop --persisted",
                    at: at, code: .generate))
            return result
        }
        let identity = Compilation.identity(of: config)
        let plans = PlanBuilder.plans(transforms.normalizationProgram, identity: identity)
        let texts = transforms.texts
        var persistedIDs: [String: String]?
        if config?.persistConfig != nil {
            var ids: [String: String] = [:]
            for (name, text) in texts { ids[name] = target.documentID(of: text) }
            persistedIDs = ids
        }
        let customScalars = config?.swiftScalarTypes ?? [:]
        let digest = schemaDigest(schemaTexts: target.schemaSources.map(\.text), config: config)
        var input = SwiftEmitter.Input(
            schema: schema, lensProgram: transforms.program, plans: plans, texts: texts, persistedIDs: persistedIDs,
            customScalars: customScalars, transientTypes: Set(config?.transient.types.map(\.value) ?? []),
            schemaDigest: digest)
        input.transientFields = config?.transient.fields.map(\.description) ?? []
        input.onError = config?.onError?.value.rawValue
        let emitted = SwiftEmitter.emit(input)

        func join(_ directory: String, _ name: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }
        var outputs: [String: String] = [:]
        // Who each output path belongs to: two claims on one path would overwrite one with the other
        // (a source named `Baton.swift` and the shared file; `a_b.swift` and `a/b.swift`).
        var owners: [String: (owner: String, source: String?)] = [:]
        var collisions: [Diagnostic] = []
        func claim(_ path: String, by owner: String, _ text: String, at source: String? = nil) {
            if let earlier = owners[path] {
                // At the start of a source whose output collides.
                let name = (source ?? earlier.source).map { relative($0, to: options.workingDirectory) }
                let document = name.flatMap { name in
                    target.documents.first { relative($0.source.name, to: options.workingDirectory) == name }
                }
                let at = document.map { [Location(source: $0.source, range: SourceRange(0, 0))] } ?? []
                collisions.append(
                    .error(
                        "\(earlier.owner) and \(owner) would both be generated at \(relative(path, to: options.workingDirectory)): rename one (or map it with --emit)",
                        at: at, code: .generate))
                return
            }
            owners[path] = (owner, source)
            outputs[path] = text
        }
        var emittedSources = Set<String>()
        for (source, output) in options.emits {
            let key = emitted.sources.keys.first {
                relative($0, to: options.workingDirectory) == relative(source, to: options.workingDirectory)
            }
            claim(
                output, by: "the code of \(relative(source, to: options.workingDirectory))",
                key.map { emitted.sources[$0]! } ?? SwiftEmitter.headerOnly)
            if let key { emittedSources.insert(key) }
        }
        if let out = options.out {
            for (source, text) in emitted.sources.sorted(by: { $0.key < $1.key }) where !emittedSources.contains(source) {
                let name = relative(source, to: options.workingDirectory)
                claim(join(out, outputName(forSource: name)), by: "the code of \(name)", text, at: source)
            }
        }
        if let shared = options.shared ?? options.out.map({ join($0, sharedFileName) }) {
            claim(shared, by: "the shared file", emitted.shared)
        }
        if let persist = config?.persistConfig, let persistedIDs {
            let path =
                options.persisted
                ?? options.out.map { join($0, (persist.file.written as NSString).lastPathComponent) }
                ?? persist.file.resolved
            claim(path, by: "the persisted documents", persistedFile(persistedIDs, texts: texts))
        }
        if let report = options.report {
            claim(
                report, by: "the report",
                GenerateReport.json(
                    target: target, transforms: transforms, lenses: emitted.lenses,
                    persistedIDs: persistedIDs, digest: digest,
                    workingDirectory: options.workingDirectory))
        }
        // Nothing is written when two outputs collide.
        guard collisions.isEmpty else {
            result.diagnostics += collisions
            return result
        }
        result.outputs = outputs
        return result
    }

    /// `Types.schemaDigest`: the schema and its extensions, then whatever else changes what the
    /// store keeps: a non-default identity and the transient lists (README.md, "Generating Swift"). A config
    /// that sets neither digests as its schema text alone.
    package static func schemaDigest(schemaTexts: [String], config: BatonConfig?) -> String {
        var text = schemaTexts.joined(separator: "\n")
        if let config {
            let identity = config.identity
            if identity.default != nil || !identity.types.isEmpty {
                text += "\n# identity default: " + identity.defaultFields.joined(separator: ",")
                for entry in identity.types {
                    text += "\n# identity " + entry.type.value + ": " + entry.fields.value.joined(separator: ",")
                }
            }
            let transient = config.transient
            if !transient.types.isEmpty || !transient.fields.isEmpty {
                text += "\n# transient types: " + transient.types.map(\.value).joined(separator: ",")
                text += "\n# transient fields: " + transient.fields.map(\.description).joined(separator: ",")
            }
        }
        return PersistedDocumentID.id(of: text, algorithm: .md5)
    }

    /// Relay's persisted map: id → text, ids sorted.
    static func persistedFile(_ ids: [String: String], texts: [String: String]) -> String {
        var members: [JSONMember] = []
        var seen = Set<String>()
        for (name, id) in ids.sorted(by: { $0.value < $1.value }) where seen.insert(id).inserted {
            members.append(JSONMember(key: id, value: .string(texts[name] ?? "")))
        }
        return JSONSerializer.string(.object(JSONObject(members: members)), options: [.prettyPrinted]) + "\n"
    }

    /// Computes, then writes what changed and removes stale outputs (or, under `--check`, compares).
    package static func run(_ options: Options) -> Result {
        var result = compute(options)
        guard !result.diagnostics.hasErrors else { return result }
        let manager = FileManager.default
        var stale: [String] = []
        for (path, text) in result.outputs.sorted(by: { $0.key < $1.key }) {
            let existing = manager.contents(atPath: path)
            if existing == Data(text.utf8) { continue }
            if options.check {
                stale.append(path)
                continue
            }
            let directory = (path as NSString).deletingLastPathComponent
            do {
                if !directory.isEmpty { try manager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                result.written.append(path)
            } catch {
                result.failures.append(path)
                result.diagnostics.append(.error("could not write \(path): \(error.localizedDescription)", at: [], code: .generate))
            }
        }
        if let out = options.out, let names = try? manager.contentsOfDirectory(atPath: out) {
            let kept = Set(result.outputs.keys.map { ($0 as NSString).standardizingPath })
            for name in names.sorted() where name.hasSuffix(".baton.swift") {
                let path = out.hasSuffix("/") ? out + name : out + "/" + name
                guard !kept.contains((path as NSString).standardizingPath) else { continue }
                if options.check {
                    stale.append(path)
                    continue
                }
                do {
                    try manager.removeItem(atPath: path)
                    result.removed.append(path)
                } catch {
                    result.failures.append(path)
                    result.diagnostics.append(.error("could not remove \(path): \(error.localizedDescription)", at: [], code: .generate))
                }
            }
        }
        result.stale = stale
        return result
    }
}
