import BatonDiagnostics
import BatonJSON
import Foundation
import Testing

@testable import BatonLanguageServer

/// The built baton-lsp driven by a real editor: headless Neovim with editors/neovim/baton.lua
/// (the configuration users get), through editors/neovim/test/check.lua. Needs `nvim`
/// (`apt-get install -y neovim`); skipped where missing, failed under CI (`CI` set).
let installedNeovim = EditorRun.installed(["/usr/bin/nvim", "/usr/local/bin/nvim"])

/// sourcekit-lsp from the toolchain running the tests (beside `swift` on PATH), or /opt/swift's.
let installedSourceKitLSP = EditorRun.installed(
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/sourcekit-lsp" }
        + ["/opt/swift/usr/bin/sourcekit-lsp", "/usr/bin/sourcekit-lsp"])

@Suite(.serialized, .enabled(if: EditorRun.required(installedNeovim))) struct NeovimClientTests {
    static let checkScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("editors/neovim/test/check.lua").path

    func runNeovim(_ environment: [String: String], timeout: Double) async throws -> EditorRun {
        let nvim = try #require(installedNeovim, "nvim is required under CI (apt-get install -y neovim)")
        var environment = environment
        environment["BATON_LSP"] = ServerRun.executable.path
        return try await EditorRun.run(
            nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(Self.checkScript)"],
            environment: environment, timeout: timeout)
    }

    @Test func diagnosticCompletionAndHoverOnASwiftFileWithAMisspelledField() async throws {
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
        let run = try await runNeovim(
            [
                "BATON_FILE": project.path("Sources/Header.swift"), "BATON_COMPLETE": "4:8", "BATON_HOVER": "3:7",
                "BATON_TIMEOUT": "30000",
            ], timeout: 90)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0)
        let report = try run.report()
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

    /// Both servers on one Swift file of a SwiftPM package, as `baton.lua` with
    /// `sourcekit = true` starts them: sourcekit-lsp reports the Swift type error, baton-lsp
    /// the misspelled field, and Neovim shows both. sourcekit-lsp loads the package first
    /// (no build needed; background indexing is off so it starts no build): its first
    /// diagnostics took 2–3 s on an idle machine and about 15 s on two busy cores, hence the
    /// generous bound.
    @Test func besideSourceKitLSPBothServersDiagnosticsShow() async throws {
        let sourcekit = try #require(installedSourceKitLSP, "sourcekit-lsp is required under CI (it ships with Swift)")
        let header = """
            struct CharacterHeader {
                @Fragment(\"\"\"
                fragment CharacterHeader_character on Character {
                  id
                  nmae
                }
                \"\"\") var character: CharacterHeader_character
            }

            let count: Int = "three"

            """
        let project = try TestProject(files: [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Demo", targets: [.target(name: "Demo")])

            """,
            // What Baton's runtime declares, reduced to what the file needs to type-check.
            "Sources/Demo/Stubs.swift": """
            @propertyWrapper struct Fragment<Value> {
                var wrappedValue: Value { fatalError() }
                init(_ text: String) {}
            }
            struct CharacterHeader_character {}

            """,
            "Sources/Demo/Header.swift": header,
            ".sourcekit-lsp/config.json": #"{"backgroundIndexing": false}"#,
        ])
        let run = try await runNeovim(
            [
                "BATON_FILE": project.path("Sources/Demo/Header.swift"), "BATON_SOURCEKIT": sourcekit,
                "BATON_TIMEOUT": "100000", "BATON_HOVER": "3:7",
            ], timeout: 120)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0)
        let report = try run.report()
        #expect(report["error"] == nil)
        #expect(report["attached"] == ["baton", "sourcekit-lsp"])
        let baton = try #require(report["servers"]?["baton"]?["diagnostics"]?.arrayValue, "\(run.stdout)")
        // The misspelled field (the other is the warning that no operation spreads the fragment).
        let field = baton.first { $0["line"] == 4 }
        #expect(field?["character"] == 6)
        #expect(field?["message"] == "Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?")
        #expect(!baton.contains { $0["line"] == 9 })
        let swift = try #require(report["servers"]?["sourcekit-lsp"]?["diagnostics"]?.arrayValue, "\(run.stdout)")
        let typeError = swift.first { $0["message"] == "Cannot convert value of type 'String' to specified type 'Int'" }
        #expect(typeError?["line"] == 9 && typeError?["character"] == 17, "sourcekit-lsp: \(swift)")
        // sourcekit-lsp does not complain about the GraphQL, nor baton-lsp about the Swift.
        #expect(!swift.contains { $0["line"] == 4 })
        // Requests still reach baton-lsp with the other server attached.
        #expect(report["hover"]?.stringValue?.hasPrefix("```graphql\nCharacter.id: ID!\n```") == true)
        let batonMilliseconds = report["servers"]?["baton"]?["first_ms"]?.intValue ?? -1
        let sourcekitMilliseconds = report["servers"]?["sourcekit-lsp"]?["first_ms"]?.intValue ?? -1
        print("NeovimClientTests: first diagnostics after \(batonMilliseconds) ms (baton-lsp), \(sourcekitMilliseconds) ms (sourcekit-lsp)")
    }
}
