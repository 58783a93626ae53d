import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

@testable import BatonLanguageService

/// A document's check compiles only the documents that can change its findings
/// (`CheckScope`); the findings must be exactly those of the whole project's compilation.
@Suite struct CheckScopeTests {
    /// Each file's diagnostics from the language service beside the whole compilation's.
    func compare(_ project: Project, _ files: [Source]) {
        guard let schema = project.schema else {
            Issue.record("no schema: \(project.diagnostics.map { $0.rendered() })")
            return
        }
        let whole = Compilation.run(files: files, schema: schema, config: project.config).diagnostics
        for file in files {
            let expected = (project.diagnostics + whole).filter { DocumentCheck.isIn(file, $0) }.map { $0.rendered() }
            let found = DocumentCheck.diagnostics(for: file, in: project, files: files).map { $0.rendered() }
            #expect(found == expected, "\(file.name)")
        }
    }

    @Test func conformanceSourcesGetTheWholeProjectsFindings() throws {
        let conformance = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("spec/conformance")
        let project = Project.load(configPath: conformance.appendingPathComponent("tests/baton.json").path)
        let directory = conformance.appendingPathComponent("sources").path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let files = names.map {
            Source(name: directory + "/" + $0, text: try! String(contentsOfFile: directory + "/" + $0, encoding: .utf8))
        }
        #expect(files.count > 100)
        compare(project, files)
        // And with every third file left out: spreads of missing fragments, fragments
        // nothing spreads any more.
        compare(project, files.enumerated().filter { $0.offset % 3 != 1 }.map(\.element))
    }

    @Test func crossFileFindingsAreTheWholeProjectsFindings() throws {
        let project = try TestProject()
        let loaded = Project.load(configPath: project.path("baton.json"))
        let texts: [(String, String)] = [
            // A variable used in a fragment, defined (or not) by the operation spreading it.
            ("A.graphql", "query A($id: ID!) { character(id: $id) { ...B } }\n"),
            ("B.graphql", "fragment B on Character { name episodes(first: $count) { ...C } }\n"),
            ("C.graphql", "fragment C on Episode { title }\nfragment Unused on Episode { id }\n"),
            // The same names twice: operations, fragments.
            ("D.graphql", "query A { character(id: 1) { name } }\nfragment C on Character { id }\n"),
            // Conflicting fields through spreads from two files.
            ("E.graphql", "query E { character(id: 2) { ...F1 ...F2 } }\n"),
            ("F1.graphql", "fragment F1 on Character { x: name }\n"),
            ("F2.graphql", "fragment F2 on Character { x: nickname }\n"),
            // A chain: G spreads H spreads I; only G is an operation.
            ("G.graphql", "query G { character(id: 3) { ...H } }\n"),
            ("H.graphql", "fragment H on Character { origin { ...I } }\n"),
            ("I.graphql", "fragment I on Location { name }\n"),
            // A cycle, an unknown spread, labels given twice.
            ("J.graphql", "fragment J on Character { ...K }\nfragment K on Character { ...J ...Nowhere }\n"),
            ("L.graphql", "query L { character(id: 4) { ... @defer(label: \"same\") { name } } }\n"),
            ("M.graphql", "query M { character(id: 5) { ... @defer(label: \"same\") { name } } }\n"),
            // An anonymous operation beside another in one file, and a syntax error.
            ("N.graphql", "{ character(id: 6) { name } }\nquery N2 { node(id: 1) { id } }\n"),
            ("O.graphql", "fragment O on Character { name \n"),
        ]
        let files = texts.map { Source(name: project.path($0.0), text: $0.1) }
        compare(loaded, files)
        for left in files.indices { compare(loaded, files.enumerated().filter { $0.offset != left }.map(\.element)) }
    }
}
