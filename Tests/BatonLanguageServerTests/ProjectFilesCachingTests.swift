import BatonDiagnostics
import BatonJSON
import BatonLanguageService
import Foundation
import Testing

@testable import BatonGraphQLFeatures
@testable import BatonLanguageServer

/// Files are parsed once per text (`Project.parsedFiles`): what an edit changes elsewhere must
/// still show, and what it does not touch is not parsed again.
@Suite struct ProjectFilesCachingTests {
    static let header = """
        struct CharacterHeader {
            @Fragment(\"\"\"
            fragment CharacterHeader_character on Character { name }
            \"\"\") var character: CharacterHeader_character
        }

        """
    static let screen = """
        struct Screen {
            @Query(#"query Screen { character(id: "1") { ...CharacterHeader_character } }"#) var screen: Screen
        }

        """

    func codes(_ published: [JSONValue]?) -> [String]? {
        published?.compactMap { $0["code"]?.stringValue }
    }

    @Test func removingASpreadInOneFileShowsTheUnusedFragmentInAnother() throws {
        let project = try TestProject(files: ["Header.swift": Self.header, "Screen.swift": Self.screen])
        let g = GraphQLHarness(project)
        g.open("Header.swift", Self.header)
        g.open("Screen.swift", Self.screen)
        g.settle()
        #expect(codes(g.published("Header.swift")) == [])

        // Screen drops the spread: Header's fragment, its text unchanged, is now spread nowhere.
        let spread = position(of: "...CharacterHeader_character", in: Self.screen)
        g.h.change(
            project.uri("Screen.swift"), version: 2,
            [Harness.edit(spread.line, spread.character, spread.line, spread.character + 28, "name")])
        g.settle()
        #expect(codes(g.published("Header.swift")) == ["UnusedFragment"])

        // And the spread back: the warning goes.
        g.h.change(
            project.uri("Screen.swift"), version: 3,
            [Harness.edit(spread.line, spread.character, spread.line, spread.character + 4, "...CharacterHeader_character")])
        g.settle()
        #expect(codes(g.published("Header.swift")) == [])
    }

    @Test func renamingAFragmentInOneFileBreaksItsSpreadInAnother() throws {
        let project = try TestProject(files: ["Header.swift": Self.header, "Screen.swift": Self.screen])
        let g = GraphQLHarness(project)
        g.open("Screen.swift", Self.screen)
        g.open("Header.swift", Self.header)
        g.settle()
        #expect(codes(g.published("Screen.swift")) == [])
        let name = position(of: "CharacterHeader_character on", in: Self.header)
        g.h.change(
            project.uri("Header.swift"), version: 2, [Harness.edit(name.line, name.character, name.line, name.character + 9, "Renamed")])
        g.settle()
        #expect(g.published("Screen.swift")?.compactMap { $0["message"]?.stringValue } == ["Unknown fragment 'CharacterHeader_character'."])
    }

    @Test func onlyTheEditedFileIsParsedAgain() throws {
        let fragments = "fragment CharacterOrigin_character on Character { origin { name } }\n"
        let project = try TestProject(files: ["Header.swift": Self.header, "Screen.swift": Self.screen, "Origin.graphql": fragments])
        let g = GraphQLHarness(project)
        let query = "query A { character(id: 1) { ...CharacterOrigin_character } }\n"
        g.open("A.graphql", query)
        g.settle()
        let parsedFiles = try #require(g.workspace.state.projects.first?.parsedFiles)
        // The three files on disk and the open one (the schema is no document).
        #expect(parsedFiles.parseCount == 4)
        #expect(codes(g.published("A.graphql")) == [])

        // A file opened with its text on disk, and requests: nothing new to parse.
        g.open("Origin.graphql", fragments)
        g.settle()
        _ = g.labels("A.graphql", line: 0, character: 29)
        _ = g.at("textDocument/hover", "A.graphql", line: 0, character: 12)
        #expect(parsedFiles.parseCount == 4)

        // An edit: that file alone, however many checks and requests follow.
        g.h.change(project.uri("A.graphql"), version: 2, [Harness.edit(0, 29, 0, 29, "nmae ")])
        g.settle()
        #expect(
            g.published("A.graphql")?.compactMap { $0["message"]?.stringValue }
                == ["Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?"])
        #expect(g.labels("A.graphql", line: 0, character: 29).contains("name"))
        #expect(parsedFiles.parseCount == 5)
    }

    @Test func checksOfTheSameTextsShareOneSnapshot() throws {
        let project = try TestProject(files: ["Header.swift": Self.header])
        let loaded = Project.load(configPath: project.path("baton.json"))
        let header = Source(name: project.path("Header.swift"), text: Self.header)
        let screen = Source(name: project.path("Screen.swift"), text: Self.screen)
        let first = loaded.parsedFiles.snapshot(of: [header, screen])
        // Equal texts in new `Source`s are the same files.
        let again = loaded.parsedFiles.snapshot(of: [Source(name: header.name, text: Self.header), screen])
        #expect(first === again)
        #expect(loaded.parsedFiles.parseCount == 2)
        let edited = Source(name: screen.name, text: Self.screen.replacingOccurrences(of: "...CharacterHeader_character", with: "name"))
        let after = loaded.parsedFiles.snapshot(of: [header, edited])
        #expect(after !== first)
        #expect(loaded.parsedFiles.parseCount == 3)
        #expect(DocumentCheck.diagnostics(for: header, in: loaded, snapshot: first).map(\.code) == [])
        #expect(DocumentCheck.diagnostics(for: header, in: loaded, snapshot: after).map(\.code) == [.unusedFragment])
    }
}
