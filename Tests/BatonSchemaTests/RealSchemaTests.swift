import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// The schemas the project really uses build as they should.
@Suite struct RealSchemaTests {
    @Test func rickAndMortyBuildsWithoutDiagnostics() throws {
        let result = build(try readSpec("schemas/rick-and-morty.schema.graphql"))
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        #expect(schema.queryType.map { schema[$0].name } == "Query")
        #expect(schema.mutationType == nil)
        #expect(schema.type(named: "Character")?.origin == .server)
    }

    /// GitHub's published schema: two fields defined twice identically (descriptions
    /// aside) and twelve implementation fields deprecated where the interface's are not,
    /// all warnings at graphql-core's positions; the schema still builds.
    @Test func gitHubBuildsWithItsKnownWarnings() throws {
        let result = build(try readSpec("schemas/github.schema.graphql"))
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.diagnostics.count == 14)
        let duplicate = "Field 'EnterpriseOwnerInfo.repositoryDeployKeySetting"
        let deprecated = { (i: String, t: String, f: String) in
            "warning: Interface field \(i).\(f) is not deprecated, so implementation field \(t).\(f) must not be deprecated."
        }
        #expect(
            described(result.diagnostics) == [
                "warning: \(duplicate)' can only be defined once. @ 15003:3, 15153:3",
                "warning: \(duplicate)Organizations' can only be defined once. @ 15008:3, 15158:3",
                deprecated("Node", "Project", "id") + " @ 33126:11, 33126:7",
                deprecated("Node", "ProjectCard", "id") + " @ 33249:11, 33249:7",
                deprecated("Node", "ProjectColumn", "id") + " @ 33429:11, 33429:7",
                deprecated("Reactable", "PullRequest", "databaseId") + " @ 36957:19, 36957:15",
                deprecated("Reactable", "PullRequestReview", "databaseId") + " @ 38263:19, 38263:15",
                deprecated("Reactable", "PullRequestReviewComment", "databaseId") + " @ 38510:19, 38510:15",
                deprecated("Comment", "TeamDiscussion", "authorAssociation") + " @ 55971:48, 55971:22",
                deprecated("UniformResourceLocatable", "TeamDiscussion", "resourcePath") + " @ 56136:22, 56136:17",
                deprecated("UniformResourceLocatable", "TeamDiscussion", "url") + " @ 56156:13, 56156:8",
                deprecated("Comment", "TeamDiscussionComment", "authorAssociation") + " @ 56236:48, 56236:22",
                deprecated("UniformResourceLocatable", "TeamDiscussionComment", "resourcePath") + " @ 56351:22, 56351:17",
                deprecated("UniformResourceLocatable", "TeamDiscussionComment", "url") + " @ 56361:13, 56361:8",
            ])
        let schema = try #require(result.schema)
        let owner = try #require(schema.type(named: "EnterpriseOwnerInfo"))
        #expect(owner.fields.filter { $0.name == "repositoryDeployKeySetting" }.count == 1)
        // The first of the two definitions serves.
        #expect(owner.field("repositoryDeployKeySetting")?.description?.contains("deploy keys are enabled") == true)
        #expect(schema.type(named: "Repository")?.interfaces.isEmpty == false)
        #expect(schema.mutationType.map { schema[$0].name } == "Mutation")
    }

    /// The conformance suite's test schema with its client extension: no diagnostics, and
    /// the extension's fields and types are the client's.
    @Test func conformanceSchemaWithClientExtensions() throws {
        let server = parse(try readSpec("conformance/tests/schema.graphql"))
        let client = parse(try readSpec("conformance/tests/extensions.graphql"), name: "extensions.graphql")
        let result = SchemaBuilder.build([server], clientExtensions: [client])
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        let character = try #require(schema.type(named: "Character"))
        #expect(character.origin == .server)
        #expect(character.field("name")?.origin == .server)
        #expect(character.field("isPinned")?.origin == .client)
        #expect(character.field("note")?.origin == .client)
        #expect(schema.type(named: "Draft")?.origin == .client)
        let query = try #require(schema.queryType)
        #expect(schema.field("drafts", on: query)?.origin == .client)
        #expect(schema.field("drafts", on: query).map { schema.text(of: $0.type) } == "[Draft]")
        #expect(character.field("species")?.directives.map(\.name.value) == ["semanticNonNull"])
    }

    @Test func conformanceRickAndMortySchema() throws {
        #expect(diagnostics(try readSpec("conformance/rickandmorty/schema.graphql")) == [])
    }
}
