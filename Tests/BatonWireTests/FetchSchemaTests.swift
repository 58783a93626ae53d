import BatonCompiler
import BatonTestServer
import Foundation
import Testing

/// `batonc fetch-schema` against the example's server, and its printer against graphql-core's.
@Suite(.testServer, .timeLimit(.minutes(2))) struct FetchSchemaTests {
    /// The built `batonc`, beside the test bundle.
    static var batonc: URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("batonc").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("batonc")
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func theFetchedSchemaIsTheServersPrintedSchema() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("schema.graphql")
        let fetched = try await ChildProcess.run(
            Self.batonc, ["fetch-schema", try Server.running.httpURL().absoluteString, "--out", out.path])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let printed = try await ChildProcess.run(TestServer.python, [TestServer.script.path, "--print-schema"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == printed.stdout)
        // Only the file: no temporary left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["schema.graphql"])
    }

    @Test func headersAreSentAndARefusalWritesNothing() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("schema.graphql")
        let url = try Server.running.httpURL(route: "auth/graphql").absoluteString
        let refused = try await ChildProcess.run(Self.batonc, ["fetch-schema", url, "--out", out.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("batonc: fetch-schema: \(url) answered HTTP 401: "))
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let allowed = try await ChildProcess.run(Self.batonc, ["fetch-schema", url, "--header", "Authorization: Bearer good"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("type Query {"))
    }

    @Test func aDownEndpointLeavesTheFileAlone() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("schema.graphql")
        try Data("type Query { kept: Int }\n".utf8).write(to: out)
        for url in ["http://127.0.0.1:1/graphql", try Server.running.httpURL(route: "drop/graphql").absoluteString] {
            let down = try await ChildProcess.run(Self.batonc, ["fetch-schema", url, "--out", out.path])
            #expect(down.status == 1)
            #expect(down.stderr.hasPrefix("batonc: fetch-schema: no answer from \(url): "))
            #expect(down.stderr.filter { $0 == "\n" }.count == 1)
            #expect(try String(contentsOf: out, encoding: .utf8) == "type Query { kept: Int }\n")
        }
        let notFound = try await ChildProcess.run(
            Self.batonc, ["fetch-schema", try Server.running.httpURL(route: "nothing").absoluteString])
        #expect(notFound.status == 1)
        #expect(notFound.stderr.contains("answered HTTP 404: no route /nothing"))
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        for arguments in [["fetch-schema"], ["fetch-schema", "ftp://x/"], ["fetch-schema", "http://x/", "--header", "novalue"]] {
            let run = try await ChildProcess.run(Self.batonc, arguments)
            #expect(run.status == 2, "\(arguments)")
        }
    }

    @Test func answersWithoutASchemaSayWhy() {
        #expect(throws: IntrospectionSDL.Failure.self) { try IntrospectionSDL.sdl(response: Array("<html>oops</html>".utf8)) }
        let refused = #"{"data":null,"errors":[{"message":"introspection is disabled"},{"message":"really"}]}"#
        #expect(throws: IntrospectionSDL.Failure(message: "introspection was refused: introspection is disabled; really")) {
            try IntrospectionSDL.sdl(response: Array(refused.utf8))
        }
        #expect(throws: IntrospectionSDL.Failure.self) { try IntrospectionSDL.sdl(response: Array(#"{"data":{}}"#.utf8)) }
        #expect(throws: IntrospectionSDL.Failure.self) {
            try IntrospectionSDL.sdl(response: Array(#"{"data":{"__schema":{"types":[{"name":"X","kind":"ALIEN"}]}}}"#.utf8))
        }
    }

    /// A name or default value the SDL cannot hold is an error naming it, never a schema file that
    /// does not parse (found by the fuzz-introspection target's property).
    @Test func namesAndDefaultValuesThatAreNotGraphQLFail() throws {
        func schema(_ types: String) -> [UInt8] {
            Array(#"{"data":{"__schema":{"queryType":{"name":"Query"},"types":["#.utf8) + Array(types.utf8) + Array("]}}}".utf8)
        }
        let field = #"{"name":"Query","kind":"OBJECT","fields":[{"name":"%@","args":[%@],"type":{"kind":"SCALAR","name":"String"}}]}"#
        func query(field name: String, args: String = "") -> [UInt8] {
            schema(
                field.replacingOccurrences(of: "%@", with: name, options: [], range: field.range(of: "%@"))
                    .replacingOccurrences(of: "%@", with: args))
        }
        #expect(throws: IntrospectionSDL.Failure(message: #"a field of Query has a name that is not a GraphQL name: "two words""#)) {
            try IntrospectionSDL.sdl(response: query(field: "two words"))
        }
        #expect(throws: IntrospectionSDL.Failure(message: #"a type has a name that is not a GraphQL name: "1st""#)) {
            try IntrospectionSDL.sdl(response: schema(#"{"name":"1st","kind":"OBJECT","fields":[]}"#))
        }
        let injected = #"{"name":"a","type":{"kind":"SCALAR","name":"Int"},"defaultValue":"1) { hacked: String }\n#"}"#
        #expect(throws: IntrospectionSDL.Failure.self) { try IntrospectionSDL.sdl(response: query(field: "f", args: injected)) }
        // Good names and a constant default still print.
        let good = #"{"name":"a","type":{"kind":"SCALAR","name":"Int"},"defaultValue":"[1, 2]"}"#
        #expect(try IntrospectionSDL.sdl(response: query(field: "f", args: good)) == "type Query {\n  f(a: Int = [1, 2]): String\n}\n")
    }

    /// Every construct the printer has, against graphql-core's `print_schema(build_client_schema(…))`
    /// of the same introspection result.
    @Test func printsAsGraphQLCorePrintsAnIntrospectedSchema() async throws {
        let sdl = #"""
            """The root."""
            schema { query: Root mutation: Change }
            """A directive"""
            directive @tag(
              """what it says"""
              name: String! = "x"
              other: [Int!] = [1, 2]
            ) repeatable on FIELD_DEFINITION | OBJECT
            directive @plain(a: Int) on FIELD
            scalar Date @specifiedBy(url: "https://example.com/date?a=\"b\"")
            "Quoted because it has\n  an indented line after a blank one\n\n  x"
            interface Node { id: ID! }
            interface Named implements Node { id: ID! name: String @deprecated(reason: "use \"title\"") }
            type Root implements Node & Named {
              id: ID!
              name: String @deprecated(reason: "use \"title\"")
              old: Int @deprecated
              """
              Multi-line
              description
              """
              items(
                first: Int = 10
                "an argument with a description"
                filter: Filter
                legacy: Boolean @deprecated(reason: "gone")
              ): [[Item!]]!
              when: Date
            }
            type Change { touch: Root }
            union Item = Root | Change
            enum Color {
              "red"
              RED
              GREEN @deprecated(reason: "No longer supported")
              BLUE @deprecated(reason: "not blue")
            }
            input Filter @oneOf { color: Color old: Int @deprecated text: String }
            input Range { from: Int = 0 to: Int = null }
            """#
        let script = """
            import json, sys
            from graphql import build_client_schema, build_schema, introspection_from_schema, print_schema
            result = introspection_from_schema(build_schema(sys.stdin.read()))
            print(json.dumps({"data": result}))
            print(json.dumps(print_schema(build_client_schema(result)) + "\\n"))
            """
        let oracle = try await ChildProcess.run(TestServer.python, ["-c", script], input: Data(sdl.utf8))
        #expect(oracle.status == 0, "\(oracle.stderr)")
        let lines = oracle.stdout.split(separator: "\n", maxSplits: 1)
        try #require(lines.count == 2)
        let expected = try JSONDecoder().decode(String.self, from: Data(lines[1].utf8))
        #expect(try IntrospectionSDL.sdl(response: Array(lines[0].utf8)) == expected)
    }
}
