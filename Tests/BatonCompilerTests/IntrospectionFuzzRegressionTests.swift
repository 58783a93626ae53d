import BatonCompiler
import BatonDiagnostics
import BatonSyntax
import Foundation
import Testing

/// Every input the `introspection` fuzz target (Fuzz/fuzz-introspection) once failed on, from
/// spec/fuzz-regressions/introspection, through the same entry point and property: a clear
/// failure, or SDL that parses.
@Suite struct IntrospectionFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec/fuzz-regressions/introspection")

    @Test func everyRegressionInputFailsClearlyOrPrintsSDLThatParses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        var ran = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
            if let sdl = try? IntrospectionSDL.sdl(response: bytes) {
                let parsed = Parser.parse(Source(name: file, text: sdl))
                #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(file): \(sdl)")
            }
            ran += 1
        }
        #expect(ran == files.count)
        #expect(ran >= 1, "no regression inputs in \(Self.folder.path)")
    }

    /// A default value is written as the value it parses to: text after it, such as a comment
    /// that would swallow the rest of the argument list, is not carried into the file.
    @Test func aDefaultValueIsWrittenAsTheValueItParsesTo() throws {
        func answer(_ defaultValue: String) -> [UInt8] {
            let value = String(decoding: try! JSONEncoder().encode(defaultValue), as: UTF8.self)
            return Array(
                """
                {"data":{"__schema":{"queryType":{"name":"Query"},"types":[{"kind":"OBJECT","name":"Query","fields":[
                {"name":"a","args":[{"name":"x","type":{"kind":"INPUT_OBJECT","name":"In"},"defaultValue":\(value)}],
                "type":{"kind":"SCALAR","name":"Int"}}]},{"kind":"INPUT_OBJECT","name":"In","inputFields":[
                {"name":"b","type":{"kind":"SCALAR","name":"Int"}},{"name":"c","type":{"kind":"SCALAR","name":"String"}}]}],
                "directives":[]}}}
                """.utf8)
        }
        let commented = try IntrospectionSDL.sdl(response: answer("{b: 5} # and the rest"))
        #expect(commented.contains("a(x: In = { b: 5 }): Int"), "\(commented)")
        #expect(!commented.contains("#"))
        let spaced = try IntrospectionSDL.sdl(response: answer("{ b: 5, c: \"#\" }"))
        #expect(spaced.contains(##"a(x: In = { b: 5, c: "#" }): Int"##), "\(spaced)")
        #expect(throws: IntrospectionSDL.Failure.self) { try IntrospectionSDL.sdl(response: answer("{b: 5} )")) }
    }

    /// An answer whose only type is introspection's (`__ery`) printed an empty file, which is no
    /// GraphQL document; it is a failure that says so.
    @Test func anAnswerWithNoTypesOfItsOwnFails() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("only-introspection-types")))
        #expect(throws: IntrospectionSDL.Failure(message: "the answer's schema defines no types of its own")) {
            try IntrospectionSDL.sdl(response: bytes)
        }
    }
}
