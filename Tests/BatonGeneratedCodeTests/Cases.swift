@_spi(Generated) import Baton
import BatonCompiler
import Foundation

/// spec/generated-code: its schema, config and sources, and where their generated code is committed.
enum Cases {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repository.appendingPathComponent("spec/generated-code")
    static let generated = repository.appendingPathComponent("Tests/BatonGeneratedCodeTests/Generated")

    /// What `batonc generate --config spec/generated-code/baton.json --out <Generated> sources` writes.
    static func generate(config: String = "baton.json") -> GenerateCommand.Result {
        let request = CompilationSetup.Request(
            configPath: root.path + "/" + config, schemaPath: nil,
            paths: [root.path + "/sources"])
        return GenerateCommand.compute(.init(request: request, out: generated.path, workingDirectory: root.path))
    }
}

struct TransportFailure: Error, Equatable {}
