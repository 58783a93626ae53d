import Foundation
import Testing
@_spi(Generated) import Baton

/// The conformance data, found from this file (nothing reads /work/shared at test time).
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repository.appendingPathComponent("spec/conformance")
    static let generated = repository.appendingPathComponent("Tests/BatonConformanceTests/Generated")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

/// `spec/conformance/manifest.json`: each case's operation, variables, responses and dump.
struct Manifest: Decodable {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var operation: String
        var kind: String
        var variables: [String: JSONVariable]?
        var responses: [String]
        var records: String
        var complete: Bool
        var testDescription: String { name }
    }

    var cases: [Case]

    static func load() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(Fixtures.bytes("manifest.json")))
    }
}

/// A JSON value read as an operation's variable.
struct JSONVariable: Decodable, Sendable {
    var value: Baton.VariableValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { value = .null }
        else if let flag = try? container.decode(Bool.self) { value = .bool(flag) }
        else if let number = try? container.decode(Int.self) { value = .int(number) }
        else if let number = try? container.decode(Double.self) { value = .float(number) }
        else if let text = try? container.decode(String.self) { value = .string(text) }
        else if let list = try? container.decode([JSONVariable].self) { value = .list(list.map(\.value)) }
        else { value = .object(try container.decode([String: JSONVariable].self).mapValues(\.value)) }
    }
}

/// A generated operation's plan and lens with the variables a case gives, as JSON.
struct WithVariables<Base: Baton.Operation>: Baton.Operation {
    typealias Data = Base.Data
    static var name: String { Base.name }
    static var plan: Baton.Plan { Base.plan }
    let variables: Baton.Variables
}

/// Commits a case's responses through a generated operation's plan.
struct GeneratedOperation: Sendable {
    let commit: @MainActor @Sendable (Environment, Baton.Variables, [Payload], _ complete: Bool) async throws -> Void

    static func of<O: Baton.Operation>(_: O.Type) -> GeneratedOperation {
        GeneratedOperation { environment, variables, payloads, complete in
            let operation = WithVariables<O>(variables: variables)
            if payloads.count > 1 {
                try await environment.commitResponse(operation, parts: payloads)
            } else if complete {
                try await environment.commitResponse(operation, payloads[0])
            } else {
                try await environment.commitPayload(operation, payloads[0])
            }
        }
    }
}
