import BatonDiagnostics
import BatonTransforms
import Testing

/// Bad or extreme input gives diagnostics, never a crash or a hang.
@Suite struct RobustnessTests {
    let compiler = Fixtures.compiler

    @Test func fragmentCyclesDoNotLoop() {
        let output = compiler.compile(
            """
            query Q { character(id: 1) { ...A } }
            fragment A on Character { name ...B }
            fragment B on Character { status ...A }
            fragment C on Character @argumentDefinitions(n: {type: "Int"}) { ...C @arguments(n: $n) }
            """)
        #expect(
            output.text("Q") == "query Q{character(id:1){...A,id}}fragment A on Character{name,...B}fragment B on Character{status,...A}")
    }

    @Test func longChainsOfFragmentsAndDeepSelections() {
        let depth = 150
        var document = "query Q { character(id: 1) { ...F0 } }\n"
        for i in 0..<400 {
            document += "fragment F\(i) on Character { name \(i < 399 ? "...F\(i + 1)" : "") }\n"
        }
        let nested = String(repeating: "origin { residents { ", count: depth / 2) + "id" + String(repeating: " } }", count: depth / 2)
        document += "query Deep { character(id: 1) { \(nested) } }\n"
        let output = compiler.compile(document)
        #expect(output.errors.isEmpty)
        #expect(output.text("Q")?.contains("fragment F399 on Character{name}") == true)
        #expect(output.text("Deep")?.hasPrefix("query Deep{character(id:1){origin{residents{origin{residents{") == true)
    }

    @Test func unknownNamesAndWrongShapesAreSkippedNotFatal() {
        let output = compiler.compile(
            """
            query Q($v: Nope) { character(id: 1) { nope { x } name { y } ...Missing ... on Nope { id } ... on Character { status } } }
            fragment G on Nope { id }
            query { tokenizer { id } }
            """)
        #expect(output.text("Q") == "query Q{character(id:1){status,id}}")
        #expect(output.error(containing: "named")?.hasPrefix("3:1: Baton needs every operation to be named") == true)
    }

    @Test func malformedDirectiveArgumentsAreReported() {
        let output = compiler.compile(
            """
            query Q { character(id: 1) { notes(first: 1) @connection(key: 3) { edges { cursor } } ...F @arguments(n: {a: 1}) } }
            fragment F on Character @argumentDefinitions(n: {type: "[Int!", defaultValue: 1}, m: {type: "Int", defaultValue: $x}) @refetchable(queryName: 5) { name }
            """)
        #expect(output.error(containing: "key argument to @connection to be a string literal") != nil)
        #expect(output.error(containing: "'[Int!' is not a GraphQL type")?.hasPrefix("2:56: ") == true)
        #expect(output.error(containing: "must be a constant") != nil)
        #expect(output.error(containing: "@refetchable needs a queryName") != nil)
    }
}

extension RobustnessTests {
    @Test func spreadsNestedBeyondTheLimitAreRefused() {
        let count = ApplyFragmentArguments.maxSpreadDepth + 20
        var document = "query Q { character(id: 1) { ...F0 } }\n"
        for i in 0..<count { document += "fragment F\(i) on Character { name ...F\(i + 1) }\n" }
        document += "fragment F\(count) on Character { name }\n"
        let output = compiler.compile(document)
        #expect(output.errors.count == 1)
        #expect(output.error(containing: "nest deeper than")?.hasPrefix("\(ApplyFragmentArguments.maxSpreadDepth + 1):") == true)
    }
}
