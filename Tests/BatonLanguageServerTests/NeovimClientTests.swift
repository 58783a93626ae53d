import BatonDiagnostics
import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// The built baton-lsp driven by a real editor: headless Neovim with editors/neovim/baton.lua
/// (the configuration users get), through editors/neovim/test/check.lua. Runs where `nvim`
/// is installed (`apt-get install -y neovim`).
let installedNeovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite(.serialized, .enabled(if: installedNeovim != nil)) struct NeovimClientTests {
    static let checkScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("editors/neovim/test/check.lua").path

    @Test func diagnosticCompletionAndHoverOnASwiftFileWithAMisspelledField() throws {
        let header = """
            struct CharacterHeader {
                @Fragment(\"\"\"
                fragment CharacterHeader_character on Character {
                  id
                  nmae
                }
                \"\"\") var character: CharacterHeader_character
            }

            """
        let project = try TestProject(files: ["Sources/Header.swift": header])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: installedNeovim!)
        process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(Self.checkScript)"]
        var environment = ProcessInfo.processInfo.environment
        environment["BATON_LSP"] = ServerRun.executable.path
        environment["BATON_FILE"] = project.path("Sources/Header.swift")
        environment["BATON_COMPLETE"] = "4:8"
        environment["BATON_HOVER"] = "3:7"
        environment["BATON_TIMEOUT"] = "30000"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        var diagnostics: [Diagnostic] = []
        let report = try #require(JSONParser.parse(Source(name: "nvim", text: line), diagnostics: &diagnostics))
        #expect(report["error"] == nil)
        #expect(report["filetype"] == "swift")
        let first = try #require(report["diagnostics"]?[0])
        #expect(first["line"] == 4 && first["character"] == 6)
        #expect(first["message"] == "Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?")
        let labels = (report["completion"]?.arrayValue ?? []).compactMap { $0.stringValue }
        #expect(labels.contains("name") && labels.contains("status") && labels.contains("__typename"))
        #expect(report["hover"]?.stringValue?.hasPrefix("```graphql\nCharacter.id: ID!\n```") == true)
        #expect(report["hover"]?.stringValue?.hasSuffix("```swift\nvar id: Baton.ID\n```") == true)
    }
}
