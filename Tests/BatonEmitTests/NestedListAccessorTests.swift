import BatonCompiler
import BatonEmit
import BatonIR
import Foundation
import Testing

/// Lists of lists get an accessor spelled with the schema's nullability at each level (hover shows
/// the same), and `@required(action: LOG)` passes its path to the runtime's log.
@Suite struct NestedListAccessorTests {
    static let schema = """
        type Query { character(id: ID!): Character }
        type Character {
          id: ID! name: String grid: [[Int]] letters: [[String!]!] matrix: [[[Float!]]!]!
          rates: [[Decimal!]!] teams: [[Character]] squads: [[Character!]!]! origin: Location
        }
        type Location { id: ID! name: String }
        scalar Decimal
        """

    /// The fragment `Grid_character`'s accessor declarations, and the generated Swift.
    static func compile(_ source: String) throws -> (declaration: (String) -> String?, output: String) {
        let target = try TemporaryTarget(files: ["Sources/App/Grid.graphql": source])
        defer { target.remove() }
        try schema.write(toFile: target.directory + "/schema.graphql", atomically: true, encoding: .utf8)
        let compiled = TargetCompilation.compile(target.request(["Sources/App/Grid.graphql"]))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map { $0.rendered() })")
        let program = try #require(compiled.transforms?.program)
        let result = GenerateCommand.compute(target.options(["Sources/App/Grid.graphql"]))
        let output = try #require(result.outputs.first { $0.key.hasSuffix("Grid.graphql.baton.swift") }?.value)
        return (
            { key in
                LensNaming.accessorDeclaration(
                    responseKey: key, fragment: "Grid_character", program: program,
                    customScalars: ["Decimal": "Foundation.Decimal"])
            }, output
        )
    }

    @Test func eachLevelKeepsTheSchemasNullability() throws {
        let (declaration, output) = try Self.compile(
            """
            fragment Grid_character on Character {
              grid letters matrix rates teams { name } squads { name }
              thrown: grid @required(action: THROW) caught: letters @catch
            }
            query GridQuery { character(id: "1") { ...Grid_character } }
            """)
        #expect(declaration("grid") == "var grid: [[Int?]?]?")
        #expect(declaration("letters") == "var letters: [[String]]?")
        #expect(declaration("matrix") == "var matrix: [[[Double]?]]")
        // A mapped scalar's every level is optional: its text may not convert.
        #expect(declaration("rates") == "var rates: [[Foundation.Decimal?]?]?")
        #expect(declaration("teams") == "var teams: [Baton.List<Grid_character.Teams>?]?")
        #expect(declaration("squads") == "var squads: [Baton.List<Grid_character.Squads>]")
        #expect(declaration("thrown") == "var thrown: [[Int?]?]")
        #expect(declaration("caught") == "var caught: Result<[[String]]?, Baton.FieldErrors>")
        #expect(output.contains("@MainActor var matrix: [[[Double]?]] { anchor.read(Slots.Character.matrix) }"))
        #expect(output.contains("@MainActor var thrown: [[Int?]?] { get throws { try anchor.required(Slots.Character.grid) } }"))
        #expect(
            output.contains("@MainActor var teams: [Baton.List<Grid_character.Teams>?]? { anchor.read(plural: Slots.Character.teams) }"))
        // The plan says how deep a scalar list goes.
        #expect(output.contains(#".scalar("matrix", key: .fixed(Slots.Character.matrix), kind: .float, list: true, levels: 3)"#))
        #expect(output.contains(#".scalar("name", key: .fixed(Slots.Character.name), kind: .string)"#))
    }

    @Test func logRequiredFieldsCarryTheirPathNoneDoNot() throws {
        let (_, output) = try Self.compile(
            """
            fragment Grid_character on Character {
              name @required(action: LOG)
              origin { name @required(action: LOG) }
              place: origin { name @required(action: NONE) }
            }
            query GridQuery { character(id: "1") { ...Grid_character } }
            """)
        #expect(output.contains(#"anchor.spread(requiring: [Baton.LoggedRequirement(Slots.Character.name, path: "name")])"#))
        #expect(
            output.contains(
                #"anchor.read(link: Slots.Character.origin, requiring: [Baton.LoggedRequirement(Slots.Location.name, path: "origin.name")])"#
            ))
        #expect(output.contains("anchor.read(link: Slots.Character.origin, requiring: [Slots.Location.name])"))
    }

    @Test func mappedGridsUnderThrowingRulesKeepTheSchemasNullabilityAndThrow() throws {
        let (_, output) = try Self.compile(
            """
            fragment Grid_character on Character @throwOnFieldError { rates }
            fragment Checked_character on Character { required: rates @required(action: LOG) caught: rates @catch }
            query GridQuery { character(id: "1") { ...Grid_character ...Checked_character } }
            """)
        #expect(
            output.contains("@MainActor var rates: [[Foundation.Decimal]]? { get throws { try anchor.throwing(Slots.Character.rates) } }"))
        #expect(
            output.contains("@MainActor var required: [[Foundation.Decimal]] { get throws { try anchor.required(Slots.Character.rates) } }")
        )
        #expect(
            output.contains(
                "@MainActor var caught: Result<[[Foundation.Decimal?]?]?, Baton.FieldErrors> { anchor.caught(Slots.Character.rates) }"))
    }

    @Test func aRequiredChainReachingTheRootFailsTheOperation() throws {
        let (_, output) = try Self.compile(
            """
            fragment Grid_character on Character { origin @required(action: NONE) { name @required(action: LOG) } }
            query GridQuery { character(id: "1") @required(action: NONE) { id origin @required(action: LOG) { name @required(action: LOG) } ...Grid_character } }
            """)
        // A required link whose lens requires fields reads non-optional; its null, or theirs, bubbles.
        #expect(
            output.contains("@MainActor var origin: Grid_character.Origin { anchor.read(link: Slots.Character.origin, Types.Location) }"))
        #expect(
            output.contains(
                #"anchor.spread(requiring: [Baton.Requirement(Slots.Character.origin, path: "origin", requiring: [Baton.Requirement(Slots.Location.name, path: "origin.name", logged: true)])])"#
            ))
        // At the operation's root every requirement is named by its path.
        #expect(output.contains("struct Data: Baton.RequiringRoot {"))
        #expect(
            output.contains(
                #", path: "character", requiring: [Baton.Requirement(Slots.Character.origin, path: "character.origin", logged: true, requiring: [Baton.Requirement(Slots.Location.name, path: "character.origin.name", logged: true)])])]"#
            ))
    }
}
