import BatonTestServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The harness and the server it runs: the schema the server serves is the example's schema, and
/// the server starts, answers and stops.
@Suite struct TestServerTests {
    @Test func servedSchemaIsTheExampleSchema() async throws {
        let printed = try await ChildProcess.run(
            TestServer.python, [TestServer.script.path, "--print-schema"], directory: TestServer.repository)
        try #require(printed.status == 0, "--print-schema failed:\n\(printed.stderr)")
        let schemaFile = TestServer.repository.appendingPathComponent("Examples/RickAndMorty/schema.graphql")
        // graphql-core builds both, sorts them and prints them without directive definitions
        // (the server's @defer/@stream are the executor's, not the API's): equal texts mean the same
        // types, fields, arguments, defaults and descriptions.
        let compare = """
            import sys
            from graphql import GraphQLSchema, build_schema, lexicographic_sort_schema, print_schema
            def normal(text):
                schema = build_schema(text)
                schema = GraphQLSchema(schema.query_type, schema.mutation_type, schema.subscription_type,
                                       list(schema.type_map.values()), directives=[])
                return print_schema(lexicographic_sort_schema(schema))
            served = normal(sys.stdin.read())
            declared = normal(open(sys.argv[1], encoding="utf-8").read())
            if served != declared:
                import difflib
                sys.exit("\\n".join(difflib.unified_diff(declared.splitlines(), served.splitlines(),
                                                       "schema.graphql", "server.py", lineterm="")))
            """
        let compared = try await ChildProcess.run(
            TestServer.python, ["-c", compare, schemaFile.path], input: Data(printed.stdout.utf8), directory: TestServer.repository)
        #expect(compared.status == 0, "the served schema differs:\n\(compared.stderr)")
    }

    @Test func startsAnswersAndStops() async throws {
        let server = try await TestServer.start()
        #expect(server.port > 0)
        var request = URLRequest(url: server.httpURL())
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"{ character(id: \"1\") { name } }"}"#.utf8)
        request.timeoutInterval = 10
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"data":{"character":{"name":"Rick Sanchez"}}}"#)
        server.stop()
        request.timeoutInterval = 2
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(for: request) }
    }

    @Test func documentsFromAFileAreServedByTheirId() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-documents-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        // The id is the sha256 of the text.
        let id = "sha256:b91a9e0323f685ca94ef8bc545a4a3907937bbb4b70fa0cf1648f9d724f2ddf4"
        try Data(#"{"\#(id)":"query EpisodeName($id:ID!){episode(id:$id){id,name}}"}"#.utf8).write(to: file)
        let server = try await TestServer.start(arguments: ["--documents", file.path])
        defer { server.stop() }
        var request = URLRequest(url: server.httpURL())
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.timeoutInterval = 20
        for (key, answer) in [
            (id, #"{"data":{"episode":{"id":"1","name":"Pilot"}}}"#),
            (String(id.dropFirst("sha256:".count)), #"{"data":{"episode":{"id":"1","name":"Pilot"}}}"#),
            (
                "sha256:0000",
                #"{"data":null,"errors":[{"message":"No persisted document sha256:0000","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
            ),
        ] {
            request.httpBody = Data(#"{"documentId":"\#(key)","variables":{"id":"1"}}"#.utf8)
            let (body, _) = try await URLSession.shared.data(for: request)
            #expect(String(decoding: body, as: UTF8.self) == answer)
        }
    }

    @Test func badArgumentsFailTheStartClearly() async throws {
        let error = await #expect(throws: TestServer.StartError.self) {
            _ = try await TestServer.start(arguments: ["--documents", "/nonexistent/documents.json"])
        }
        #expect(error?.description.contains("exited with status") == true)
    }
}
