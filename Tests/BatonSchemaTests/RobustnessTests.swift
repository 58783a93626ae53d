import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// Hostile schemas: long chains and deep nesting end in diagnostics, never a crash or a
// stack overflow.
@Suite struct RobustnessTests {
    static let length = 5000

    @Test func longChainOfRequiredInputObjects() throws {
        var sdl = "type Query { a(x: I0): Int }\n"
        for i in 0..<Self.length { sdl += "input I\(i) { next: I\(i + 1)! }\n" }
        sdl += "input I\(Self.length) { loop: I\(Self.length)! }\n"
        let result = build(sdl)
        #expect(result.diagnostics.count == 1)
        #expect(
            result.diagnostics.first?.message
                == "Input Object I\(Self.length) cannot be provided a finite value because it references itself through fields: I\(Self.length).loop."
        )
    }

    @Test func longChainOfDefaultValues() throws {
        var sdl = "type Query { a(x: I0): Int }\n"
        for i in 0..<Self.length { sdl += "input I\(i) { next: I\(i + 1) = {} }\n" }
        sdl += "input I\(Self.length) { back: I0 = {} }\n"
        let result = build(sdl)
        #expect(result.diagnostics.count == 1)
        #expect(
            result.diagnostics.first?.message.hasPrefix(
                "Invalid circular reference. The default value of Input Object field I0.next references itself via the default values of: I1.next, I2.next,"
            ) == true)
    }

    @Test func longChainOfInterfaces() throws {
        var sdl = "type Query implements I0 { a: Int }\n"
        for i in 0..<Self.length { sdl += "interface I\(i) implements I\(i + 1) { a: Int }\n" }
        sdl += "interface I\(Self.length) implements I0 { a: Int }\n"
        let result = build(sdl)
        // Each type misses its interface's interface; nothing more, and quickly.
        #expect(result.diagnostics.count == Self.length + 2)
        let schema = try #require(result.schema)
        #expect(schema.isSubType(schema.typeIndex["Query"]!, of: schema.typeIndex["I0"]!))
        #expect(!schema.isSubType(schema.typeIndex["Query"]!, of: schema.typeIndex["I2"]!))
    }

    @Test func deeplyNestedTypesAndValues() throws {
        let depth = 150
        let type = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
        let value = String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
        let object = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
        let result = build(
            """
            input In { a: In }
            type Query { f(x: \(type) = \(value), y: In = \(object)): \(type) }
            """)
        #expect(result.diagnostics.count == 2)
        #expect(result.diagnostics.first?.message.hasPrefix("Query.f(x:) has invalid default value at [0][0]") == true)
        #expect(result.diagnostics.last?.message.hasSuffix(".a.a: Expected value of type 'In' to be an object, found: 1.") == true)
        #expect(result.schema?.type(named: "Query")?.field("f").map { result.schema!.text(of: $0.type) } == type)
    }
}
