import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// The built baton-lsp driven by a second real client: batch Emacs with eglot and
/// editors/emacs/baton.el (the configuration users load), through editors/emacs/test/check.el.
/// Needs `emacs` with eglot (`apt-get install -y emacs-nox elpa-eglot`, as scripts/setup
/// does); skipped where missing, failed under CI.
let installedEmacs = EditorRun.installed(["/usr/bin/emacs", "/usr/local/bin/emacs"])

@Suite(.serialized, .enabled(if: EditorRun.required(installedEmacs))) struct EmacsClientTests {
    static let checkScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("editors/emacs/test/check.el").path

    @Test func eglotShowsTheDiagnosticCompletesAFieldAndHovers() async throws {
        let emacs = try #require(installedEmacs, "emacs is required under CI (apt-get install -y emacs-nox elpa-eglot)")
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
        let run = try await EditorRun.run(
            emacs, ["--batch", "-l", Self.checkScript],
            environment: [
                "BATON_LSP": ServerRun.executable.path, "BATON_FILE": project.path("Sources/Header.swift"),
                "BATON_COMPLETE": "4:8", "BATON_HOVER": "3:7", "BATON_TIMEOUT": "30", "HOME": project.root,
            ], timeout: 90)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0, "emacs: \(run.stderr.suffix(2000))")
        let report = try run.report()
        #expect(report["error"] == nil)
        #expect(report["mode"] == "swift-mode")
        // As the server sent it, and as flymake shows it in the buffer (its text prefixed with
        // the source and code, e.g. "baton [FieldsOnCorrectType]: ").
        let message = "Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?"
        let sent = try #require(report["diagnostics"]?.arrayValue?.first { $0["line"] == 4 }, "\(run.stdout)")
        #expect(sent["character"] == 6)
        #expect(sent["message"]?.stringValue == message)
        let shown = try #require(report["flymake"]?.arrayValue?.first { $0["line"] == 4 }, "\(run.stdout)")
        #expect(shown["character"] == 6)
        #expect(shown["message"]?.stringValue?.hasSuffix(": " + message) == true)
        let labels = (report["completion"]?.arrayValue ?? []).compactMap { $0.stringValue }
        #expect(labels.contains("name") && labels.contains("status") && labels.contains("__typename"))
        #expect(report["hover"]?.stringValue?.hasPrefix("```graphql\nCharacter.id: ID!\n```") == true)
        #expect(report["hover"]?.stringValue?.hasSuffix("```swift\nvar id: Baton.ID\n```") == true)
    }
}
