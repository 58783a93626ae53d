import BatonCompiler
import BatonDiagnostics
import Foundation
import Testing

/// `batonc format`'s core over files on disk: formatted in place, `--check` writes nothing,
/// a file that does not parse is reported and kept byte for byte.
@Suite struct FormatCommandTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let screen = """
        struct Screen {
            @Query(\"\"\"
            query ScreenQuery { character(id: "1") { name } }
            \"\"\") var query: ScreenQuery
        }

        """

    @Test func checkNamesFilesAndWritesNothingThenFormatWritesThem() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let swift = directory.appendingPathComponent("Screen.swift")
        let graphQL = directory.appendingPathComponent("Other.graphql")
        try Self.screen.write(to: swift, atomically: true, encoding: .utf8)
        try "query Other { a }".write(to: graphQL, atomically: true, encoding: .utf8)

        let check = FormatCommand.run(paths: [directory.path], check: true)
        #expect(check.diagnostics.isEmpty)
        #expect(check.files == 2)
        #expect(check.changed == [graphQL.path, swift.path])
        #expect(try String(contentsOf: swift, encoding: .utf8) == Self.screen)

        let run = FormatCommand.run(paths: [directory.path], check: false)
        #expect(run.changed.count == 2)
        #expect(try String(contentsOf: graphQL, encoding: .utf8) == "query Other {\n  a\n}\n")
        #expect(
            try String(contentsOf: swift, encoding: .utf8) == """
                struct Screen {
                    @Query(\"\"\"
                    query ScreenQuery {
                      character(id: "1") {
                        name
                      }
                    }
                    \"\"\") var query: ScreenQuery
                }

                """)
        #expect(FormatCommand.run(paths: [directory.path], check: true).changed.isEmpty)
    }

    @Test func aSyntaxErrorIsReportedAtItsPositionAndTheFileKept() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Broken.graphql")
        let text = "query Q {\n  a(\n}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let output = FormatCommand.run(paths: [file.path], check: false)
        #expect(output.changed.isEmpty)
        let error = try #require(output.diagnostics.first)
        #expect(error.code == .syntax)
        #expect(error.rendered().hasPrefix("\(file.path):3:1: error: Syntax Error"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func bytesThatAreNotUTF8AreNotRewritten() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Latin1.graphql")
        let bytes: [UInt8] = Array("query Q { a(x: \"".utf8) + [0xE9] + Array("\") }".utf8)
        try Data(bytes).write(to: file)
        let output = FormatCommand.run(paths: [file.path], check: false)
        #expect(output.changed.isEmpty)
        #expect(output.diagnostics.first?.message.contains("not valid UTF-8") == true)
        #expect(try Data(contentsOf: file) == Data(bytes))
    }
}
